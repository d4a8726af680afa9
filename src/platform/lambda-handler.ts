import { getConnInfo, handle } from 'hono/aws-lambda'
import { createApp, readSettings } from '../http/index.ts'
import type { Scheme } from '../scheme/index.ts'
import { lambdaAppLimits } from './lambda-limits.ts'

/**
 * The webhook as an AWS Lambda handler behind a Function URL (or API Gateway): Lambda's body
 * limit with its advice, the client address from the request context, and the `CONVERT_*`
 * settings from the function's environment, read at cold start.
 *
 * @example
 * ```ts
 * // the EntryPoints of template.yaml
 * import { lambdaHandler } from 'crdconv/lambda'
 * export const handler = lambdaHandler(scheme)
 * ```
 */
export function lambdaHandler(scheme: Scheme): ReturnType<typeof handle> {
  return handle(
    createApp({ scheme, getConnInfo, ...lambdaAppLimits, ...readSettings(process.env) })
  )
}
