/**
 * The repository's scheme module, the file `--scheme ./src/scheme.ts` names in the README: the
 * built-in CronTab and Backup examples. A project of your own exports its scheme the same way.
 *
 * @example
 * ```sh
 * npx crdconv crd --scheme ./src/scheme.ts --url https://crdconv.example.workers.dev/convert
 * ```
 */
export { exampleScheme as scheme } from './resources/index.ts'
