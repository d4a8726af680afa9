import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { freePort } from '../../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { withEnvironment } from '../../support/environment.ts'
import { writeUnreachableKubeconfig } from '../../support/local-kubeconfig.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { nodeServerTarget, type RunningWebhook } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'
import { stuckCronTab } from './fixtures/broken-crontab.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', `${name}.ts`)
const directory = mkdtempSync(join(tmpdir(), 'crdconv-refusals-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describe('cluster commands without a cluster to talk to', () => {
  it('name a --kubeconfig that does not exist and exit 2', async () => {
    const run = await crdconv(['status', '--kubeconfig', join(directory, 'missing.yaml')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`--kubeconfig ${join(directory, 'missing.yaml')}: no such file`)
  })

  it('say where a kubeconfig comes from when there is none', async () => {
    const run = await withEnvironment(
      { KUBECONFIG: '', HOME: directory, KUBERNETES_SERVICE_HOST: undefined },
      () => crdconv(['migrate', '--kind', 'crontabs'])
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no kubeconfig: pass --kubeconfig FILE, set KUBECONFIG')
  })

  it('name an unreachable API server and the context, and exit 2', async () => {
    const server = `https://127.0.0.1:${await freePort()}`
    const file = writeUnreachableKubeconfig(join(directory, 'unreachable.yaml'), server)
    const run = await crdconv(['migrate', '--kind', 'crontabs', '--kubeconfig', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`cannot reach the API server at ${server} (context gone)`)
    expect(run.stderr).toContain('ECONNREFUSED')
  })
})

describeWithApiServer('cluster commands on a real API server', (release) => {
  let server: TestApiServer
  let tls: ServingCertificate
  let broken: RunningWebhook
  const cli = (args: readonly string[], kubeconfig = server.kubeconfigPath) =>
    crdconv([...args, '--kubeconfig', kubeconfig])
  const kube = (args: readonly string[], input?: string) =>
    kubectlOk(server.kubeconfigPath, args, input)
  const applyCrd = async (scheme: string, url: string, caBundle?: string) => {
    const generated = await crdconv([
      'crd',
      '--scheme',
      fixture(scheme),
      '--url',
      url,
      ...(caBundle === undefined ? [] : ['--ca-bundle', caBundle]),
    ])
    expect(generated.code).toBe(0)
    await kube(['apply', '-f', '-'], generated.stdout)
    const name =
      scheme === 'broken-crontab' ? 'crontabs.broken.example.com' : 'crontabs.example.com'
    await kube(['wait', '--for', 'condition=established', `crd/${name}`])
  }
  const crdState = async () =>
    kube([
      'get',
      'crd',
      'crontabs.example.com',
      '-o',
      'jsonpath={.metadata.resourceVersion} {.status.storedVersions}',
    ])

  beforeAll(async () => {
    tls = await writeServingCertificate(directory)
    ;[server, broken] = await Promise.all([
      sharedTestApiServer({ assets: release.assets }),
      nodeServerTarget.start(tls, fixture('broken-crontab')),
    ])
  }, API_SERVER_START_MS)
  afterAll(() => Promise.all([server?.stop(), broken?.stop()]))

  it('names a context the kubeconfig lacks, with the ones it has', async () => {
    const run = await cli(['status', '--context', 'prod'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('context "prod" is not in --kubeconfig')
    expect(run.stderr).toContain('it has crdconv-test')
  })

  it('says a CRD is not installed and how to install it (exit 2)', async () => {
    const run = await cli(['migrate', '--scheme', fixture('crontab-v1-storage')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      'CRD crontabs.example.com is not installed in context crdconv-test'
    )
    const status = await cli(['status', '--scheme', fixture('crontab-v1-storage')])
    expect(status.code).toBe(1)
    const kubeconfig = `--kubeconfig ${server.kubeconfigPath}`
    expect(status.stdout).toContain(
      `apply it: crdconv crd --scheme ${fixture('crontab-v1-storage')} ${kubeconfig} --url 'https://<your-webhook>/convert' | kubectl ${kubeconfig} apply -f -`
    )
  })

  it('refuses to migrate when the live storage version is not the scheme’s, writing nothing', async () => {
    const closed = `https://127.0.0.1:${await freePort()}/convert`
    await applyCrd('crontab-v1beta1-storage', closed)
    const before = await crdState()
    const run = await cli(['migrate', '--scheme', fixture('crontab-v1-storage')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      "the live CRD stores v1beta1 but the scheme's storage version is v1: apply the CRD from crdconv crd first"
    )
    expect(await crdState()).toBe(before)
  })

  it('names the verb and resource RBAC forbids, writing nothing', async () => {
    const closed = `https://127.0.0.1:${await freePort()}/convert`
    await applyCrd('crontab-v1-storage', closed)
    await kube([
      'create',
      'clusterrole',
      'crontab-reader',
      '--verb=get,list',
      '--resource=crontabs.example.com,customresourcedefinitions.apiextensions.k8s.io',
    ])
    await kube([
      'create',
      'clusterrolebinding',
      'alice-reads',
      '--clusterrole=crontab-reader',
      '--user=alice',
    ])
    const alice = await server.kubeconfigFor('alice')
    const before = await crdState()
    const run = await cli(['migrate', '--scheme', fixture('crontab-v1-storage')], alice)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      'RBAC forbids update crontabs.example.com and update customresourcedefinitions.apiextensions.k8s.io/status'
    )
    expect(await crdState()).toBe(before)
  })

  it('stops before writing when the webhook does not answer through the API server (exit 1)', async () => {
    const before = await crdState()
    const run = await cli(['migrate', '--scheme', fixture('crontab-v1-storage')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('the webhook does not convert through the API server (v1beta1:')
    expect(run.stdout).toContain('nothing was written')
    expect(await crdState()).toBe(before)
  })

  // kubectl get showing the Failed message runs on every target in lifecycle-suite.ts
  it('flags a webhook that answers Failed in status', async () => {
    await applyCrd('broken-crontab', broken.url, tls.caCert)
    await kube(['create', '-f', '-'], JSON.stringify(stuckCronTab()))
    const status = await cli(['status', '--scheme', fixture('broken-crontab')])
    expect(status.code).toBe(1)
    expect(status.stdout).toMatch(/v1 +served +served +no +same +FAILED/)
    expect(status.stdout).toContain('[blocks the next step] the webhook answers with an error: ')
  })
})
