import type * as prettier from 'prettier'
import { crdDifferences, describeChange, type CrdDifference } from './crd-difference.ts'
import { ImportError, NotCarriedError, type ImportProblem } from './import-problem.ts'
import { moduleBaseName, moduleSource, testSource } from './module-source.ts'
import { readCrdDocuments, type CrdDocument } from './read-crd-documents.ts'
import { regenerateCrd } from './regenerate-crd.ts'
import { planResource, type ResourcePlan } from './resource-plan.ts'

export interface ImportOptions {
  /** Write the modules even where the regenerated CRD would differ, with a warning each. */
  readonly lossy?: boolean
  /** Where the modules import crdconv from; default `crdconv`. */
  readonly packageName?: string
  /** Prettier options for the written files; default crdconv's own style. */
  readonly prettier?: prettier.Options
}

export interface ImportedFile {
  /** Relative to the output directory: `certificate.ts`, `certificate.test.ts`. */
  readonly path: string
  readonly content: string
}

export interface ImportResult {
  readonly files: readonly ImportedFile[]
  /** What the modules would not give back, under `lossy`. */
  readonly warnings: readonly string[]
}

/** How one CRD of the input compares with what crdconv regenerates from its import. */
export interface CrdCheck {
  readonly document: number
  readonly name: string
  readonly differences: readonly CrdDifference[]
}

const CRDCONV_STYLE: prettier.Options = {
  printWidth: 100,
  semi: false,
  singleQuote: true,
  trailingComma: 'es5',
}

/**
 * The TypeScript modules (and their round-trip tests) for every CRD in `text`, formatted. Throws
 * an `ImportError` naming document, JSON path and reason for input it refuses, and for anything
 * the modules would not give back unless `options.lossy`.
 *
 * @example
 * ```ts
 * const { files } = await importCrds(await readFile('crd.yaml', 'utf8'))
 * ```
 */
export async function importCrds(text: string, options: ImportOptions = {}): Promise<ImportResult> {
  const documents = readChecked(text)
  const { format } = await import('prettier')
  const warnings: string[] = []
  const lost: ImportProblem[] = []
  const files: ImportedFile[] = []
  const taken = new Set<string>()
  for (const { document, crd, plan } of documents) {
    const check = checkPlan(document, crd, plan)
    const found = problemsOf(check)
    if (options.lossy === true) warnings.push(...found.map((problem) => problemLine(problem)))
    else lost.push(...found)
    let base = moduleBaseName(plan.kind)
    if (taken.has(base)) base = `${base}-${String(plan.identity['group']).split('.')[0]}`
    if (taken.has(base)) {
      lost.push({ document, path: '.spec.names.kind', reason: `a second CRD of kind ${plan.kind}` })
    }
    taken.add(base)
    // babel-ts formats the same TypeScript as the typescript parser, about twice as fast
    const style = { ...CRDCONV_STYLE, ...options.prettier, parser: 'babel-ts' }
    const module = { packageName: options.packageName ?? '@crdconv/webhook' }
    files.push({
      path: `${base}.ts`,
      content: await format(moduleSource(plan, module), style),
    })
    files.push({
      path: `${base}.test.ts`,
      content: await format(testSource(plan, module), style),
    })
  }
  if (lost.length > 0) throw new NotCarriedError(lost)
  return { files, warnings }
}

/**
 * For every CRD in `text`: what the CRD crdconv regenerates from its import says differently
 * (`[]` = faithful). Throws an `ImportError` for input it refuses.
 */
export function checkCrds(text: string): CrdCheck[] {
  return readChecked(text).map(({ document, crd, plan }) => checkPlan(document, crd, plan))
}

interface Planned extends CrdDocument {
  readonly plan: ResourcePlan
}

function readChecked(text: string): Planned[] {
  const { crds, problems } = readCrdDocuments(text)
  if (problems.length > 0) throw new ImportError(problems)
  return crds.map((document) => ({ ...document, plan: planResource(document.crd) }))
}

function checkPlan(document: number, crd: CrdDocument['crd'], plan: ResourcePlan): CrdCheck {
  const name = crd.metadata?.name ?? `${String(crd.spec.names['plural'])}.${crd.spec.group}`
  const regenerated = regenerateCrd(plan)
  if (regenerated.crd === undefined || regenerated.problems.length > 0) {
    return {
      document,
      name,
      differences: regenerated.problems.map((problem) => ({
        path: '',
        keyword: '(module)',
        expected: 'a CRD',
        actual: problem,
      })),
    }
  }
  return { document, name, differences: crdDifferences(crd, regenerated.crd) }
}

function problemsOf(check: CrdCheck): ImportProblem[] {
  return check.differences.map((difference) => ({
    document: check.document,
    path: difference.path,
    reason: `cannot be carried: ${describeChange(difference)}`,
  }))
}

function problemLine(problem: ImportProblem): string {
  return `document ${problem.document}, ${problem.path || '(root)'}: ${problem.reason}`
}
