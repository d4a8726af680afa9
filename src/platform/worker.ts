import { createApp } from '../http/index.ts'
import { exampleScheme } from '../resources/index.ts'

export default createApp({ scheme: exampleScheme })
