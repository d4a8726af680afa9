// `crdconv init --from-crd`: a project whose scheme serves the CRDs' kinds as imported, with no
// starter beside them. The project's answers (group, kind, versions, storage, scope) are the
// first CRD's; every CRD of the file is imported into src/resources.
import { dirname, relative } from 'node:path'
import { sortByVersionPriority } from '../crd/index.ts'
import { descriptionsModule, PROJECT_SCHEME, type InitOptions } from '../init/index.ts'
import { importCrds, type ImportedResource } from './import-crds.ts'
import { ImportError } from './import-problem.ts'
import { readCrdDocuments } from './read-crd-documents.ts'
import { wireDescriptions, wireIntoScheme } from './scheme-wiring.ts'

const EMPTY_SCHEME = `// What the Worker, the Lambda and \`crdconv\` commands serve: the resources \`crdconv init --from-crd\`
// imported from the CRD, each in its module under src/resources with its round-trip test under
// test/resources. Add a resource: \`crdconv import <crd> --into .\`.
import { createScheme } from '@crdconv/webhook'

export const scheme = createScheme([])
`

/** A project's answers and its imported files, from CRDs. */
export interface ProjectFromCrds {
  /** The answers of `crdconv init`, from the first CRD; `aws` as given. */
  readonly options: InitOptions & { readonly imported: readonly string[] }
  /** The files the import adds or replaces, keyed by their path in the project. */
  readonly files: Readonly<Record<string, string>>
  readonly resources: readonly ImportedResource[]
}

/**
 * The answers and files of a project made from the CRDs in `text`: src/scheme.ts serving every
 * one of them, their modules, tests and descriptions. Throws an `ImportError` for input `import`
 * refuses, and a `NotCarriedError` where a module would not give its CRD back.
 *
 * @example
 * ```ts
 * const { options, files } = await projectFromCrds(await readFile('pipeline.yaml', 'utf8'), 'sam')
 * ```
 */
export async function projectFromCrds(
  text: string,
  aws: InitOptions['aws']
): Promise<ProjectFromCrds> {
  const { crds, problems } = readCrdDocuments(text)
  if (problems.length > 0) throw new ImportError(problems)
  const first = (crds[0] as (typeof crds)[number]).crd
  const imported = await importCrds(text, { layout: 'project' })
  const names = first.spec.versions.map((version) => version.name)
  const storage = first.spec.versions.find((version) => version.storage === true)?.name
  const schemeDirectory = dirname(PROJECT_SCHEME)
  const wired = wireIntoScheme(
    EMPTY_SCHEME,
    imported.resources.map(({ identifier, module }) => ({
      identifier,
      module: `./${relative(schemeDirectory, module)}`,
    }))
  )
  if ('problem' in wired) throw new Error(`unreachable: ${wired.problem}`)
  const described = imported.resources.flatMap(({ descriptions }) =>
    descriptions === undefined ? [] : [`./${relative(schemeDirectory, descriptions)}`]
  )
  const files: Record<string, string> = { [PROJECT_SCHEME]: wired.source }
  if (described.length > 0) {
    files[descriptionsModule(PROJECT_SCHEME)] = wireDescriptions(undefined, described)
  }
  for (const file of imported.files) files[file.path] = file.content
  const versions = sortByVersionPriority(names).reverse()
  return {
    options: {
      group: first.spec.group,
      kind: String(first.spec.names['kind']),
      versions,
      storage: storage ?? (versions.at(-1) as string),
      scope: first.spec.scope === 'Cluster' ? 'Cluster' : 'Namespaced',
      aws,
      imported: imported.resources.map((resource) => resource.module),
    },
    files,
    resources: imported.resources,
  }
}
