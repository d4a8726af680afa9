import { getConnInfo, handle } from 'hono/aws-lambda'
import { createApp, readSettings } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'
import { LAMBDA_MAX_BODY_BYTES } from './platform-limits.ts'

export const handler = handle(
  createApp({
    scheme: exampleScheme,
    maxBodyBytes: LAMBDA_MAX_BODY_BYTES,
    getConnInfo,
    ...readSettings(process.env),
  })
)
