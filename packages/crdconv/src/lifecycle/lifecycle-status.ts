import { buildCustomResourceDefinition } from '../crd/index.ts'
import { jsonDifferences } from '@crdconv/webhook/json'
import type { Resource } from '@crdconv/webhook/scheme'
import {
  apiFailure,
  type ClusterClient,
  objectPages,
  liveStorageVersion,
  objectsAt,
  readCustomResourceDefinition,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import { objectState, stateAnnotations, type StateAnnotations } from './conversion-state.ts'
import { staleOwnershipVersions } from './ownership-rewrite.ts'
import { suggestedCommands, type SuggestedCommands } from '../command-io/index.ts'
import {
  findProblems,
  nextStep,
  type StatusProblem,
  type VersionFlags,
  type VersionRow,
} from './status-problems.ts'
import {
  checkWebhookThroughApiServer,
  type WebhookCheck,
  DEFAULT_SLOW_MS,
  webhookStatus,
  type WebhookStatus,
} from '../webhook-health/index.ts'

/** The live state of one resource of the scheme. */
export interface ResourceStatus {
  readonly crdName: string
  readonly installed: boolean
  readonly rows: readonly VersionRow[]
  readonly storedVersions: readonly string[]
  readonly strategy?: string
  readonly url?: string
  /** Objects per namespace (`''` for cluster-scoped), undefined when they could not be listed. */
  readonly objects?: ReadonlyMap<string, number>
  /**
   * Objects whose managedFields name a version other than the storage version, per version: the
   * API server converts to that version on every server-side apply to them.
   */
  readonly ownership?: ReadonlyMap<string, number>
  /** The webhook's state and cost, for a CRD converted by one. */
  readonly webhook?: WebhookStatus
  readonly problems: readonly StatusProblem[]
  /** The next step of the lifecycle, as a sentence with its command. */
  readonly next: string
}

export interface StatusOptions {
  /** A review slower than this, through the API server, is a problem (default 100 ms). */
  readonly slowMs?: number
  /** The commands fixes suggest, for the scheme and cluster the user named (default: bare). */
  readonly commands?: SuggestedCommands
}

/**
 * The live CRD of `resource` beside the scheme: versions, storedVersions, conversion, schema
 * equality with `crdconv crd`'s output, object counts, the webhook checked through the API
 * server (`checkWebhookThroughApiServer`), its round trip and cost (`webhookStatus`); problems
 * with what to do, and the next step.
 */
export async function resourceStatus(
  client: ClusterClient,
  resource: Resource,
  options: StatusOptions = {}
): Promise<ResourceStatus> {
  const crdName = resource.identity.crdName
  const commands = options.commands ?? suggestedCommands({})
  const crd = await readCustomResourceDefinition(client, crdName)
  if (crd === undefined) {
    const problem: StatusProblem = {
      code: 'crd-not-installed',
      blocking: true,
      message: `${crdName} is not installed in context ${client.contextName}`,
      fix: `apply it: ${commands.crd()}`,
    }
    return {
      crdName,
      installed: false,
      rows: schemeRows(resource),
      storedVersions: [],
      problems: [problem],
      next: 'install the CRD',
    }
  }
  const checks = await checkWebhookThroughApiServer(client, resource, crd)
  const rows = versionRows(resource, crd, checks)
  const listed = await tallyObjects(client, crd, stateAnnotations(resource, []))
  const counted = typeof listed === 'string' ? listed : listed.namespaces
  const ownership = typeof listed === 'string' ? undefined : listed.ownership
  const carryingState = typeof listed === 'string' ? undefined : listed.carryingState
  const storedVersions = crd.status?.storedVersions ?? []
  const problems = findProblems(resource, crd, rows, ownership, commands)
  const total =
    typeof counted === 'string' ? undefined : [...counted.values()].reduce((a, b) => a + b, 0)
  const webhook = await webhookStatus(
    client,
    resource,
    crd,
    checks,
    total,
    options.slowMs ?? DEFAULT_SLOW_MS,
    commands
  )
  const health = webhook?.health
  if (health?.message !== undefined) {
    problems.push({
      code: health.state === 'slow' ? 'webhook-slow' : 'webhook-unhealthy',
      blocking: health.state !== 'slow',
      ...(health.state === 'slow' ? { urgent: true } : {}),
      message: `${health.message}; ${health.affected ?? ''}`,
      fix: health.fix ?? '',
    })
  }
  if (typeof counted === 'string') {
    problems.push({
      code: 'objects-not-listed',
      blocking: true,
      message: `the objects cannot be listed: ${counted}`,
      fix: 'make the webhook answer (see the check above), then run crdconv status again',
    })
  }
  return {
    crdName,
    installed: true,
    rows,
    storedVersions,
    ...(crd.spec.conversion?.strategy === undefined
      ? {}
      : { strategy: crd.spec.conversion.strategy }),
    ...(crd.spec.conversion?.webhook?.clientConfig?.url === undefined
      ? {}
      : { url: crd.spec.conversion.webhook.clientConfig.url }),
    ...(typeof counted === 'string' ? {} : { objects: counted }),
    ...(ownership === undefined || ownership.size === 0 ? {} : { ownership }),
    ...(webhook === undefined ? {} : { webhook }),
    problems,
    next: nextStep(resource, crd, ownership, commands, carryingState),
  }
}

function schemeFlags(resource: Resource, version: string): VersionFlags | undefined {
  const definition = resource.versions[version]
  if (definition === undefined) return undefined
  return {
    served: definition.served ?? true,
    storage: version === resource.storageVersion,
    deprecated: definition.deprecated === true,
  }
}

function schemeRows(resource: Resource): VersionRow[] {
  return resource.versionNames.map((version) => ({
    version,
    scheme: schemeFlags(resource, version)!,
    stored: false,
  }))
}

function versionRows(
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  checks: readonly WebhookCheck[]
): VersionRow[] {
  const generated = buildCustomResourceDefinition(resource, { url: 'https://unused.invalid/' }).crd
  const names = [
    ...new Set([...crd.spec.versions.map((entry) => entry.name), ...resource.versionNames]),
  ]
  return names.map((version) => {
    const live = crd.spec.versions.find((entry) => entry.name === version)
    const mine = generated.spec.versions.find((entry) => entry['name'] === version) as
      { schema: { openAPIV3Schema: unknown } } | undefined
    const scheme = schemeFlags(resource, version)
    const webhook = checks.find((check) => check.version === version)
    let schema: string | undefined
    if (live !== undefined && mine !== undefined) {
      const [first] = jsonDifferences(mine.schema.openAPIV3Schema, live.schema?.openAPIV3Schema, 1)
      schema = first === undefined ? 'same' : `differs at ${first.path || '(root)'}`
    }
    return {
      version,
      ...(scheme === undefined ? {} : { scheme }),
      ...(live === undefined
        ? {}
        : {
            live: {
              served: live.served,
              storage: live.storage,
              deprecated: live.deprecated === true,
            },
          }),
      stored: (crd.status?.storedVersions ?? []).includes(version),
      ...(schema === undefined ? {} : { schema }),
      ...(webhook === undefined ? {} : { webhook }),
    }
  })
}

/** What `tallyObjects` counts over every object of a CRD. */
export interface ObjectTally {
  readonly namespaces: Map<string, number>
  /** Per version their managedFields name besides the storage version. */
  readonly ownership: Map<string, number>
  /** Objects carrying any of the `state` annotations asked about (0 when none was). */
  readonly carryingState: number
}

/**
 * Objects per namespace, per version their managedFields name besides the storage version, and
 * how many carry conversion state (`state`); the API server's message when they cannot be listed.
 */
export async function tallyObjects(
  client: ClusterClient,
  crd: LiveCustomResourceDefinition,
  state?: StateAnnotations
): Promise<ObjectTally | string> {
  const storage = liveStorageVersion(crd) ?? crd.spec.versions[0]?.name ?? ''
  const at = objectsAt(crd, storage)
  const namespaces = new Map<string, number>()
  const ownership = new Map<string, number>()
  let carryingState = 0
  try {
    for await (const page of objectPages(client, at, 500)) {
      for (const item of page.items) {
        const namespace = (item.metadata as { namespace?: string } | undefined)?.namespace ?? ''
        namespaces.set(namespace, (namespaces.get(namespace) ?? 0) + 1)
        for (const version of staleOwnershipVersions(item, crd.spec.group, storage)) {
          ownership.set(version, (ownership.get(version) ?? 0) + 1)
        }
        if (state !== undefined && objectState(item, state, storage).carried.length > 0) {
          carryingState += 1
        }
      }
    }
  } catch (error) {
    const failure = apiFailure(error)
    if (failure === undefined) throw error
    return failure.message
  }
  return { namespaces, ownership, carryingState }
}
