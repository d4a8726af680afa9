// `crdconv import` of Crossplane XRDs: each XRD read as the CRD of its composite resource (the
// author's schemas, storage at the referenceable version), imported by the CRD importer, and its
// module turned into one `defineXrd` that serves the XR and, where the XRD offers one, the claim.
import { parseAllDocuments, stringify } from 'yaml'
import {
  checkCrds,
  ImportError,
  importCrds,
  type CrdCheck,
  type ImportOptions,
  type ImportProblem,
  type ImportResult,
} from '../import/index.ts'

type Json = Record<string, unknown>

const XRD_GROUP = 'apiextensions.crossplane.io/'

interface ReadXrd {
  readonly document: number
  readonly xrd: Json
  readonly spec: Json
  readonly names: Json
  readonly claimNames?: Json
  readonly scope: 'LegacyCluster' | 'Namespaced' | 'Cluster'
  readonly apiVersion: string
}

/**
 * Whether `text` (YAML or JSON, several documents) holds a Crossplane CompositeResourceDefinition.
 *
 * @example
 * ```ts
 * if (holdsXrds(text)) await importXrds(text)
 * ```
 */
export function holdsXrds(text: string): boolean {
  try {
    return parseAllDocuments(text).some((document) => isXrd(document.toJS() as unknown))
  } catch {
    return false
  }
}

function isXrd(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null) return false
  const { apiVersion, kind } = value as Json
  return (
    kind === 'CompositeResourceDefinition' &&
    typeof apiVersion === 'string' &&
    apiVersion.startsWith(XRD_GROUP)
  )
}

/**
 * The modules and round-trip tests for every XRD in `text`, as `importCrds` writes them for CRDs
 * (beside each other, or laid out for a project with `layout: 'project'`), each module declaring
 * its XRD with `defineXrd`: the author's schemas and converters once, for the composite resource
 * and the claim; each resource says so in `xrd`, so that `--into` spreads its `.resources`.
 * Throws an `ImportError` for input it refuses, naming the document and the field.
 *
 * @example
 * ```ts
 * const { files } = await importXrds(await readFile('xrd.yaml', 'utf8'))
 * ```
 */
export async function importXrds(text: string, options: ImportOptions = {}): Promise<ImportResult> {
  const xrds = readXrds(text)
  // Crossplane gives every version of both CRDs a spec and a status of its own fields
  const result = await importCrds(crdsText(xrds), {
    ...options,
    objectsAtEveryVersion: ['spec', 'status'],
  })
  const { format } = await import('prettier')
  const style = { printWidth: 100, semi: false, singleQuote: true, trailingComma: 'es5' as const }
  const files = await Promise.all(
    result.files.map(async (file) => {
      const resource = result.resources.find(
        (entry) =>
          entry.module === file.path || entry.test === file.path || entry.descriptions === file.path
      )
      const xrd = xrds[result.resources.indexOf(resource as never)]
      if (resource === undefined || xrd === undefined) return file
      const content =
        file.path === resource.module
          ? xrdModule(file.content, resource.identifier, xrd)
          : file.path === resource.test
            ? xrdTest(file.content, resource.identifier)
            : xrdDescriptions(file.content)
      return {
        ...file,
        content: await format(content, { ...style, ...options.prettier, parser: 'babel-ts' }),
      }
    })
  )
  const resources = result.resources.map((resource, index) => {
    const claimKind = xrds[index]?.claimNames?.['kind']
    return { ...resource, xrd: typeof claimKind === 'string' ? { claimKind } : {} }
  })
  return { ...result, files, resources }
}

/**
 * For every XRD in `text`: what the CRD crdconv regenerates from its import says differently.
 *
 * @example
 * ```ts
 * checkXrds(text).every((check) => check.differences.length === 0)
 * ```
 */
export function checkXrds(text: string): CrdCheck[] {
  return checkCrds(crdsText(readXrds(text)))
}

function readXrds(text: string): ReadXrd[] {
  const problems: ImportProblem[] = []
  const xrds: ReadXrd[] = []
  const documents = parseAllDocuments(text)
  documents.forEach((parsed, document) => {
    const value = parsed.toJS() as unknown
    if (value === null || value === undefined) return
    if (!isXrd(value)) {
      problems.push({
        document,
        path: '.kind',
        code: 'not-a-crd',
        message:
          'not a CompositeResourceDefinition (apiextensions.crossplane.io): import XRDs and CRDs from separate files',
      })
      return
    }
    const apiVersion = String(value['apiVersion'])
    const spec = (value['spec'] ?? {}) as Json
    const names = spec['names'] as Json | undefined
    const missing = (path: string, message: string) =>
      problems.push({ document, path, code: 'crd-incomplete', message })
    if (typeof spec['group'] !== 'string') return missing('.spec.group', 'the XRD has no group')
    if (typeof names?.['kind'] !== 'string' || typeof names['plural'] !== 'string') {
      return missing('.spec.names', 'the XRD names no kind and plural')
    }
    const versions = spec['versions']
    if (!Array.isArray(versions) || versions.length === 0) {
      return missing('.spec.versions', 'the XRD has no versions')
    }
    const modern = apiVersion === `${XRD_GROUP}v2`
    const scope = (spec['scope'] ?? (modern ? 'Namespaced' : 'LegacyCluster')) as ReadXrd['scope']
    const claimNames = spec['claimNames'] as Json | undefined
    if (claimNames !== undefined && scope !== 'LegacyCluster') {
      return missing(
        '.spec.claimNames',
        `a ${scope} XR has no claim (claimNames needs scope LegacyCluster)`
      )
    }
    if (!versions.some((version: Json) => version['referenceable'] === true)) {
      return missing(
        '.spec.versions',
        'no version is referenceable: Crossplane stores both kinds at it'
      )
    }
    xrds.push({
      document,
      xrd: value,
      spec,
      names,
      scope,
      apiVersion,
      ...(claimNames === undefined ? {} : { claimNames }),
    })
  })
  if (problems.length > 0) throw new ImportError(problems)
  return xrds
}

// the CRD Crossplane renders for the composite resource, without Crossplane's own fields
function crdsText(xrds: readonly ReadXrd[]): string {
  return xrds
    .map(({ spec, names, scope }) =>
      stringify({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: `${String(names['plural'])}.${String(spec['group'])}` },
        spec: {
          group: spec['group'],
          names,
          scope: scope === 'Namespaced' ? 'Namespaced' : 'Cluster',
          versions: (spec['versions'] as Json[]).map((version) => ({
            name: version['name'],
            served: version['served'] ?? true,
            storage: version['referenceable'] === true,
            ...(version['deprecated'] === true ? { deprecated: true } : {}),
            ...(version['deprecationWarning'] === undefined
              ? {}
              : { deprecationWarning: version['deprecationWarning'] }),
            schema: (version['schema'] as Json | undefined) ?? {
              openAPIV3Schema: { type: 'object' },
            },
            ...(version['additionalPrinterColumns'] === undefined
              ? {}
              : { additionalPrinterColumns: version['additionalPrinterColumns'] }),
            // an XRD version offers /scale alone: Crossplane serves /status on every one itself
            ...(scaleOf(version) === undefined
              ? {}
              : { subresources: { scale: scaleOf(version) } }),
          })),
        },
      })
    )
    .join('---\n')
}

function scaleOf(version: Json): unknown {
  return ((version['subresources'] ?? {}) as Json)['scale']
}

// the imported module, its resource made the XRD: names with their kind, the XRD's scope, the
// claim's names, and what else the XRD holds (written back by `crdconv crd`)
function xrdModule(source: string, identifier: string, read: ReadXrd): string {
  const { spec, xrd } = read
  const rest: Json = {}
  for (const [key, value] of Object.entries(spec)) {
    if (!['group', 'names', 'claimNames', 'scope', 'versions', 'conversion'].includes(key)) {
      rest[key] = value
    }
  }
  const metadata = { ...((xrd['metadata'] ?? {}) as Json) }
  for (const key of [
    'name',
    'uid',
    'resourceVersion',
    'generation',
    'creationTimestamp',
    'managedFields',
  ]) {
    delete metadata[key]
  }
  const document = {
    apiVersion: read.apiVersion,
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...(Object.keys(rest).length > 0 ? { spec: rest } : {}),
  }
  return (
    source
      .replace(
        '// Written by `crdconv import` from the CRD',
        '// Written by `crdconv import` from the XRD'
      )
      .replace(
        `export const ${identifier} = defineResource({`,
        `export const ${identifier} = defineXrd({`
      )
      .replace(/\bdefineResource\b/, 'defineXrd')
      .replace(/^ {2}kind: ('[^'\n]*'),\n {2}names: \{/m, '  names: {\n    kind: $1,')
      .replace(
        /^ {2}scope: '(Namespaced|Cluster)',\n/m,
        `  scope: ${JSON.stringify(read.scope)},\n` +
          (read.claimNames === undefined
            ? ''
            : `  claimNames: ${JSON.stringify(read.claimNames)},\n`) +
          `  xrd: ${JSON.stringify(document)},\n`
      )
      // the moves planned on the versions as Crossplane renders them: spec and status at every one
      .replace(/^ {2}converters: \[(?=[^]*fieldMoves\(versions,)/m, '  converters: (rendered) => [')
      .replaceAll('...fieldMoves(versions,', '...fieldMoves(rendered,')
      .replace(`createScheme([${identifier}])`, `createScheme(${identifier}.resources)`)
      .replace(
        '/** The scheme `crdconv crd --scheme` and the webhook serve. */',
        '/** The scheme `crdconv crd --scheme` (it writes the XRD) and the webhook serve: the XR and its claim. */'
      )
  )
}

function xrdDescriptions(source: string): string {
  return source.replace(
    '// Written by `crdconv import` from the CRD',
    '// Written by `crdconv import` from the XRD'
  )
}

function xrdTest(source: string, identifier: string): string {
  return source
    .replace(`import { ${identifier} } from`, 'import { scheme } from')
    .replace(`expectLosslessRoundTrips(${identifier})`, 'expectLosslessRoundTrips(scheme)')
}
