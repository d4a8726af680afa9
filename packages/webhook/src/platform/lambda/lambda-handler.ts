import { getConnInfo, handle } from 'hono/aws-lambda'
import {
  createApp,
  LAMBDA_BODY_LIMIT_ADVICE,
  LAMBDA_MAX_BODY_BYTES,
  readSettings,
} from '../../http/index.ts'
import { encodeTokens, isConvertPath } from '../../http/path-token.ts'
import { embeddedMetricLines } from '../../metrics/index.ts'
import type { Scheme } from '../../scheme/index.ts'

type LambdaHandler = ReturnType<typeof handle>

/**
 * The webhook as an AWS Lambda handler behind a Function URL (or API Gateway): Lambda's body
 * limit with advice on what to do past it (so a review over Lambda's 6 MB gets a 413 that says
 * so, not an opaque error from AWS), the client address from the request context, and the
 * `CONVERT_*` settings from the function's environment, read at cold start. Each review's log
 * line carries its metrics in CloudWatch's Embedded Metric Format (namespace `crdconv`). The
 * path token is checked before the body is decoded: a request with a wrong token, or to any
 * other path, reaches the app without its body, so a base64 body costs nothing to refuse.
 *
 * @example
 * ```ts
 * // the EntryPoints of template.yaml
 * import { lambdaHandler } from '@crdconv/webhook/lambda'
 * export const handler = lambdaHandler(scheme)
 * ```
 */
export function lambdaHandler(scheme: Scheme): LambdaHandler {
  const settings = readSettings(process.env)
  const handler = handle(
    createApp({
      scheme,
      getConnInfo,
      maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
      bodyLimitAdvice: LAMBDA_BODY_LIMIT_ADVICE,
      ...settings,
      // the review's one line is written by the observer, with its metrics in it
      log: () => {},
      observe: embeddedMetricLines(scheme, (line) => {
        // eslint-disable-next-line no-console -- Lambda sends stdout to CloudWatch Logs
        console.log(line)
      }),
    })
  )
  const tokens = encodeTokens(settings.tokens ?? [])
  const open = tokens.length > 0 || settings.allowUnauthenticated === true
  const readsBody = (path: string) => open && isConvertPath(path, tokens)
  return (event, context) => handler(withBodyOnlyWhere(readsBody, event), context)
}

/**
 * The event as it is where `readsBody` takes its path, else without its body (never decoded). A
 * body marked base64 that is not base64 goes on as the text it is, which the app refuses as
 * not JSON (400); hono's adapter would throw on it and answer 500.
 */
function withBodyOnlyWhere<Event extends object>(
  readsBody: (path: string) => boolean,
  event: Event
): Event {
  const fields = event as { rawPath?: unknown; path?: unknown; body?: unknown }
  const { body, isBase64Encoded } = event as { body?: unknown; isBase64Encoded?: unknown }
  const eventPath = typeof fields.rawPath === 'string' ? fields.rawPath : fields.path
  if (typeof body !== 'string' || body === '') return event
  if (typeof eventPath !== 'string' || !readsBody(eventPath)) {
    return { ...event, body: undefined, isBase64Encoded: false }
  }
  if (isBase64Encoded === true && !isBase64(body)) return { ...event, isBase64Encoded: false }
  return event
}

// what `atob` takes, as AWS writes it (no whitespace); one linear pass
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

function isBase64(text: string): boolean {
  return text.length % 4 !== 1 && BASE64.test(text)
}
