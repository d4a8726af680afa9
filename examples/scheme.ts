/**
 * The examples' scheme module, the one this repository's package.json names
 * (`"crdconv": { "scheme": "examples/scheme.ts" }`): the CronTab and Backup examples. A project
 * of your own exports its scheme the same way, from `src/scheme.ts`.
 *
 * @example
 * ```sh
 * npx crdconv crd --scheme examples/scheme.ts --url https://crdconv.example.workers.dev/convert
 * ```
 */
import { createScheme } from '@crdconv/webhook'
import { backup } from './backup/index.ts'
import { cronTab } from './crontab/index.ts'

/** The scheme `npm start`, the Worker and the Lambda serve out of the box. */
export const scheme = createScheme([cronTab, backup])
