import type { Resource } from '@crdconv/webhook/scheme'
import { readConversionMetrics, type ConversionMetrics } from './api-server-metrics.ts'
import {
  apiFailure,
  explainClusterError,
  type ClusterClient,
  dryRunCreate,
  objectPages,
  readObject,
  resourceName,
  type ObjectsAt,
  liveStorageVersion,
  objectsAt,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import { checkObject } from './webhook-check.ts'

/** One review's round trip (API server → webhook → API server) and how it was found. */
export interface WebhookRoundTrip {
  readonly ms: number
  /**
   * `metrics`: the API server's own conversion histogram over the samples (`/metrics`);
   * `timed`: each sample at `version` against the same at the storage version, medians.
   */
  readonly source: 'metrics' | 'timed'
  /** `get` of a stored object; `dry-run` create where no object is stored. */
  readonly probe: 'get' | 'dry-run'
  /** The served version that is not the storage version the samples were read at. */
  readonly version: string
  readonly samples: number
}

/** A sample the API server could not convert: the webhook is down or answers with an error. */
export interface WebhookRoundTripFailure {
  readonly version: string
  readonly message: string
}

const SAMPLES = 7
// a create at another version goes to the storage version and back: two reviews (a GET: one)
const REVIEWS_PER_DRY_RUN = 2

/**
 * Measures the webhook's round trip through the API server: `SAMPLES` reads of one stored object
 * at a served version that is not the storage version (a dry-run create where none is stored),
 * each timed by the API server's `/metrics` where the user may read it, else against the same
 * read at the storage version; the median. Undefined where no other version is served.
 *
 * @example
 * ```ts
 * const trip = await measureRoundTrip(client, cronTab, crd)
 * if (trip !== undefined && 'ms' in trip) console.log(`${trip.ms} ms (${trip.source})`)
 * ```
 */
export async function measureRoundTrip(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition
): Promise<WebhookRoundTrip | WebhookRoundTripFailure | undefined> {
  const storage = liveStorageVersion(crd)
  const other = crd.spec.versions.find(
    (entry) => entry.served && entry.name !== storage && resource.versions[entry.name] !== undefined
  )?.name
  if (storage === undefined || other === undefined) return undefined
  const stored = await oneStoredObject(client, objectsAt(crd, storage))
  const probe =
    stored === undefined
      ? (version: string) => () =>
          dryRunCreate(client, objectsAt(crd, version), checkObject(resource, version))
      : (version: string) => () => readObject(client, objectsAt(crd, version), stored)
  const crdName = resource.identity.crdName
  const atOther: number[] = []
  const atStorage: number[] = []
  const fromMetrics: number[] = []
  try {
    // not counted: opens the API server's connection to the webhook (a TCP and TLS handshake)
    await probe(other)()
    let before = await readConversionMetrics(client, crdName)
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      atStorage.push(await timed(probe(storage)))
      atOther.push(await timed(probe(other)))
      if (before === undefined) continue
      const after = await readConversionMetrics(client, crdName)
      const ms = metricsRoundTripMs(before, after)
      if (ms !== undefined) fromMetrics.push(ms)
      before = after
    }
  } catch (error) {
    const failure = apiFailure(error)
    if (failure !== undefined && failure.code >= 500)
      return { version: other, message: failure.message }
    const verb = stored === undefined ? 'create' : 'get'
    throw explainClusterError(
      error,
      { verb, resource: resourceName(objectsAt(crd, other)), name: stored?.name ?? '(dry run)' },
      client
    )
  }
  const found = {
    probe: stored === undefined ? ('dry-run' as const) : ('get' as const),
    version: other,
    samples: SAMPLES,
  }
  if (fromMetrics.length > 0) return { ms: median(fromMetrics), source: 'metrics', ...found }
  const reviews = stored === undefined ? REVIEWS_PER_DRY_RUN : 1
  const ms = Math.max(0, median(atOther) - median(atStorage)) / reviews
  return { ms, source: 'timed', ...found }
}

/** The mean of the calls counted between two readings of the histogram, in ms. */
export function metricsRoundTripMs(
  before: ConversionMetrics | undefined,
  after: ConversionMetrics | undefined
): number | undefined {
  if (after === undefined) return undefined
  const calls = after.calls - (before?.calls ?? 0)
  if (calls <= 0) return undefined
  return ((after.seconds - (before?.seconds ?? 0)) * 1000) / calls
}

async function oneStoredObject(
  client: ClusterClient,
  at: ObjectsAt
): Promise<{ name: string; namespace?: string } | undefined> {
  for await (const page of objectPages(client, at, 1)) {
    const metadata = page.items[0]?.metadata as { name?: string; namespace?: string } | undefined
    if (metadata?.name === undefined) return undefined
    return {
      name: metadata.name,
      ...(metadata.namespace === undefined ? {} : { namespace: metadata.namespace }),
    }
  }
  return undefined
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now()
  await action()
  return performance.now() - startedAt
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
