import { scheme } from './scheme.ts'
import { lambdaHandler } from '@crdconv/webhook/lambda'

export const handler = lambdaHandler(scheme)
