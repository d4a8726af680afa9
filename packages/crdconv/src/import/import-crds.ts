import type * as prettier from 'prettier'
import { crdDifferences, describeChange, type CrdDifference } from './crd-difference.ts'
import { ImportError, NotCarriedError, type ImportProblem } from './import-problem.ts'
import type { LeftOutAnnotation } from './crd-metadata-plan.ts'
import { descriptionsSource, hasDescriptions } from './descriptions-source.ts'
import { moduleBaseName, moduleSource, resourceIdentifier, testSource } from './module-source.ts'
import { readCrdDocuments, type CrdDocument, type CrdInput } from './read-crd-documents.ts'
import { opaqueSubtrees, type OpaqueSubtree } from '../crd/index.ts'
import { regenerateCrd } from './regenerate-crd.ts'
import { planResource, type PlanOptions, type ResourcePlan } from './resource-plan.ts'
import { opaqueFields, todoCounts, type TodoCategory } from './todo-summary.ts'

export interface ImportOptions extends PlanOptions {
  /** Write the modules even where the regenerated CRD would differ, with a warning each. */
  readonly lossy?: boolean
  /** Where the modules import the runtime from; default `@crdconv/webhook`. */
  readonly packageName?: string
  /** Prettier options for the written files; default crdconv's own style. */
  readonly prettier?: prettier.Options
  /**
   * Where the files go: `flat` (default) puts each module and its test side by side;
   * `project` lays them out for a project made by `crdconv init`: `src/resources/<module>.ts`
   * and `test/resources/<module>.test.ts`, where the project's vitest finds it.
   */
  readonly layout?: 'flat' | 'project'
}

/** Where a project made by `crdconv init` keeps imported modules, and their tests. */
export const PROJECT_MODULE_DIR = 'src/resources'
export const PROJECT_TEST_DIR = 'test/resources'

/**
 * What a module's descriptions module adds to its name: `machine.descriptions.ts` beside
 * `machine.ts`. crdconv's commands load the scheme module's one (`src/scheme.descriptions.ts`).
 */
export const DESCRIPTIONS_SUFFIX = '.descriptions.ts'

export interface ImportedFile {
  /** Relative to the output directory: `certificate.ts`, `certificate.test.ts`. */
  readonly path: string
  readonly content: string
}

/** One imported kind: where its module went and what is left to decide. */
export interface ImportedResource {
  readonly kind: string
  readonly group: string
  /** The resource's exported name in its module: `machine`. */
  readonly identifier: string
  readonly module: ImportedFile['path']
  /** The module of its descriptions, which only crdconv's commands load; none without any. */
  readonly descriptions?: ImportedFile['path']
  readonly test: ImportedFile['path']
  /** The TODOs the module leaves, by what deciding them takes. */
  readonly todos: Readonly<Record<TodoCategory, number>>
  /** The CRD's annotations the module does not carry, on purpose. */
  readonly leftOut: readonly LeftOutAnnotation[]
  /**
   * With several versions: the fields no schema describes (`.spec.taskSpec`), whose conversion no
   * TODO names; the converters carry them over as they are.
   */
  readonly opaque: readonly string[]
  /** With several versions: whether the CRD names a conversion webhook (strategy `Webhook`). */
  readonly convertedByWebhook: boolean
  /** Its opaque subtrees, in any version: where only examples or recorded objects show shapes. */
  readonly opaqueSubtrees: readonly OpaqueSubtree[]
  /**
   * Imported from a Crossplane XRD: the module exports the XRD (`defineXrd`), which a scheme
   * serves as `...<identifier>.resources`, the composite resource and, where offered, the claim.
   */
  readonly xrd?: { readonly claimKind?: string }
}

export interface ImportResult {
  readonly files: readonly ImportedFile[]
  readonly resources: readonly ImportedResource[]
  /** What the modules would not give back, under `lossy`. */
  readonly warnings: readonly string[]
}

/** How one CRD of the input compares with what crdconv regenerates from its import. */
export interface CrdCheck {
  readonly document: number
  readonly name: string
  readonly differences: readonly CrdDifference[]
  /** The CRD's annotations an import leaves out on purpose: not differences. */
  readonly leftOut: readonly LeftOutAnnotation[]
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
  const documents = readChecked(text, options)
  const { format } = await import('prettier')
  const warnings: string[] = []
  const lost: ImportProblem[] = []
  const files: ImportedFile[] = []
  const resources: ImportedResource[] = []
  const taken = new Set<string>()
  const project = options.layout === 'project'
  for (const { document, crd, plan } of documents) {
    const check = checkPlan(document, crd, plan)
    const found = problemsOf(check)
    if (options.lossy === true) warnings.push(...found.map((problem) => problemLine(problem)))
    else lost.push(...found)
    let base = moduleBaseName(plan.kind)
    if (taken.has(base)) base = `${base}-${String(plan.identity['group']).split('.')[0]}`
    if (taken.has(base)) {
      lost.push({
        document,
        path: '.spec.names.kind',
        code: 'kind-repeated',
        message: `a second CRD of kind ${plan.kind}`,
      })
    }
    taken.add(base)
    // babel-ts formats the same TypeScript as the typescript parser, about twice as fast
    const style = { ...CRDCONV_STYLE, ...options.prettier, parser: 'babel-ts' }
    const modulePath = project ? `${PROJECT_MODULE_DIR}/${base}.ts` : `${base}.ts`
    const testPath = project ? `${PROJECT_TEST_DIR}/${base}.test.ts` : `${base}.test.ts`
    const module = {
      packageName: options.packageName ?? '@crdconv/webhook',
      moduleImport: project ? `../../${modulePath}` : `./${base}.ts`,
    }
    files.push({ path: modulePath, content: await format(moduleSource(plan, module), style) })
    files.push({ path: testPath, content: await format(testSource(plan, module), style) })
    const descriptionsPath = modulePath.replace(/\.ts$/, DESCRIPTIONS_SUFFIX)
    if (hasDescriptions(plan)) {
      const source = descriptionsSource(plan, `./${base}.ts`)
      files.push({ path: descriptionsPath, content: await format(source, style) })
    }
    resources.push({
      kind: plan.kind,
      group: String(plan.identity['group']),
      identifier: resourceIdentifier(plan.kind),
      module: modulePath,
      test: testPath,
      ...(hasDescriptions(plan) ? { descriptions: descriptionsPath } : {}),
      todos: todoCounts(plan),
      leftOut: plan.leftOut,
      opaque: plan.versions.length > 1 ? opaqueFields(crd) : [],
      convertedByWebhook:
        plan.versions.length > 1 && crd.spec.conversion?.['strategy'] === 'Webhook',
      opaqueSubtrees: opaqueSubtreesOf(crd),
    })
  }
  if (lost.length > 0) throw new NotCarriedError(lost)
  return { files, resources, warnings }
}

/** The opaque subtrees of every version of `crd`, each field and kind once. */
function opaqueSubtreesOf(crd: CrdInput): OpaqueSubtree[] {
  const found = new Map<string, OpaqueSubtree>()
  for (const version of crd.spec.versions) {
    for (const place of opaqueSubtrees(version.schema?.openAPIV3Schema ?? {})) {
      found.set(`${place.field} ${place.kind}`, place)
    }
  }
  return [...found.values()]
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

function readChecked(text: string, options: PlanOptions = {}): Planned[] {
  const { crds, problems } = readCrdDocuments(text)
  if (problems.length > 0) throw new ImportError(problems)
  return crds.map((document) => ({ ...document, plan: planResource(document.crd, options) }))
}

function checkPlan(document: number, crd: CrdDocument['crd'], plan: ResourcePlan): CrdCheck {
  const name = crd.metadata?.name ?? `${String(crd.spec.names['plural'])}.${crd.spec.group}`
  const regenerated = regenerateCrd(plan)
  if (regenerated.crd === undefined || regenerated.problems.length > 0) {
    return {
      document,
      name,
      leftOut: plan.leftOut,
      differences: regenerated.problems.map((problem) => ({
        path: '',
        keyword: '(module)',
        expected: 'a CRD',
        actual: problem,
      })),
    }
  }
  return {
    document,
    name,
    leftOut: plan.leftOut,
    differences: crdDifferences(crd, regenerated.crd),
  }
}

function problemsOf(check: CrdCheck): ImportProblem[] {
  return check.differences.map((difference) => ({
    document: check.document,
    path: difference.path,
    code: 'not-carried' as const,
    message: `cannot be carried: ${describeChange(difference)}`,
  }))
}

function problemLine(problem: ImportProblem): string {
  return `document ${problem.document}, ${problem.path || '(root)'}: ${problem.message}`
}
