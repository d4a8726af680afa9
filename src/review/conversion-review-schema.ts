import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'

// zod/mini carries no messages of its own; English, as zod classic would set it, so that a 400
// says what is wrong whether or not a resource's schemas load zod classic
z.config(en())

export const REVIEW_API_VERSIONS = [
  'apiextensions.k8s.io/v1',
  'apiextensions.k8s.io/v1beta1',
] as const

export type ReviewApiVersion = (typeof REVIEW_API_VERSIONS)[number]

/**
 * A `ConversionReview` request of either version, as the API server sends it. The `response`
 * stanza it also sends (`convertedObjects: null`) is accepted and ignored. Objects are left raw:
 * each is checked on its own, so one odd object fails the review with a message, not a 400.
 */
export const ConversionReviewRequest = z.object({
  apiVersion: z.enum(REVIEW_API_VERSIONS),
  kind: z.literal('ConversionReview'),
  request: z.object({
    uid: z.string().check(z.minLength(1, 'must be a non-empty string')),
    desiredAPIVersion: z.string().check(z.minLength(1, 'must be a non-empty string')),
    objects: z.array(z.unknown()),
  }),
})

export type ConversionReviewRequest = z.infer<typeof ConversionReviewRequest>

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
