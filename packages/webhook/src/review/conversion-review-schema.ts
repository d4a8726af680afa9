import { isPlainObject } from '../scheme/index.ts'

export const REVIEW_API_VERSIONS = [
  'apiextensions.k8s.io/v1',
  'apiextensions.k8s.io/v1beta1',
] as const

export type ReviewApiVersion = (typeof REVIEW_API_VERSIONS)[number]

/**
 * A `ConversionReview` request of either version, as the API server sends it. The `response`
 * stanza it also sends (`convertedObjects: null`) and any other field are ignored. Objects are
 * left raw: each is checked on its own, so one odd object fails the review with a message, not
 * a 400.
 */
export interface ConversionReviewRequest {
  readonly apiVersion: ReviewApiVersion
  readonly kind: 'ConversionReview'
  readonly request: {
    readonly uid: string
    readonly desiredAPIVersion: string
    readonly objects: unknown[]
  }
}

/** One thing wrong with a body that is not a `ConversionReview`: the field's path and why. */
export interface EnvelopeIssue {
  /** Dotted, `''` for the body itself: `request.uid`. */
  readonly path: string
  readonly message: string
}

/** The envelope of a body, or every field that keeps it from being one. */
export type EnvelopeReading =
  | { readonly ok: true; readonly envelope: ConversionReviewRequest }
  | { readonly ok: false; readonly issues: readonly [EnvelopeIssue, ...EnvelopeIssue[]] }

export interface ConversionResult {
  status: 'Success' | 'Failed'
  message?: string
}

/** The answer: same `apiVersion` as the request, `uid` echoed, objects only on success. */
export interface ConversionReviewResponse {
  apiVersion: ReviewApiVersion
  kind: 'ConversionReview'
  response: {
    uid: string
    result: ConversionResult
    convertedObjects?: unknown[]
  }
}

/**
 * Reads the envelope of a parsed body in one pass: what the API server sends gives its fields,
 * anything else every field at fault, by path, for the 400 answer.
 *
 * @example
 * ```ts
 * const reading = readReviewEnvelope(JSON.parse(text))
 * if (!reading.ok) console.error(reading.issues.map((issue) => issue.path))
 * ```
 */
export function readReviewEnvelope(body: unknown): EnvelopeReading {
  const [first, ...more] = envelopeIssues(body)
  if (first !== undefined) return { ok: false, issues: [first, ...more] }
  const { apiVersion, request } = body as unknown as ConversionReviewRequest
  const { uid, desiredAPIVersion, objects } = request
  return {
    ok: true,
    envelope: {
      apiVersion,
      kind: 'ConversionReview',
      request: { uid, desiredAPIVersion, objects },
    },
  }
}

function envelopeIssues(body: unknown): EnvelopeIssue[] {
  if (!isPlainObject(body)) return [expected('', 'object', body)]
  const issues: EnvelopeIssue[] = []
  const { apiVersion, kind, request } = body
  if (apiVersion !== REVIEW_API_VERSIONS[0] && apiVersion !== REVIEW_API_VERSIONS[1]) {
    const options = REVIEW_API_VERSIONS.map((version) => JSON.stringify(version)).join('|')
    issues.push({ path: 'apiVersion', message: `Invalid option: expected one of ${options}` })
  }
  if (kind !== 'ConversionReview') {
    issues.push({ path: 'kind', message: 'Invalid input: expected "ConversionReview"' })
  }
  if (!isPlainObject(request)) return [...issues, expected('request', 'object', request)]
  for (const field of ['uid', 'desiredAPIVersion'] as const) {
    const path = `request.${field}`
    const value = request[field]
    if (typeof value !== 'string') issues.push(expected(path, 'string', value))
    else if (value === '') issues.push({ path, message: 'must be a non-empty string' })
  }
  if (!Array.isArray(request['objects'])) {
    issues.push(expected('request.objects', 'array', request['objects']))
  }
  return issues
}

function expected(path: string, type: string, value: unknown): EnvelopeIssue {
  return { path, message: `Invalid input: expected ${type}, received ${jsonType(value)}` }
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}
