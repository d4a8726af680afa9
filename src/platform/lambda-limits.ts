import type { AppOptions } from '../http/index.ts'

/** Lambda's synchronous invocation payload limit for the request event, in bytes (6 MB). */
export const LAMBDA_REQUEST_PAYLOAD_BYTES = 6 * 1024 * 1024

/** Lambda's limit for the result the handler returns, in bytes (measured: 100 bytes above the request's). */
export const LAMBDA_RESPONSE_PAYLOAD_BYTES = LAMBDA_REQUEST_PAYLOAD_BYTES + 100

/**
 * The body limit of the app on Lambda. The body travels inside the event JSON as an escaped string
 * (every `"` costs two bytes there), and the answer, about as large and escaped again, must fit the
 * response limit too: 5 MiB leaves the rest of the 6 MB for escaping, headers and an answer that grew.
 */
export const LAMBDA_MAX_BODY_BYTES = 5 * 1024 * 1024

/** What the 413 on Lambda tells the cluster operator: the size is not theirs to change. */
export const LAMBDA_BODY_LIMIT_ADVICE =
  'AWS Lambda carries at most 6 MB per invocation, with the body inside the event, so this review cannot reach a Lambda webhook whole. ' +
  'The API server decides how many objects go in one review (a list of N stored objects is one review), so sending fewer is not in your hands: ' +
  'serve this CRD from the Cloudflare Workers target (plans allow 100 MB and more per request) or the Node server, where you set the limit (see docs/platforms.md)'

/**
 * The app options every Lambda entry passes to `createApp`, so a review over Lambda's limits gets a
 * 413 that says what to do rather than an opaque error from AWS.
 *
 * @example
 * ```ts
 * handle(createApp({ scheme, ...lambdaAppLimits })) // what lambdaHandler(scheme) does
 * ```
 */
export const lambdaAppLimits = {
  maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
  bodyLimitAdvice: LAMBDA_BODY_LIMIT_ADVICE,
} as const satisfies Partial<AppOptions>
