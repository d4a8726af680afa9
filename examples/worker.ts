import { scheme } from './scheme.ts'
import { workerApp } from '@crdconv/webhook/worker'

export default workerApp(scheme)
