import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import {
  POOL_CRD,
  POOL_WEBHOOK_BINARY,
  poolsPath,
  startPoolTakeoverCluster,
  TAKEOVER_RELEASES,
  type PoolTakeoverCluster,
} from './pool-takeover-cluster.ts'
import { startSteadyPoolLoad, type SteadyLoad } from './steady-pool-load.ts'

const POOLS = ['load-0', 'load-1', 'load-2', 'load-3']
/** The old endpoint counts as no longer called once the new one has answered this many reviews since its last one... */
const QUIET_REVIEWS = 100
/** ...and this long has passed: a late call of the old endpoint would show in it. */
const QUIET_MS = 15_000

/** What one switch did to the clients of the CRD and to the two endpoints. */
interface SwitchFigures {
  /** Requests the loop sent from the switch until the old endpoint was quiet, and those that failed. */
  readonly requests: number
  readonly failures: readonly string[]
  /** Requests answered 429 while the API server re-initialised the CRD's storage, and sent again. */
  readonly retried: number
  /** Reviews that reached the old endpoint from the start of `crdconv switch` on. */
  readonly oldReviews: number
  /** When the last of them arrived, after the start of `crdconv switch` (to 100 ms, the poll's interval). */
  readonly lastOldReviewMs: number
  /** Reviews the new endpoint answered meanwhile. */
  readonly newReviews: number
}

// the switch there and the switch back run in order, under one loop that runs from the start
describeWithApiServer(
  "switching a Pool CRD's webhook under a steady write/read loop at both versions",
  (release) => {
    let cluster: PoolTakeoverCluster
    let load: SteadyLoad

    beforeAll(async () => {
      if (POOL_WEBHOOK_BINARY === '') return
      cluster = await startPoolTakeoverCluster(release)
      for (const name of POOLS) {
        const created = await cluster.api('POST', poolsPath('v1beta1'), {
          apiVersion: 'takeover.crdconv.dev/v1beta1',
          kind: 'Pool',
          metadata: { name, namespace: 'pools' },
          spec: { replicas: 1, paused: true, memory: '1536Mi' },
        })
        expect(created.status, created.body).toBe(201)
      }
      load = startSteadyPoolLoad(cluster, POOLS)
      await vi.waitFor(() => expect(load.requests()).toBeGreaterThan(50), { timeout: 120_000 })
    }, API_SERVER_START_MS + 300_000)

    afterAll(async () => {
      await load?.stop()
      await cluster?.stop()
    })

    /**
     * Runs `crdconv switch` with `args` while the loop runs, then polls both endpoints' counts
     * until the old one has been quiet while the new one served.
     */
    const measureSwitch = async (
      args: readonly string[],
      oldReviews: () => Promise<number>,
      newReviews: () => Promise<number>
    ): Promise<SwitchFigures> => {
      const [requestsBefore, retriedBefore, failedBefore] = [
        load.requests(),
        load.retried(),
        load.failures().length,
      ]
      const [oldBefore, newBefore] = await Promise.all([oldReviews(), newReviews()])
      const started = performance.now()
      const switched = await cluster.cli(['switch', POOL_CRD, ...args])
      expect(switched.code, switched.stderr).toBe(0)
      let [lastOld, lastOldAt, newAtLastOld] = [oldBefore, started, newBefore]
      await expect
        .poll(
          async () => {
            const [old, current] = await Promise.all([oldReviews(), newReviews()])
            if (old !== lastOld)
              [lastOld, lastOldAt, newAtLastOld] = [old, performance.now(), current]
            return (
              current - newAtLastOld >= QUIET_REVIEWS && performance.now() - lastOldAt >= QUIET_MS
            )
          },
          { timeout: 300_000, interval: 100 }
        )
        .toBe(true)
      const figures = {
        requests: load.requests() - requestsBefore,
        failures: load.failures().slice(failedBefore),
        retried: load.retried() - retriedBefore,
        oldReviews: lastOld - oldBefore,
        lastOldReviewMs: Math.round(lastOldAt - started),
        newReviews: (await newReviews()) - newBefore,
      }
      // the figures docs/takeover.md's table quotes, printed with the run's output
      process.stderr.write(`${release.name} switch ${args[0] ?? ''}: ${JSON.stringify(figures)}\n`)
      return figures
    }

    it(
      "moves from the Go webhook's Service to crdconv's URL with no request failing, and the Go webhook stops being called",
      { timeout: 400_000 },
      async () => {
        const figures = await measureSwitch(
          ['--url', cluster.oursUrl, '--ca-bundle', cluster.tls.caCert],
          () => cluster.go.reviews(),
          async () => cluster.ours.started()
        )
        expect(figures.failures).toEqual([])
        expect(figures.newReviews).toBeGreaterThanOrEqual(QUIET_REVIEWS)
      }
    )

    it(
      'goes back to the Service (--to-service) with no request failing, and crdconv stops being called',
      { timeout: 400_000 },
      async () => {
        const figures = await measureSwitch(
          ['--to-service'],
          async () => cluster.ours.started(),
          () => cluster.go.reviews()
        )
        expect(figures.failures).toEqual([])
        expect(figures.newReviews).toBeGreaterThanOrEqual(QUIET_REVIEWS)
      }
    )

    it('leaves every Pool the loop wrote as last written, spec.paused kept through both webhooks', async () => {
      await load.stop()
      expect(load.failures()).toEqual([])
      for (const name of POOLS) {
        const hub = await cluster.read('v1beta1', name)
        const spoke = await cluster.read('v1alpha1', name)
        const replicas = load.written().get(name)
        expect(hub.spec).toEqual({ replicas, paused: true, memory: '1536Mi' })
        expect(spoke.spec).toEqual({ size: replicas, memory: '1536Mi' })
      }
    })
  },
  TAKEOVER_RELEASES
)
