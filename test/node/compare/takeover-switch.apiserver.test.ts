import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { POOL_CONVERSION_DATA } from '../../../examples/pool/index.ts'
import {
  API_SERVER_RELEASES,
  API_SERVER_START_MS,
  describeWithApiServer,
} from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import {
  poolWebhookBinary,
  startPoolWebhook,
  type RunningPoolWebhook,
} from '../../support/pool-webhook.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { nodeServerTarget, type RunningWebhook } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'

const SCHEME = join(import.meta.dirname, 'fixtures', 'pool-scheme.ts')
const CRD = 'pools.takeover.crdconv.dev'
const binary = poolWebhookBinary()
const releases = API_SERVER_RELEASES.map((release) =>
  'skip' in binary ? { ...release, skip: release.skip ?? binary.skip } : release
)

describeWithApiServer(
  'a Pool CRD served by the Go webhook behind a Service, switched to crdconv and back',
  (release) => {
    let server: TestApiServer
    let directory: string
    let tls: ServingCertificate
    let go: RunningPoolWebhook
    let ours: RunningWebhook
    const kube = (args: readonly string[], input?: string) =>
      kubectlOk(server.kubeconfigPath, args, input)
    const read = async (version: string, name: string) =>
      JSON.parse(
        await kube([
          'get',
          `pools.${version}.takeover.crdconv.dev`,
          name,
          '-n',
          'pools',
          '-o',
          'json',
        ])
      )
    const cli = (args: readonly string[]) =>
      crdconv([...args, '--kubeconfig', server.kubeconfigPath])

    beforeAll(async () => {
      if ('skip' in binary) return
      directory = mkdtempSync(join(tmpdir(), 'crdconv-takeover-'))
      tls = await writeServingCertificate(directory, undefined, ['pool-webhook.pools.svc'])
      ;[server, go, ours] = await Promise.all([
        sharedTestApiServer({ assets: release.assets }),
        startPoolWebhook(binary.path, tls),
        nodeServerTarget.start(tls, SCHEME),
      ])
      // no cluster network here: an ExternalName Service resolves to the Go webhook on loopback,
      // as the API server's service resolver resolves a clientConfig.service
      await kube(['create', 'namespace', 'pools'])
      await kube([
        'create',
        'service',
        'externalname',
        'pool-webhook',
        '-n',
        'pools',
        '--external-name',
        '127.0.0.1',
      ])
      const generated = await crdconv([
        'crd',
        '--scheme',
        SCHEME,
        '--url',
        ours.url,
        '--ca-bundle',
        tls.caCert,
        '-o',
        'json',
      ])
      expect(generated.code).toBe(0)
      const crd = JSON.parse(generated.stdout)
      crd.spec.conversion.webhook.clientConfig = {
        service: { namespace: 'pools', name: 'pool-webhook', port: go.port, path: '/convert' },
        caBundle: Buffer.from(readFileSync(tls.caCert, 'utf8')).toString('base64'),
      }
      await kube(['apply', '-f', '-'], JSON.stringify(crd))
      await kube(['wait', '--for', 'condition=established', `crd/${CRD}`])
    }, API_SERVER_START_MS + 120_000)

    afterAll(async () => {
      await kube(['delete', 'crd', CRD, '--ignore-not-found']).catch(() => undefined)
      await kube(['delete', 'namespace', 'pools', '--wait=false']).catch(() => undefined)
      await Promise.all([server?.stop(), go?.stop(), ours?.stop()])
      if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
    })

    it('reads, through crdconv, what the Go webhook converted, and the Go webhook reads back what crdconv wrote', async () => {
      await kube(
        ['create', '-f', '-'],
        JSON.stringify({
          apiVersion: 'takeover.crdconv.dev/v1beta1',
          kind: 'Pool',
          metadata: { name: 'paused', namespace: 'pools' },
          spec: { replicas: 3, paused: true, memory: '1536Mi' },
        })
      )
      const byGo = await read('v1alpha1', 'paused')
      expect(byGo.spec).toEqual({ size: 3, memory: '1536Mi' })
      expect(byGo.metadata.annotations).toHaveProperty([POOL_CONVERSION_DATA])

      const dryRun = await cli([
        'switch',
        CRD,
        '--url',
        ours.url,
        '--ca-bundle',
        tls.caCert,
        '--dry-run',
      ])
      expect(dryRun.code).toBe(0)
      expect(dryRun.stdout).toMatch(/^- service: pools\/pool-webhook:\d+\/convert$/m)
      const switched = await cli(['switch', CRD, '--url', ours.url, '--ca-bundle', tls.caCert])
      expect(switched.code).toBe(0)
      await expect
        .poll(async () => (await read('v1alpha1', 'paused')).spec, { timeout: 60_000 })
        .toEqual({ size: 3, memory: '1536Mi' })

      // written at v1alpha1 while crdconv serves: paused must come back from the state annotation
      const atAlpha = await read('v1alpha1', 'paused')
      await kube(
        ['replace', '-f', '-'],
        JSON.stringify({ ...atAlpha, spec: { ...atAlpha.spec, size: 5 } })
      )
      expect((await read('v1beta1', 'paused')).spec).toEqual({
        replicas: 5,
        paused: true,
        memory: '1536Mi',
      })

      const back = await cli(['switch', CRD, '--to-service'])
      expect(back.code).toBe(0)
      const live = JSON.parse(await kube(['get', 'crd', CRD, '-o', 'json']))
      expect(live.spec.conversion.webhook.clientConfig.service).toEqual({
        namespace: 'pools',
        name: 'pool-webhook',
        port: go.port,
        path: '/convert',
      })
      // the Go webhook now reads at v1alpha1 what crdconv's time left stored
      await expect
        .poll(async () => (await read('v1alpha1', 'paused')).spec, { timeout: 60_000 })
        .toEqual({ size: 5, memory: '1536Mi' })
      expect((await read('v1beta1', 'paused')).spec).toEqual({
        replicas: 5,
        paused: true,
        memory: '1536Mi',
      })
    })
  },
  releases
)
