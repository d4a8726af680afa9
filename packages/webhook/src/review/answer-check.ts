import {
  annotationsSize,
  isPlainObject,
  labelValueProblem,
  MAX_ANNOTATIONS_BYTES,
  problem,
  qualifiedNameProblem,
  type Problem,
  type ProblemCode,
} from '../scheme/index.ts'

/** Which rule of the API server's an answer breaks (anchors §1.4): the code of an {@link AnswerRule}. */
export const ANSWER_RULE_CODES = [
  'answer-not-an-array',
  'answer-count-differs',
  'not-an-object',
  'api-version-wrong',
  'kind-changed',
  'metadata-missing',
  'identity-changed',
  'map-dropped',
  'map-not-strings',
  'label-invalid',
  'annotation-key-invalid',
  'annotations-too-large',
] as const

export type AnswerRuleCode = ProblemCode<typeof ANSWER_RULE_CODES>

/** A rule of the API server's that an answer breaks; `path` is the metadata field, when one. */
export type AnswerRule = Problem<AnswerRuleCode>

/** One way an answer breaks a rule the API server applies to it (anchors §1.4). */
export interface AnswerViolation extends AnswerRule {
  /** Position in `request.objects`; `undefined` for the answer as a whole. */
  readonly index: number | undefined
}

/**
 * Checks a whole answer the way the API server will: same count and order, then every object.
 * Used before crdconv answers and by `crdconv probe` against a deployed webhook.
 */
export function checkConversionAnswer(
  sent: readonly unknown[],
  desiredAPIVersion: string,
  converted: unknown
): AnswerViolation[] {
  if (!Array.isArray(converted)) {
    return [
      { index: undefined, ...problem('answer-not-an-array', 'convertedObjects must be an array') },
    ]
  }
  if (converted.length !== sent.length) {
    return [
      {
        index: undefined,
        ...problem(
          'answer-count-differs',
          `convertedObjects must hold one object per request object, in order: ${sent.length} expected, ${converted.length} given`
        ),
      },
    ]
  }
  const violations: AnswerViolation[] = []
  for (let index = 0; index < sent.length; index++) {
    const rule = checkConvertedObject(sent[index], converted[index], desiredAPIVersion)
    if (rule !== undefined) violations.push({ index, ...rule })
  }
  return violations
}

/** The first rule the i-th converted object breaks, or `undefined` when the API server will take it. */
export function checkConvertedObject(
  sent: unknown,
  converted: unknown,
  desiredAPIVersion: string
): AnswerRule | undefined {
  if (!isPlainObject(converted))
    return problem('not-an-object', 'the converted object is not a JSON object')
  const original = isPlainObject(sent) ? sent : {}
  if (converted['apiVersion'] !== desiredAPIVersion) {
    return problem(
      'api-version-wrong',
      `apiVersion is ${JSON.stringify(converted['apiVersion'])}, expected "${desiredAPIVersion}"`,
      'apiVersion'
    )
  }
  if (converted['kind'] !== original['kind']) {
    return problem(
      'kind-changed',
      `kind changed from ${JSON.stringify(original['kind'])} to ${JSON.stringify(converted['kind'])}`,
      'kind'
    )
  }
  const metadata = converted['metadata']
  if (!isPlainObject(metadata))
    return problem('metadata-missing', 'metadata is missing or not an object', 'metadata')
  const originalMetadata = isPlainObject(original['metadata']) ? original['metadata'] : {}
  for (const field of IDENTITY_FIELDS) {
    // the API server reads these as strings, a non-string being "" (unstructured GetName)
    if (stringOrEmpty(metadata[field]) !== stringOrEmpty(originalMetadata[field])) {
      return problem(
        'identity-changed',
        `metadata.${field} changed from ${JSON.stringify(originalMetadata[field])} to ${JSON.stringify(metadata[field])}`,
        `metadata.${field}`
      )
    }
  }
  return (
    checkStringMap('labels', originalMetadata['labels'], metadata['labels'], labelProblem) ??
    checkStringMap(
      'annotations',
      originalMetadata['annotations'],
      metadata['annotations'],
      annotationsProblem
    )
  )
}

// module-level: an array literal in the loop head was allocated for every object checked
const IDENTITY_FIELDS = ['name', 'namespace', 'uid'] as const

function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

type MapProblem = (map: Readonly<Record<string, string>>) => AnswerRule | undefined

function checkStringMap(
  field: 'labels' | 'annotations',
  before: unknown,
  after: unknown,
  mapProblem: MapProblem
): AnswerRule | undefined {
  const path = `metadata.${field}`
  if (after === undefined || after === null) {
    const hadEntries = isPlainObject(before) && Object.keys(before).length > 0
    return hadEntries
      ? problem(
          'map-dropped',
          `${path} was dropped: the API server would delete every one of the object's ${field} (return ${field}: {} to remove them on purpose)`,
          path
        )
      : undefined
  }
  if (!isPlainObject(after))
    return problem('map-not-strings', `${path} must be a map of strings`, path)
  for (const key in after) {
    if (typeof after[key] !== 'string') {
      return problem(
        'map-not-strings',
        `${path}[${JSON.stringify(key)}] must be a string, not ${typeof after[key]}`,
        path
      )
    }
  }
  // like the API server, only a changed map is validated
  return sameStringMap(before, after) ? undefined : mapProblem(after as Record<string, string>)
}

function sameStringMap(before: unknown, after: Record<string, unknown>): boolean {
  if (before === after) return true
  if (!isPlainObject(before)) return false
  const keys = Object.keys(after)
  if (keys.length !== Object.keys(before).length) return false
  return keys.every((key) => before[key] === after[key])
}

function labelProblem(labels: Readonly<Record<string, string>>): AnswerRule | undefined {
  for (const key in labels) {
    const keyProblem = qualifiedNameProblem(key)
    if (keyProblem !== undefined) {
      const message = `metadata.labels key ${JSON.stringify(key)}: ${keyProblem}`
      return problem('label-invalid', message, 'metadata.labels')
    }
    const valueProblem = labelValueProblem(labels[key] as string)
    if (valueProblem !== undefined) {
      const message = `metadata.labels[${JSON.stringify(key)}] value: ${valueProblem}`
      return problem('label-invalid', message, 'metadata.labels')
    }
  }
  return undefined
}

function annotationsProblem(annotations: Readonly<Record<string, string>>): AnswerRule | undefined {
  for (const key in annotations) {
    const keyProblem = qualifiedNameProblem(key.toLowerCase())
    if (keyProblem !== undefined) {
      const message = `metadata.annotations key ${JSON.stringify(key)}: ${keyProblem}`
      return problem('annotation-key-invalid', message, 'metadata.annotations')
    }
  }
  const size = annotationsSize(annotations)
  if (size > MAX_ANNOTATIONS_BYTES) {
    return problem(
      'annotations-too-large',
      `metadata.annotations total ${size} bytes, more than the API server's limit of ${MAX_ANNOTATIONS_BYTES} (256 KiB)`,
      'metadata.annotations'
    )
  }
  return undefined
}
