import { exampleScheme } from '../../resources/index.ts'
import { workerApp } from './worker-app.ts'

export default workerApp(exampleScheme)
