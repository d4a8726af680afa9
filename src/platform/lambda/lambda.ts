import { exampleScheme } from '../../resources/index.ts'
import { lambdaHandler } from './lambda-handler.ts'

export const handler = lambdaHandler(exampleScheme)
