/** The example resources (CronTab, Backup; Cache, which the served scheme leaves out) and the scheme this repository serves. */
export { backup } from './backup/index.ts'
export { cache } from './cache/index.ts'
export { cronTab } from './crontab/index.ts'
export { scheme as exampleScheme } from './scheme.ts'
