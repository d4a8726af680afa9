// A steady write/read loop on Pools at both versions, as clients keep using a CRD while its
// webhook is switched: each worker owns one Pool and, over and over, writes it at v1alpha1, reads
// it at both versions, writes it at v1beta1 and lists at v1alpha1. Every request that fails, and
// every read that does not give back what the worker wrote (at v1alpha1, spec.paused lives in
// the state annotation), is a failure, named.
import { poolsPath, type PoolRead, type PoolTakeoverCluster } from './pool-takeover-cluster.ts'

export interface SteadyLoad {
  /** Requests answered so far, failed ones included. */
  readonly requests: () => number
  /** Requests the API server answered 429 (it says Retry-After) and that were sent again, as client-go does. */
  readonly retried: () => number
  /** What failed so far: the request, its status and the API server's message, or the wrong read. */
  readonly failures: () => readonly string[]
  /** The replicas each Pool was last written with, by name. */
  readonly written: () => ReadonlyMap<string, number>
  /** Lets each worker finish its request, and settles when all have stopped. */
  readonly stop: () => Promise<void>
}

const MERGE_PATCH = 'application/merge-patch+json'
/** client-go sends a request again on a 429 up to 10 times, after the Retry-After the API server sets (1 s). */
const RETRIES_ON_429 = 10
const RETRY_AFTER_MS = 1_000

/** Starts one worker per name in `names`; each Pool must exist, stored with `spec.paused: true`. */
export function startSteadyPoolLoad(
  cluster: Pick<PoolTakeoverCluster, 'api'>,
  names: readonly string[]
): SteadyLoad {
  let requests = 0
  let retried = 0
  const written = new Map<string, number>()
  const failures: string[] = []
  let running = true
  const call = async (
    what: string,
    method: string,
    path: string,
    body?: unknown
  ): Promise<PoolRead | undefined> => {
    try {
      let answer = await cluster.api(method, path, body, MERGE_PATCH)
      for (let retry = 1; answer.status === 429 && retry <= RETRIES_ON_429; retry += 1) {
        retried += 1
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS))
        answer = await cluster.api(method, path, body, MERGE_PATCH)
      }
      requests += 1
      if (answer.status < 300) return JSON.parse(answer.body) as PoolRead
      failures.push(`${what}: HTTP ${answer.status} ${apiMessage(answer.body)}`)
    } catch (error) {
      requests += 1
      failures.push(`${what}: ${String(error)}`)
    }
    return undefined
  }
  const expectSpec = (what: string, pool: PoolRead | undefined, field: string, value: unknown) => {
    const found = pool?.spec?.[field]
    if (pool !== undefined && found !== value)
      failures.push(`${what}: spec.${field} is ${String(found)}, not ${String(value)}`)
  }
  const worker = async (name: string) => {
    let replicas = 1
    while (running) {
      replicas += 1
      const alphaWrite = `PATCH ${name} at v1alpha1 (size ${replicas})`
      const patch = { spec: { size: replicas } }
      const patched = await call(alphaWrite, 'PATCH', poolsPath('v1alpha1', name), patch)
      if (patched !== undefined) written.set(name, replicas)
      expectSpec(alphaWrite, patched, 'size', replicas)
      const alphaRead = `GET ${name} at v1alpha1`
      expectSpec(
        alphaRead,
        await call(alphaRead, 'GET', poolsPath('v1alpha1', name)),
        'size',
        replicas
      )
      const hubRead = `GET ${name} at v1beta1`
      const hub = await call(hubRead, 'GET', poolsPath('v1beta1', name))
      expectSpec(hubRead, hub, 'replicas', replicas)
      expectSpec(hubRead, hub, 'paused', true)
      replicas += 1
      const hubWrite = `PATCH ${name} at v1beta1 (replicas ${replicas})`
      const hubPatch = { spec: { replicas } }
      if ((await call(hubWrite, 'PATCH', poolsPath('v1beta1', name), hubPatch)) !== undefined)
        written.set(name, replicas)
      await call('LIST pools at v1alpha1', 'GET', poolsPath('v1alpha1'))
    }
  }
  const workers = names.map((name) => worker(name))
  return {
    requests: () => requests,
    retried: () => retried,
    written: () => written,
    failures: () => failures,
    stop: async () => {
      running = false
      await Promise.all(workers)
    },
  }
}

/** The `message` of a Kubernetes Status body, else the start of the body. */
function apiMessage(body: string): string {
  try {
    const status = JSON.parse(body) as { message?: unknown }
    if (typeof status.message === 'string') return status.message.slice(0, 300)
  } catch {
    // not JSON: the body itself says what went wrong
  }
  return body.slice(0, 300)
}
