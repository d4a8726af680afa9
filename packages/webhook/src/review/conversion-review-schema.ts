import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import { isPlainObject } from '../scheme/index.ts'

export const REVIEW_API_VERSIONS = [
  'apiextensions.k8s.io/v1',
  'apiextensions.k8s.io/v1beta1',
] as const

export type ReviewApiVersion = (typeof REVIEW_API_VERSIONS)[number]

function buildConversionReviewRequest() {
  return z.object({
    apiVersion: z.enum(REVIEW_API_VERSIONS),
    kind: z.literal('ConversionReview'),
    request: z.object({
      uid: z.string().check(z.minLength(1, 'must be a non-empty string')),
      desiredAPIVersion: z.string().check(z.minLength(1, 'must be a non-empty string')),
      objects: z.array(z.unknown()),
    }),
  })
}

let conversionReviewRequest: ReturnType<typeof buildConversionReviewRequest> | undefined

/**
 * The zod schema of a `ConversionReview` request of either version, as the API server sends it.
 * The `response` stanza it also sends (`convertedObjects: null`) is accepted and ignored. Objects
 * are left raw: each is checked on its own, so one odd object fails the review with a message,
 * not a 400. Built on first use: only a body `readReviewEnvelope` does not take needs it.
 *
 * @example
 * ```ts
 * const parsed = conversionReviewRequestSchema().safeParse(JSON.parse(body))
 * ```
 */
export function conversionReviewRequestSchema(): ReturnType<typeof buildConversionReviewRequest> {
  return (conversionReviewRequest ??= buildConversionReviewRequest())
}

let englishMessages: z.core.$ZodErrorMap | undefined

/**
 * Parses a body with `conversionReviewRequestSchema()`, its issues in English: zod/mini carries no
 * messages of its own, and the error map goes with this parse only, never into zod's global
 * config, so a user's own `z.config(...)` locale stays theirs.
 */
export function parseConversionReviewRequest(body: unknown) {
  englishMessages ??= en().localeError
  return conversionReviewRequestSchema().safeParse(body, { error: englishMessages })
}

export type ConversionReviewRequest = z.infer<ReturnType<typeof buildConversionReviewRequest>>

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
 * The envelope of a body that is exactly what the API server sends, read without zod (the common
 * case, kept cheap); `undefined` for anything else, which `parseConversionReviewRequest` then
 * parses and describes. It accepts only what the schema accepts,
 * and gives back the same fields (a property test holds the two together).
 */
export function readReviewEnvelope(body: unknown): ConversionReviewRequest | undefined {
  if (!isPlainObject(body) || body['kind'] !== 'ConversionReview') return undefined
  const apiVersion = body['apiVersion']
  if (apiVersion !== REVIEW_API_VERSIONS[0] && apiVersion !== REVIEW_API_VERSIONS[1])
    return undefined
  const request = body['request']
  if (!isPlainObject(request)) return undefined
  const { uid, desiredAPIVersion, objects } = request
  if (typeof uid !== 'string' || uid === '') return undefined
  if (typeof desiredAPIVersion !== 'string' || desiredAPIVersion === '') return undefined
  if (!Array.isArray(objects)) return undefined
  return { apiVersion, kind: 'ConversionReview', request: { uid, desiredAPIVersion, objects } }
}
