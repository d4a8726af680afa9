import { getConnInfo, handle } from 'hono/aws-lambda'
import {
  createApp,
  LAMBDA_BODY_LIMIT_ADVICE,
  LAMBDA_MAX_BODY_BYTES,
  readSettings,
} from '../../http/index.ts'
import { embeddedMetricLines } from '../../metrics/index.ts'
import type { Scheme } from '../../scheme/index.ts'

/**
 * The webhook as an AWS Lambda handler behind a Function URL (or API Gateway): Lambda's body
 * limit with advice on what to do past it (so a review over Lambda's 6 MB gets a 413 that says
 * so, not an opaque error from AWS), the client address from the request context, and the
 * `CONVERT_*` settings from the function's environment, read at cold start. Each review's log
 * line carries its metrics in CloudWatch's Embedded Metric Format (namespace `crdconv`).
 *
 * @example
 * ```ts
 * // the EntryPoints of template.yaml
 * import { lambdaHandler } from '@crdconv/webhook/lambda'
 * export const handler = lambdaHandler(scheme)
 * ```
 */
export function lambdaHandler(scheme: Scheme): ReturnType<typeof handle> {
  return handle(
    createApp({
      scheme,
      getConnInfo,
      maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
      bodyLimitAdvice: LAMBDA_BODY_LIMIT_ADVICE,
      ...readSettings(process.env),
      // the review's one line is written by the observer, with its metrics in it
      log: () => {},
      observe: embeddedMetricLines(scheme, (line) => {
        // eslint-disable-next-line no-console -- Lambda sends stdout to CloudWatch Logs
        console.log(line)
      }),
    })
  )
}
