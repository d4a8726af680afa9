import { createScheme } from '../scheme/index.ts'
import { backup } from './backup/index.ts'
import { cronTab } from './crontab/index.ts'

export { backup } from './backup/index.ts'
export { cronTab } from './crontab/index.ts'

/** The scheme `npm start`, the Worker and the Lambda serve out of the box. */
export const exampleScheme = createScheme([cronTab, backup])
