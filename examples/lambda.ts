import { exampleScheme } from './index.ts'
import { lambdaHandler } from '@crdconv/webhook/lambda'

export const handler = lambdaHandler(exampleScheme)
