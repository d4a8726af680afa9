import {
  annotationsSize,
  isPlainObject,
  labelValueProblem,
  MAX_ANNOTATIONS_BYTES,
  qualifiedNameProblem,
} from '../scheme/index.ts'

/** One way an answer breaks a rule the API server applies to it (anchors §1.4). */
export interface AnswerViolation {
  /** Position in `request.objects`; `undefined` for the answer as a whole. */
  readonly index: number | undefined
  readonly rule: string
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
    return [{ index: undefined, rule: 'convertedObjects must be an array' }]
  }
  if (converted.length !== sent.length) {
    return [
      {
        index: undefined,
        rule: `convertedObjects has ${converted.length} objects, expected ${sent.length} (one per request object, in order)`,
      },
    ]
  }
  const violations: AnswerViolation[] = []
  for (let index = 0; index < sent.length; index++) {
    const rule = checkConvertedObject(sent[index], converted[index], desiredAPIVersion)
    if (rule !== undefined) violations.push({ index, rule })
  }
  return violations
}

/** The first rule the i-th converted object breaks, or `undefined` when the API server will take it. */
export function checkConvertedObject(
  sent: unknown,
  converted: unknown,
  desiredAPIVersion: string
): string | undefined {
  if (!isPlainObject(converted)) return 'the converted object is not a JSON object'
  const original = isPlainObject(sent) ? sent : {}
  if (converted['apiVersion'] !== desiredAPIVersion) {
    return `apiVersion is ${JSON.stringify(converted['apiVersion'])}, expected "${desiredAPIVersion}"`
  }
  if (converted['kind'] !== original['kind']) {
    return `kind changed from ${JSON.stringify(original['kind'])} to ${JSON.stringify(converted['kind'])}`
  }
  const metadata = converted['metadata']
  if (!isPlainObject(metadata)) return 'metadata is missing or not an object'
  const originalMetadata = isPlainObject(original['metadata']) ? original['metadata'] : {}
  for (const field of IDENTITY_FIELDS) {
    // the API server reads these as strings, a non-string being "" (unstructured GetName)
    if (stringOrEmpty(metadata[field]) !== stringOrEmpty(originalMetadata[field])) {
      return `metadata.${field} changed from ${JSON.stringify(originalMetadata[field])} to ${JSON.stringify(metadata[field])}`
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

type MapProblem = (map: Readonly<Record<string, string>>) => string | undefined

function checkStringMap(
  field: 'labels' | 'annotations',
  before: unknown,
  after: unknown,
  problem: MapProblem
): string | undefined {
  if (after === undefined || after === null) {
    const hadEntries = isPlainObject(before) && Object.keys(before).length > 0
    return hadEntries
      ? `metadata.${field} was dropped: the API server would delete every one of the object's ${field} (return ${field}: {} to remove them on purpose)`
      : undefined
  }
  if (!isPlainObject(after)) return `metadata.${field} must be a map of strings`
  for (const key in after) {
    if (typeof after[key] !== 'string') {
      return `metadata.${field}[${JSON.stringify(key)}] must be a string, not ${typeof after[key]}`
    }
  }
  // like the API server, only a changed map is validated
  return sameStringMap(before, after) ? undefined : problem(after as Record<string, string>)
}

function sameStringMap(before: unknown, after: Record<string, unknown>): boolean {
  if (before === after) return true
  if (!isPlainObject(before)) return false
  const keys = Object.keys(after)
  if (keys.length !== Object.keys(before).length) return false
  return keys.every((key) => before[key] === after[key])
}

function labelProblem(labels: Readonly<Record<string, string>>): string | undefined {
  for (const key in labels) {
    const keyProblem = qualifiedNameProblem(key)
    if (keyProblem !== undefined) return `metadata.labels key ${JSON.stringify(key)}: ${keyProblem}`
    const valueProblem = labelValueProblem(labels[key] as string)
    if (valueProblem !== undefined) {
      return `metadata.labels[${JSON.stringify(key)}] value: ${valueProblem}`
    }
  }
  return undefined
}

function annotationsProblem(annotations: Readonly<Record<string, string>>): string | undefined {
  for (const key in annotations) {
    const keyProblem = qualifiedNameProblem(key.toLowerCase())
    if (keyProblem !== undefined)
      return `metadata.annotations key ${JSON.stringify(key)}: ${keyProblem}`
  }
  const size = annotationsSize(annotations)
  if (size > MAX_ANNOTATIONS_BYTES) {
    return `metadata.annotations total ${size} bytes, more than the API server's limit of ${MAX_ANNOTATIONS_BYTES} (256 KiB)`
  }
  return undefined
}
