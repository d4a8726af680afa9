// `crdconv import --into <project>`: the imported modules into a project made by `crdconv init`,
// wired into its src/scheme.ts, their tests where its vitest looks, and a summary of what is
// left. Everything is checked before the first byte is written.
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { UsageError, type CliIo } from '../command-io/index.ts'
import { descriptionsModule, PROJECT_SCHEME } from '../init/index.ts'
import type { ImportedFile, ImportedResource } from './import-crds.ts'
import { opaqueKeyword } from '../crd/index.ts'
import { wireDescriptions, wireIntoScheme } from './scheme-wiring.ts'
import { TODO_CATEGORIES, type TodoCategory } from './todo-summary.ts'

/**
 * Writes `files` into `project` and adds `resources` to its src/scheme.ts; throws a `UsageError`,
 * with nothing written, where `project` is no project made by init, a file exists (without
 * `force`), or src/scheme.ts has no single `createScheme([...])` list to add to.
 */
export async function writeIntoProject(
  io: CliIo,
  project: string,
  files: readonly ImportedFile[],
  resources: readonly ImportedResource[],
  force: boolean
): Promise<void> {
  const schemePath = join(project, PROJECT_SCHEME)
  if (!existsSync(join(project, 'package.json')) || !existsSync(schemePath)) {
    throw new UsageError(
      'not-a-project',
      `nothing written: ${project} is not a project made by crdconv init (no package.json and ${PROJECT_SCHEME}); crdconv init makes one, --out writes the modules anywhere`
    )
  }
  const existing = files.filter((file) => existsSync(join(project, file.path)))
  if (existing.length > 0 && !force) {
    throw new UsageError(
      'files-exist',
      `nothing written: ${existing.map((file) => file.path).join(', ')} ${existing.length === 1 ? 'exists' : 'exist'} in ${project}; --force overwrites`
    )
  }
  const schemeSource = await readFile(schemePath, 'utf8')
  const twice = resources.flatMap((resource) =>
    kindsOf(resource)
      .filter((kind) => definedIn(schemeSource, resource.group, kind))
      .map((kind) => ({ kind, resource }))
  )
  if (twice.length > 0) {
    const kinds = twice.map(({ kind, resource }) => `${kind}.${resource.group}`).join(', ')
    const fromXrd = twice.some(({ resource }) => resource.xrd !== undefined)
    throw new UsageError(
      'kind-defined',
      `nothing written: ${PROJECT_SCHEME} defines ${kinds} already (the starter crdconv init wrote?), and a scheme serves each kind once. ` +
        (fromXrd
          ? `Delete that defineResource or defineXrd from ${PROJECT_SCHEME} and import the XRD again`
          : `Start the project from the CRD instead: crdconv init <dir> --from-crd <file>; or delete that defineResource from ${PROJECT_SCHEME} and import again`)
    )
  }
  const schemeDirectory = dirname(PROJECT_SCHEME)
  const wired = wireIntoScheme(
    schemeSource,
    resources.map(({ identifier, module, xrd }) => ({
      identifier,
      module: `./${relative(schemeDirectory, module)}`,
      xrd: xrd !== undefined,
    }))
  )
  if ('problem' in wired) {
    const lines = resources.map(
      ({ identifier, module }) =>
        `import { ${identifier} } from './${relative(schemeDirectory, module)}'`
    )
    throw new UsageError(
      'scheme-not-wired',
      `nothing written: cannot add the resources to ${PROJECT_SCHEME}: ${wired.problem}. Add them yourself:\n  ${lines.join('\n  ')}\nand put ${resources.map(schemeEntry).join(', ')} in createScheme([...]); then import again with --out src/resources`
    )
  }
  for (const file of files) {
    const path = join(project, file.path)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, file.content)
    io.stderr(`crdconv: wrote ${file.path}\n`)
  }
  // written whole, then put in place: the project's scheme is never half written
  await replaceFile(schemePath, wired.source)
  const described = resources.flatMap(({ descriptions }) =>
    descriptions === undefined ? [] : [`./${relative(schemeDirectory, descriptions)}`]
  )
  if (described.length > 0) {
    const descriptionsPath = descriptionsModule(schemePath)
    const before = existsSync(descriptionsPath)
      ? await readFile(descriptionsPath, 'utf8')
      : undefined
    await replaceFile(descriptionsPath, wireDescriptions(before, described))
  }
  io.stderr(
    `crdconv: added ${resources.map((r) => r.identifier).join(', ')} to ${PROJECT_SCHEME}\n`
  )
  io.stdout(importSummary(resources, TODO_CATEGORIES))
}

// the kinds an import adds to the scheme: an XRD's composite resource and its claim
function kindsOf({ kind, xrd }: ImportedResource): string[] {
  return xrd?.claimKind === undefined ? [kind] : [kind, xrd.claimKind]
}

// what the scheme's createScheme([...]) lists for an imported resource
function schemeEntry({ identifier, xrd }: ImportedResource): string {
  return xrd === undefined ? identifier : `...${identifier}.resources`
}

// a defineResource of the kind in the scheme module itself, as init's starter writes it, or a
// defineXrd whose composite resource or claim is of the kind, as import writes it
function definedIn(source: string, group: string, kind: string): boolean {
  const literal = (value: string) => `['"\`]${value.replaceAll('.', '\\.')}['"\`]`
  const definitions = [
    `defineResource\\(\\{\\s*group:\\s*${literal(group)},\\s*kind:\\s*${literal(kind)}`,
    `defineXrd\\(\\{\\s*group:\\s*${literal(group)},\\s*names:\\s*\\{\\s*kind:\\s*${literal(kind)}`,
    `defineXrd\\(\\{\\s*group:\\s*${literal(group)},(?:(?!defineXrd)[^])*?claimNames:\\s*\\{\\s*kind:\\s*${literal(kind)}`,
  ]
  return definitions.some((definition) => new RegExp(definition).test(source))
}

// what converts where no schema shows it, beside the opaque subtrees: the webhook the CRD names
function unseenConversions(resource: ImportedResource): string[] {
  const lines: string[] = []
  if (resource.convertedByWebhook) {
    lines.push(
      "what the conversion webhook the CRD names today does: it is in that webhook's code, not in the schemas; write it into the converters"
    )
  }
  return lines
}

const NAMED_OPAQUE = 5

/** The opaque subtrees of a resource, asking for examples there: no difference shows inside them. */
function opaqueLines(resource: ImportedResource): string[] {
  const places = resource.opaqueSubtrees
  if (places.length === 0) return []
  const named = places
    .slice(0, NAMED_OPAQUE)
    .map((place) => `${place.field} (${opaqueKeyword(place.kind)})`)
  const more = places.length > NAMED_OPAQUE ? `, and ${places.length - NAMED_OPAQUE} more` : ''
  return [
    `  opaque in the schema, so no difference and no generated object shows what converts inside: ${named.join(', ')}${more}`,
    `  give each version \`examples\` that fill them as real objects do, or record objects from a cluster into corpus/: crdconv check tries conversions there on those shapes and warns for each place none reaches`,
  ]
}

async function replaceFile(path: string, content: string): Promise<void> {
  await writeFile(`${path}.crdconv-import`, content)
  await rename(`${path}.crdconv-import`, path)
}

/**
 * What is left after the import, per resource: the TODOs by category, and where they are.
 *
 * @example
 * ```text
 * Machine.cluster.x-k8s.io: src/resources/machine.ts, test/resources/machine.test.ts
 *   left to decide: 21 conversion, 33 validation, 9 required-ness (63 TODOs)
 * ```
 */
export function importSummary(
  resources: readonly ImportedResource[],
  categories: readonly TodoCategory[]
): string {
  const lines = resources.flatMap((resource) => {
    const total = categories.reduce((sum, category) => sum + resource.todos[category], 0)
    const counts = categories.map((category) => `${resource.todos[category]} ${category}`)
    const unseen = unseenConversions(resource)
    const claim = resource.xrd?.claimKind
    const served =
      resource.xrd === undefined
        ? ''
        : ` (the XRD's composite resource${claim === undefined ? '' : ` and its claim ${claim}`}, one set of converters)`
    return [
      `${resource.kind}.${resource.group}${served}: ${resource.module}, ${resource.test}`,
      total === 0 && unseen.length === 0 && resource.opaque.length === 0
        ? '  nothing left to decide: every difference between its versions is a declared move'
        : `  left to decide: ${counts.join(', ')} (${total} TODOs in ${resource.module}, each an it.todo in ${resource.test})`,
      ...unseen.map((line) => `  and ${line}`),
      ...opaqueLines(resource),
    ]
  })
  return `${[...lines, 'next: npm test, then crdconv check; decide each TODO and run them again'].join('\n')}\n`
}
