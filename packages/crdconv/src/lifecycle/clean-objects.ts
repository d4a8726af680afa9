// The step after the lifecycle: once a CRD stores and serves one version, the conversion state
// left on its objects (crdconv's stash, an earlier webhook's annotations) is removed, one
// guarded write per object that carries any, and nothing else changes.
import type { Resource } from '@crdconv/webhook/scheme'
import {
  ClusterError,
  type ClusterClient,
  objectPages,
  objectsAt,
  requireCustomResourceDefinition,
  type LiveCustomResourceDefinition,
  type ObjectsAt,
} from '../cluster-client/index.ts'
import {
  objectState,
  stateAnnotations,
  withoutAnnotations,
  type NeededState,
  type StateAnnotations,
} from './conversion-state.ts'
import type { MigrationBlock, MigrationPreflightCode } from './migration-block.ts'
import { checkStorageVersion, requirePermissions } from './migration-preflight.ts'
import { rewriteAllObjects, type RewriteCounts, type RewriteOptions } from './rewrite-objects.ts'

/** How to clean: the write options of `migrate`, and the annotations named beside the scheme's. */
export interface CleanOptions extends Omit<RewriteOptions, 'ownership' | 'ownershipOnly' | 'edit'> {
  /** An earlier webhook's state annotations the scheme does not declare (`--state-annotation`). */
  readonly named: readonly string[]
}

/** What the clean step did (or, with `dryRun`, would do) for one resource. */
export interface CleanSummary {
  readonly crdName: string
  /** The one version stored and served. */
  readonly version: string
  /** Every annotation name looked for: the stash, the declared places, the named ones. */
  readonly annotations: readonly string[]
  /** Objects read before writing, and how many of them carry each annotation. */
  readonly checked: number
  readonly carrying: number
  readonly carriedBy: readonly (readonly [annotation: string, objects: number])[]
  /** Why nothing was written: objects whose state still holds data the served version lacks. */
  readonly blocked?: MigrationBlock & { readonly needed: readonly NeededState[] }
  /** The write pass; absent after a dry run, a block, or when no object carries any state. */
  readonly counts?: RewriteCounts
  /** Objects the write pass left as they were: their state came to hold needed data meanwhile. */
  readonly leftNeeded: readonly NeededState[]
}

/** Needed state kept for the message: the rest is counted. */
const MAX_NEEDED = 20

/**
 * Removes crdconv's stash annotation and the state annotations the scheme declares (annotation
 * places) or `options.named` names from every stored object of `resource`, once the live CRD
 * stores and serves its storage version alone. Each object that carries any is written once,
 * guarded by its resourceVersion as `migrate` writes (`rewriteAllObjects`): a 409 re-reads it,
 * so a concurrent edit is kept; labels, other annotations and managedFields are written back as
 * read. Refuses with a `ClusterError` (nothing written) while other versions are stored or served,
 * and returns a `blocked` summary while an object's state holds fields the served version lacks.
 *
 * @example
 * ```ts
 * const summary = await cleanStoredObjects(client, cronTab, {
 *   named: [], concurrency: 8, pageSize: 500, dryRun: false,
 * })
 * io.stdout(describeClean(summary, false))
 * ```
 */
export async function cleanStoredObjects(
  client: ClusterClient,
  resource: Resource,
  options: CleanOptions
): Promise<CleanSummary> {
  const crdName = resource.identity.crdName
  const crd = await requireCustomResourceDefinition(client, crdName)
  const version = checkStorageVersion(crd, resource)
  refuseOtherVersions(crd, version)
  const { group, names } = crd.spec
  await requirePermissions(client, [
    { verb: 'list', group, resource: names.plural },
    ...(options.dryRun ? [] : [{ verb: 'update', group, resource: names.plural }]),
  ])
  const state = stateAnnotations(resource, options.named)
  const at = objectsAt(crd, version)
  const checked = await checkObjects(client, at, state, version, options.pageSize)
  const summary = {
    crdName,
    version,
    annotations: state.names,
    checked: checked.seen,
    carrying: checked.carrying,
    carriedBy: [...checked.carriedBy],
    leftNeeded: [],
  }
  if (checked.needed.length > 0) {
    return { ...summary, blocked: stateStillNeeded(crdName, version, checked) }
  }
  if (options.dryRun || checked.carrying === 0) return summary
  const leftNeeded: NeededState[] = []
  const counts = await rewriteAllObjects(client, at, {
    ...options,
    edit: (object) => {
      const { carried, needed } = objectState(object, state, version)
      if (needed.length > 0) leftNeeded.push(...needed)
      return carried.length === 0 || needed.length > 0
        ? undefined
        : withoutAnnotations(object, carried)
    },
  })
  return { ...summary, counts, leftNeeded }
}

/** A `ClusterError` while the CRD stores or serves a version beside `version`. */
function refuseOtherVersions(crd: LiveCustomResourceDefinition, version: string): void {
  const name = crd.metadata.name
  const stored = crd.status?.storedVersions ?? []
  const served = crd.spec.versions.filter((entry) => entry.served).map((entry) => entry.name)
  const refuse = (code: MigrationPreflightCode, message: string) => {
    throw new ClusterError<MigrationPreflightCode>(code, `${name}: ${message}; nothing was written`)
  }
  if (stored.some((other) => other !== version)) {
    refuse(
      'versions-still-stored',
      `status.storedVersions is [${stored.join(', ')}]: objects may still be stored at ` +
        `${stored.filter((other) => other !== version).join(', ')}, and converting them reads the state ` +
        `the clean step removes: run crdconv migrate first (it rewrites every object at ${version} and prunes storedVersions)`
    )
  }
  if (served.some((other) => other !== version)) {
    refuse(
      'versions-still-served',
      `the CRD still serves ${served.join(', ')}: the webhook converts between them and reads the ` +
        `state the clean step removes: stop serving all but ${version} (served: false, then crdconv crd ` +
        `and kubectl apply), then clean`
    )
  }
}

interface CheckedObjects {
  seen: number
  carrying: number
  readonly carriedBy: Map<string, number>
  /** The first `MAX_NEEDED` of what must not go, and how many objects hold any. */
  readonly needed: NeededState[]
  neededObjects: number
  neededEntries: number
}

/** Reads every object once, writing nothing: what each carries, and what must not go. */
async function checkObjects(
  client: ClusterClient,
  at: ObjectsAt,
  state: StateAnnotations,
  version: string,
  pageSize: number
): Promise<CheckedObjects> {
  const checked: CheckedObjects = {
    seen: 0,
    carrying: 0,
    carriedBy: new Map(state.names.map((name) => [name, 0])),
    needed: [],
    neededObjects: 0,
    neededEntries: 0,
  }
  for await (const page of objectPages(client, at, pageSize)) {
    for (const object of page.items) {
      checked.seen += 1
      const { carried, needed } = objectState(object, state, version)
      if (carried.length > 0) checked.carrying += 1
      for (const name of carried)
        checked.carriedBy.set(name, (checked.carriedBy.get(name) ?? 0) + 1)
      if (needed.length > 0) checked.neededObjects += 1
      checked.neededEntries += needed.length
      checked.needed.push(...needed.slice(0, MAX_NEEDED - checked.needed.length))
    }
  }
  return checked
}

function stateStillNeeded(
  crdName: string,
  version: string,
  checked: CheckedObjects
): MigrationBlock & { readonly needed: readonly NeededState[] } {
  const lines = checked.needed.map(
    (one) =>
      `${one.object}: ${one.annotation} holds ${one.fields.join(', ')} for ${version}, which the object lacks`
  )
  const more = checked.neededEntries - checked.needed.length
  if (more > 0) lines.push(`… and ${more} more`)
  return {
    code: 'state-still-needed',
    needed: checked.needed,
    message:
      `${crdName}: ${checked.neededObjects === 1 ? 'one object holds' : `${checked.neededObjects} objects hold`} state for ${version}, the version served, that ` +
      `no conversion will restore now:\n  - ${lines.join('\n  - ')}\n` +
      `  put those fields back on the objects (kubectl edit), or remove the annotation by hand where the data is not wanted, then clean; nothing was written`,
  }
}
