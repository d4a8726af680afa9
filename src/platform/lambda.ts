import { handle } from 'hono/aws-lambda'
import { createApp } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'
import { lambdaAppLimits } from './lambda-limits.ts'

export const handler = handle(createApp({ scheme: exampleScheme, ...lambdaAppLimits }))
