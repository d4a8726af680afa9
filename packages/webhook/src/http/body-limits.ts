// The default body limit of each platform, in one place; CONVERT_MAX_BODY_BYTES overrides them.

const MiB = 1024 * 1024

/** The Node server's default: the API server's own request limit is 3 MiB per object. */
export const DEFAULT_MAX_BODY_BYTES = 10 * MiB

/**
 * Below the largest review that converts inside one 128 MiB Workers isolate (about 22 MiB of
 * dense objects, measured by `npm run measure:body-limit`), leaving room for a second large
 * review in the same isolate.
 */
export const WORKERS_MAX_BODY_BYTES = 8 * MiB

/** Lambda's synchronous invocation payload limit for the request event, in bytes (6 MB). */
export const LAMBDA_REQUEST_PAYLOAD_BYTES = 6 * MiB

/** Lambda's limit for the result the handler returns, in bytes (measured: 100 bytes above the request's). */
export const LAMBDA_RESPONSE_PAYLOAD_BYTES = LAMBDA_REQUEST_PAYLOAD_BYTES + 100

/**
 * The body limit of the app on Lambda. The body travels inside the event JSON as an escaped string
 * (every `"` costs two bytes there), and the answer, about as large and escaped again, must fit the
 * response limit too: 5 MiB leaves the rest of the 6 MB for escaping, headers and an answer that grew.
 */
export const LAMBDA_MAX_BODY_BYTES = 5 * MiB

/** What the 413 on Lambda tells the cluster operator: the size is not theirs to change. */
export const LAMBDA_BODY_LIMIT_ADVICE =
  'AWS Lambda carries at most 6 MB per invocation, with the body inside the event, so this review cannot reach a Lambda webhook whole. ' +
  'The API server decides how many objects go in one review (a list of N stored objects is one review), so sending fewer is not in your hands: ' +
  'serve this CRD from the Cloudflare Workers target (plans allow 100 MB and more per request) or the Node server, where you set the limit (see docs/platforms.md)'
