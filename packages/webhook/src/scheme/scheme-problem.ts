import { problem, type Problem, type ProblemCode } from './problem.ts'

/**
 * Why a scheme cannot be built or deployed: a mistake in a definition, found by `defineResource`,
 * `fieldMoves` or `createScheme` as the module loads, or by `checkDefinitions`, which the tooling
 * runs before anything is deployed. A `SchemeError` carries them as its
 * `issues`, as a zod error carries its issues.
 */
export const SCHEME_PROBLEM_CODES = [
  'group-invalid',
  'kind-invalid',
  'name-invalid',
  'name-repeated',
  'scope-invalid',
  'no-versions',
  'version-name-invalid',
  'storage-version-count',
  'nothing-served',
  'deprecation-warning-invalid',
  'column-invalid',
  'scale-path-invalid',
  'example-invalid',
  'crd-metadata-invalid',
  'converter-version-unknown',
  'converter-to-itself',
  'converter-declared-twice',
  'converter-not-a-function',
  'version-unreachable',
  'resource-defined-twice',
  'claim-scope-invalid',
  'move-version-unknown',
  'move-list-missing',
  'move-kind-unknown',
  'move-path-invalid',
  'move-path-framework',
  'move-path-unknown',
  'moved-twice',
  'move-parts-missing',
  'move-function-missing',
  'move-not-a-list',
  'way-back-not-derived',
  'annotation-place-invalid',
  'annotation-place-shared',
  'annotation-place-in-list',
] as const

export type SchemeProblemCode = ProblemCode<typeof SCHEME_PROBLEM_CODES>

/** One mistake in a definition; `path` names the field of the definition when there is one. */
export type SchemeProblem = Problem<SchemeProblemCode>

/** @example schemeProblem('kind-invalid', 'kind "cronTab" must be a CamelCase name like CronTab', 'kind') */
export function schemeProblem(
  code: SchemeProblemCode,
  message: string,
  path?: string
): SchemeProblem {
  return problem(code, message, path)
}

/** Whether a list of problems has one, typed so that `new SchemeError(subject, problems)` takes it. */
export function isNonEmpty(
  problems: readonly SchemeProblem[]
): problems is readonly [SchemeProblem, ...SchemeProblem[]] {
  return problems.length > 0
}
