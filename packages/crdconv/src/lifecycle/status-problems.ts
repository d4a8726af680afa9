import { sortByVersionPriority } from '../crd/index.ts'
import type { Problem, ProblemCode, Resource } from '@crdconv/webhook/scheme'
import { liveStorageVersion, type LiveCustomResourceDefinition } from '../cluster-client/index.ts'
import type { WebhookCheck } from '../webhook-health/index.ts'
import { countOf, suggestedCommands, type SuggestedCommands } from '../command-io/index.ts'

/** How a version is declared on one side: in the scheme, or in the live CRD. */
export interface VersionFlags {
  readonly served: boolean
  readonly storage: boolean
  readonly deprecated: boolean
}

/** One version of the resource, the scheme beside the live CRD. */
export interface VersionRow {
  readonly version: string
  readonly scheme?: VersionFlags
  readonly live?: VersionFlags
  readonly stored: boolean
  /** `same`, or where the live schema first differs from the one `crdconv crd` generates. */
  readonly schema?: string
  readonly webhook?: WebhookCheck
}

/** What kind of problem `crdconv status` found: the machine-readable half of a {@link StatusProblem}. */
export const STATUS_PROBLEM_CODES = [
  'crd-not-installed',
  'storage-version-differs',
  'version-not-applied',
  'stored-version-gone',
  'served-version-gone',
  'schema-differs',
  'conversion-not-webhook',
  'managed-fields-off-storage',
  'webhook-unhealthy',
  'webhook-slow',
  'objects-not-listed',
] as const

export type StatusProblemCode = ProblemCode<typeof STATUS_PROBLEM_CODES>

/**
 * Something to fix; `blocking` when it stops the next step of the lifecycle, `urgent` when it
 * hurts the cluster now (a slow webhook) without blocking it. Either makes `status` exit 1.
 */
export interface StatusProblem extends Problem<StatusProblemCode> {
  readonly blocking: boolean
  readonly urgent?: boolean
  readonly fix: string
}

/** The fix that applies the CRD the scheme generates, at the webhook the live CRD names. */
function applyCrd(crd: LiveCustomResourceDefinition, commands: SuggestedCommands): string {
  return `apply the CRD the scheme generates: ${commands.crd(crd.spec.conversion?.webhook?.clientConfig?.url)}`
}

/** What is wrong between the live CRD and the scheme, each with what to do (`commands` to paste). */
export function findProblems(
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  rows: readonly VersionRow[],
  ownership?: ReadonlyMap<string, number>,
  commands: SuggestedCommands = suggestedCommands({})
): StatusProblem[] {
  const applyTheCrd = applyCrd(crd, commands)
  const problems: StatusProblem[] = [...ownershipProblems(crd, ownership, commands)]
  const live = liveStorageVersion(crd)
  if (live !== resource.storageVersion) {
    problems.push({
      code: 'storage-version-differs',
      blocking: true,
      message: `the live CRD stores ${live ?? 'no version'}, the scheme ${resource.storageVersion}: migrate would write the wrong version`,
      fix: applyTheCrd,
    })
  }
  for (const row of rows) {
    if (row.live === undefined) {
      problems.push({
        code: 'version-not-applied',
        blocking: false,
        message: `${row.version} is in the scheme but not in the live CRD`,
        fix: applyTheCrd,
      })
    } else if (row.scheme === undefined) {
      problems.push({
        code: row.stored ? 'stored-version-gone' : 'served-version-gone',
        blocking: row.stored || row.live.served,
        message: row.stored
          ? `${row.version} is gone from the scheme but still in status.storedVersions: the webhook cannot convert objects stored at it`
          : `${row.version} is served live but gone from the scheme: the webhook cannot convert to it`,
        fix: row.stored
          ? `put ${row.version} back in the scheme, redeploy, and run ${commands.migrate()}`
          : `stop serving it (${applyTheCrd})`,
      })
    }
    if (row.schema !== undefined && row.schema !== 'same') {
      problems.push({
        code: 'schema-differs',
        blocking: false,
        message: `${row.version}: the live schema ${row.schema} from the scheme's`,
        fix: applyTheCrd,
      })
    }
  }
  const served = crd.spec.versions.filter((version) => version.served).length
  if (crd.spec.conversion?.strategy !== 'Webhook' && served > 1) {
    problems.push({
      code: 'conversion-not-webhook',
      blocking: true,
      message: `conversion.strategy is ${crd.spec.conversion?.strategy ?? 'None'} while ${served} versions are served: objects change apiVersion without being converted`,
      fix: applyTheCrd,
    })
  }
  return problems
}

/**
 * managedFields entries at a version other than the storage version: server-side apply to those
 * objects fails once that version is not served, so they block removing it. Before the storage
 * migration they are normal (migrate moves them with the data); after it, or at a version no
 * longer served, they are a problem.
 */
function ownershipProblems(
  crd: LiveCustomResourceDefinition,
  ownership: ReadonlyMap<string, number> | undefined,
  commands: SuggestedCommands
): StatusProblem[] {
  const storage = liveStorageVersion(crd)
  const stored = crd.status?.storedVersions ?? []
  const migrated = stored.length === 1 && stored[0] === storage
  const problems: StatusProblem[] = []
  for (const [version, objects] of ownership ?? []) {
    const live = crd.spec.versions.find((entry) => entry.name === version)
    const served = live?.served === true
    if (served && !migrated) continue
    const where =
      live === undefined ? 'no longer in the CRD' : served ? 'still served' : 'no longer served'
    problems.push({
      code: 'managed-fields-off-storage',
      blocking: true,
      message:
        `${countOf(objects, 'object')} ${objects === 1 ? 'has' : 'have'} managedFields entries at ${version} (${where}): ` +
        (served
          ? `server-side apply to ${objects === 1 ? 'it' : 'them'} will fail once ${version} is no longer served`
          : `every server-side apply to ${objects === 1 ? 'it' : 'them'} fails (request to convert CR to an invalid group/version)`),
      fix: `move ${objects === 1 ? 'it' : 'them'} to ${storage ?? 'the storage version'}: ${commands.migrate()}`,
    })
  }
  return problems
}

/** The next step of the version lifecycle for this CRD. */
export function nextStep(
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  ownership?: ReadonlyMap<string, number>,
  commands: SuggestedCommands = suggestedCommands({}),
  carryingState = 0
): string {
  const apply = commands.crd(crd.spec.conversion?.webhook?.clientConfig?.url)
  const storage = liveStorageVersion(crd) ?? resource.storageVersion
  const stored = crd.status?.storedVersions ?? []
  const others = crd.spec.versions.filter((version) => version.name !== storage)
  const [newest] = sortByVersionPriority(crd.spec.versions.map((version) => version.name))
  if (newest !== undefined && newest !== storage) {
    return `make ${newest} the storage version (storage: true in the scheme), then ${apply}, then ${commands.migrate()}`
  }
  if (stored.some((version) => version !== storage)) {
    return `rewrite every object at ${storage}: ${commands.migrate()}`
  }
  if ((ownership?.size ?? 0) > 0) {
    return `move the managedFields at ${[...ownership!.keys()].join(', ')} to ${storage}: ${commands.migrate()}`
  }
  if (others.some((version) => version.served)) {
    return `stop serving ${others.map((version) => version.name).join(', ')} (served: false in the scheme), then ${apply}`
  }
  if (others.length > 0) {
    return `remove ${others.map((version) => version.name).join(', ')} from the scheme, then ${apply}`
  }
  if (crd.spec.conversion?.strategy === 'Webhook') {
    return `drop the webhook: ${commands.retire()}, then delete its deployment`
  }
  if (carryingState > 0) {
    return `take the conversion state off ${carryingState === 1 ? 'the object that carries' : `the ${carryingState} objects that carry`} it: ${commands.migrate('--clean')}`
  }
  return 'nothing: one version, no webhook'
}
