import { getConnInfo, handle } from 'hono/aws-lambda'
import { createApp, readSettings } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'

/** Lambda refuses events over 6 MB, and the body travels inside the event as escaped text. */
export const LAMBDA_MAX_BODY_BYTES = 6_000_000

export const handler = handle(
  createApp({
    scheme: exampleScheme,
    maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
    getConnInfo,
    ...readSettings(process.env),
  })
)
