import type { Problem, ProblemCode } from '@crdconv/webhook/scheme'

/** Why a document cannot be imported: the machine-readable half of an {@link ImportProblem}. */
export const IMPORT_PROBLEM_CODES = [
  'not-yaml',
  'no-document',
  'not-a-crd',
  'crd-v1beta1',
  'crd-incomplete',
  'metadata-invalid',
  'schema-ref',
  'schema-not-structural',
  'kind-repeated',
  'not-carried',
] as const

export type ImportProblemCode = ProblemCode<typeof IMPORT_PROBLEM_CODES>

/** Why a document cannot be imported: which document, where in it, and why. */
export interface ImportProblem extends Problem<ImportProblemCode> {
  /** 0-based position of the document in the input (YAML stream or `List` items). */
  readonly document: number
  /** JSON path inside that document, like `.spec.versions[0].schema.openAPIV3Schema.properties.spec`. */
  readonly path: string
  /** Where in the text, for a problem found while reading it (a YAML syntax error). */
  readonly at?: { readonly line: number; readonly column: number }
}

/**
 * One line per problem: `document 1, .spec.versions: a CRD needs at least one version`, or with a
 * position and the `file` it is in, `crd.yaml:3:1: not YAML: …`.
 */
export function formatImportProblem(problem: ImportProblem, file?: string): string {
  if (problem.at !== undefined && file !== undefined) {
    return `${file}:${problem.at.line}:${problem.at.column}: ${problem.message}`
  }
  const where = problem.path === '' ? '' : `, ${problem.path}`
  return `document ${problem.document}${where}: ${problem.message}`
}

/** Thrown by `import` for input it refuses; nothing has been written. */
export class ImportError extends Error {
  override readonly name: string = 'ImportError'
  readonly problems: readonly ImportProblem[]

  constructor(problems: readonly ImportProblem[]) {
    super(problems.map((problem) => formatImportProblem(problem)).join('\n'))
    this.problems = problems
  }
}

/** Thrown by `import` where the modules would not give the CRD back (without `--lossy`). */
export class NotCarriedError extends ImportError {
  override readonly name: string = 'NotCarriedError'
}
