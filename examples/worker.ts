import { exampleScheme } from './index.ts'
import { workerApp } from '@crdconv/webhook/worker'

export default workerApp(exampleScheme)
