import { getConnInfo, handle } from 'hono/aws-lambda'
import { createApp, readSettings } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'
import { lambdaAppLimits } from './lambda-limits.ts'

export const handler = handle(
  createApp({
    scheme: exampleScheme,
    getConnInfo,
    ...lambdaAppLimits,
    ...readSettings(process.env),
  })
)
