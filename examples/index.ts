/** The example resources (CronTab, Backup) and the scheme this repository serves. */
export { backup } from './backup/index.ts'
export { cronTab } from './crontab/index.ts'
export { scheme as exampleScheme } from './scheme.ts'
