import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { CompareReport } from '../../../packages/crdconv/src/compare/index.ts'
import { POOL_CONVERSION_DATA } from '../../../examples/pool/index.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { startPoolWebhook } from '../../support/pool-webhook.ts'
import {
  POOL_CRD,
  POOL_SCHEME,
  POOL_SERVICE,
  POOL_WEBHOOK_BINARY,
  poolsPath,
  startPoolTakeoverCluster,
  TAKEOVER_RELEASES,
  type PoolRead,
  type PoolTakeoverCluster,
} from './pool-takeover-cluster.ts'
import { crdconv } from '../cli/run-cli.ts'
import { readsDiffer, type PoolReads } from './pool-reads.ts'
import { proxyableAddress, serviceWithEndpoint } from './service-proxy-endpoint.ts'

const VERSIONS = ['v1alpha1', 'v1beta1'] as const
const at = (version: string) => `takeover.crdconv.dev/${version}`
const lastTransitionTime = '2026-11-30T08:15:02.250Z'
const address = proxyableAddress() ?? ''

/** Pools the Go webhook's time leaves in the cluster: paused or not, at either version, with status. */
const POOLS_BEFORE = [
  { version: 'v1beta1', name: 'paused', spec: { replicas: 3, paused: true, memory: '1536Mi' } },
  { version: 'v1beta1', name: 'unpaused', spec: { replicas: 0, paused: false, memory: '0.5' } },
  {
    version: 'v1beta1',
    name: 'running',
    spec: { replicas: 2, image: 'registry.example/pool:1.4' },
  },
  { version: 'v1alpha1', name: 'small', spec: { size: 1, memory: '512Mi' } },
]

describeWithApiServer(
  'a Pool CRD served by the Go webhook behind a Service, recorded, compared, switched to crdconv and back',
  (release) => {
    let cluster: PoolTakeoverCluster
    let corpus: string
    const names = new Set<string>()

    const readAll = async (): Promise<PoolReads> => {
      const reads: Record<string, PoolRead> = {}
      for (const name of names) {
        for (const version of VERSIONS)
          reads[`${name} at ${version}`] = await cluster.read(version, name)
      }
      return reads
    }
    const create = async (version: string, name: string, spec: Record<string, unknown>) => {
      const created = await cluster.api('POST', poolsPath(version), {
        apiVersion: at(version),
        kind: 'Pool',
        metadata: { name, namespace: 'pools' },
        spec,
      })
      expect(created.status, created.body).toBe(201)
      names.add(name)
    }
    /** Reads until a read reaches `served` and no longer `left`: the API server has picked up the switch. */
    const untilServedBy = async (served: () => Promise<number>, left: () => Promise<number>) => {
      await expect
        .poll(
          async () => {
            const [leftBefore, servedBefore] = await Promise.all([left(), served()])
            await cluster.read('v1alpha1', 'paused')
            const [leftAfter, servedAfter] = await Promise.all([left(), served()])
            return leftAfter === leftBefore && servedAfter > servedBefore
          },
          { timeout: 120_000, interval: 500 }
        )
        .toBe(true)
    }
    const goReviews = () => cluster.go.reviews()
    const ourReviews = async () => cluster.ours.started()

    beforeAll(async () => {
      if (POOL_WEBHOOK_BINARY === '') return
      cluster = await startPoolTakeoverCluster(release)
      corpus = mkdtempSync(join(tmpdir(), 'crdconv-takeover-corpus-'))
      for (const { version, name, spec } of POOLS_BEFORE) await create(version, name, spec)
      const status = await cluster.api(
        'PATCH',
        `${poolsPath('v1beta1', 'running')}/status`,
        { status: { phase: 'Running', readyReplicas: 2, lastTransitionTime } },
        'application/merge-patch+json'
      )
      expect(status.status, status.body).toBe(200)
    }, API_SERVER_START_MS + 120_000)

    afterAll(async () => {
      await cluster?.stop()
      if (corpus !== undefined) rmSync(corpus, { recursive: true, force: true })
    })

    it('records the objects through the Go webhook, at both versions, with the state coverage follows back', async () => {
      const recorded = await cluster.cli([
        'record',
        POOL_CRD,
        '--scheme',
        POOL_SCHEME,
        '--corpus',
        corpus,
      ])
      expect(recorded.code, recorded.stderr).toBe(0)
      const files = readdirSync(join(corpus, POOL_CRD, 'pools')).sort()
      expect(files).toEqual(
        [...names].flatMap((name) => VERSIONS.map((version) => `${name}.${version}.yaml`)).sort()
      )
      // the recorded v1alpha1 Pools carry the Go webhook's annotation: spec.paused comes back from it
      const coverage = await crdconv(['coverage', '--scheme', POOL_SCHEME, '--corpus', corpus])
      expect(coverage.code, coverage.stderr).toBe(0)
      expect(coverage.stdout).toMatch(
        /\.spec\.paused +annotated +annotation takeover\.crdconv\.dev\/conversion-data spec\.paused/
      )
      expect(`${coverage.stdout}${coverage.stderr}`).not.toMatch(/paused is never filled/)
    })

    it.skipIf(address === '')(
      "compares crdconv with the Go webhook through the API server's service proxy (--service ns/name:443): no real difference, the same state",
      async () => {
        // the proxy goes to a Pod's address, never loopback: the same Go webhook on this
        // machine's own address, behind a Service of port 443 with its endpoint written by hand
        const proxied = await startPoolWebhook(POOL_WEBHOOK_BINARY, cluster.tls, { host: address })
        try {
          await serviceWithEndpoint(cluster, {
            namespace: 'pools',
            name: 'pool-webhook-pods',
            address,
            port: proxied.port,
          })
          const compared = await cluster.cli([
            'compare',
            '--service',
            'pools/pool-webhook-pods:443',
            '--scheme',
            POOL_SCHEME,
            '--corpus',
            corpus,
            '--generated',
            '10',
            '--state-annotation',
            POOL_CONVERSION_DATA,
            '--json',
          ])
          const report = JSON.parse(compared.stdout) as CompareReport
          expect(report.real).toEqual([])
          expect(report.state).toEqual([])
          expect(compared.code).toBe(0)
          // 8 recorded (4 Pools at 2 versions), 3 examples and 2 with only metadata, 2 × 10 generated
          expect(report.objects).toBe(8 + 5 + 20)
          expect(await proxied.reviews()).toBeGreaterThanOrEqual(report.objects)
        } finally {
          await proxied.stop()
        }
      }
    )

    it('reads every object the Go webhook served the same through crdconv after the switch', async () => {
      const byGo = await readAll()
      const toCrdconv = [
        'switch',
        POOL_CRD,
        '--url',
        cluster.oursUrl,
        '--ca-bundle',
        cluster.tls.caCert,
      ]
      const dryRun = await cluster.cli([...toCrdconv, '--dry-run'])
      expect(dryRun.code, dryRun.stderr).toBe(0)
      expect(dryRun.stdout).toMatch(/^- service: pools\/pool-webhook:\d+\/convert$/m)
      expect(dryRun.stdout).toMatch(/^\+ url: https:\/\/127\.0\.0\.1:\d+\/convert\/<redacted>$/m)
      const switched = await cluster.cli(toCrdconv)
      expect(switched.code, switched.stderr).toBe(0)
      await untilServedBy(ourReviews, goReviews)
      expect(readsDiffer(await readAll(), byGo)).toEqual([])
    })

    it('reads every object written while crdconv served the same through the Go webhook after --to-service', async () => {
      for (const name of ['paused', 'small']) {
        const spoke = await cluster.read('v1alpha1', name)
        const replaced = await cluster.api('PUT', poolsPath('v1alpha1', name), {
          ...spoke,
          spec: { ...spoke.spec, size: 5, image: 'registry.example/pool:1.5' },
        })
        expect(replaced.status, replaced.body).toBe(200)
      }
      await create('v1alpha1', 'written-at-v1alpha1', { size: 2, memory: '1Gi' })
      await create('v1beta1', 'written-paused', { replicas: 4, paused: true })
      const byCrdconv = await readAll()
      expect(byCrdconv['paused at v1beta1']).toMatchObject({ spec: { replicas: 5, paused: true } })

      const back = await cluster.cli(['switch', POOL_CRD, '--to-service'])
      expect(back.code, back.stderr).toBe(0)
      const live = JSON.parse(await cluster.kube(['get', 'crd', POOL_CRD, '-o', 'json']))
      expect(live.spec.conversion.webhook.clientConfig.service).toEqual({
        ...POOL_SERVICE,
        port: cluster.go.port,
        path: '/convert',
      })
      await untilServedBy(goReviews, ourReviews)
      const byGo = await readAll()
      expect(readsDiffer(byGo, byCrdconv)).toEqual([])
      // the way back lost nothing: paused came back from the annotation crdconv wrote
      for (const name of ['paused', 'written-paused']) {
        expect(byGo[`${name} at v1beta1`]).toMatchObject({ spec: { paused: true } })
        expect(byGo[`${name} at v1alpha1`]?.['metadata']).toMatchObject({
          annotations: { [POOL_CONVERSION_DATA]: expect.stringContaining('"paused":true') },
        })
      }
    })
  },
  TAKEOVER_RELEASES
)
