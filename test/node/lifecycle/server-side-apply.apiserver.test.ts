// Server-side apply through the whole version lifecycle on a real API server: field managers at
// v1beta1 and v1 (Apply, Update, status and scale subresources), storage moved to v1, migrate,
// v1beta1 unserved, retire; then every manager goes on applying at v1. And the repair of a
// cluster whose v1beta1 was removed by hand while managedFields still named it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { kubectl } from '../../support/kubectl.ts'
import { withEnvironment } from '../../support/environment.ts'
import { nodeServerTarget, type RunningWebhook } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'
import { applyCrd, fixture, kubeOn, storedApiVersions } from './server-side-cluster.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const NAMES = ['ssa-0', 'ssa-1', 'ssa-2']
const OPERATIONS_DOC = readFileSync(
  join(import.meta.dirname, '../../../docs/operations.md'),
  'utf8'
)
const INVALID_VERSION = 'request to convert CR to an invalid group/version'

interface Owned {
  metadata: {
    labels?: Record<string, string>
    managedFields?: { manager: string; apiVersion: string; operation: string }[]
  }
  host?: string
  port?: string
  spec?: { cronSpec?: string; image?: string; replicas?: number }
  status?: { replicas?: number }
}

describeWithApiServer('server-side apply through the CronTab lifecycle', (release) => {
  let server: TestApiServer
  let webhook: RunningWebhook
  let repairWebhook: RunningWebhook
  let tls: ServingCertificate
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-ssa-'))
  const kube = (args: readonly string[], input?: string) => kubeOn(server)(args, input)
  const cli = (args: readonly string[]) => crdconv([...args, '--kubeconfig', server.kubeconfigPath])
  const apply = (manager: string, object: object, more: readonly string[] = []) =>
    kubectl(
      server.kubeconfigPath,
      ['apply', '--server-side', `--field-manager=${manager}`, ...more, '-f', '-'],
      JSON.stringify(object)
    )
  const cronTab = (group: string, version: string, name: string, fields: object) => ({
    apiVersion: `${group}/${version}`,
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    ...fields,
  })
  const read = async (group: string, name: string): Promise<Owned> =>
    JSON.parse(
      await kube(['get', `crontabs.v1.${group}`, name, '-o', 'json', '--show-managed-fields'])
    ) as Owned
  const versionsNamed = async (group: string) => {
    const versions = new Set<string>()
    for (const name of NAMES) {
      for (const entry of (await read(group, name)).metadata.managedFields ?? []) {
        versions.add(entry.apiVersion)
      }
    }
    return [...versions].sort()
  }

  beforeAll(async () => {
    tls = await writeServingCertificate(directory)
    ;[server, webhook, repairWebhook] = await Promise.all([
      sharedTestApiServer({ assets: release.assets }),
      nodeServerTarget.start(tls),
      nodeServerTarget.start(tls, fixture('repair-crontab-v1-storage')),
    ])
  }, API_SERVER_START_MS)

  afterAll(async () => {
    await Promise.all([server?.stop(), webhook?.stop(), repairWebhook?.stop()])
    rmSync(directory, { recursive: true, force: true })
  })

  const group = 'example.com'
  const crd = (scheme: string) => applyCrd(server, group, scheme, webhook.url, tls.caCert)

  it('takes applies by two managers at two versions, an edit, and status and scale writes', async () => {
    await crd('crontab-v1beta1-storage')
    for (const [index, name] of NAMES.entries()) {
      const team = cronTab(group, 'v1beta1', name, {
        hostPort: `localhost:${2000 + index}`,
        spec: { cronSpec: '* * * * */5', image: 'team-image' },
      })
      expect((await apply('team', team)).stderr).toBe('')
      const scaler = cronTab(group, 'v1', name, { spec: { replicas: 2 } })
      expect((await apply('scaler', scaler)).stderr).toBe('')
      const status = cronTab(group, 'v1beta1', name, { status: { replicas: 1 } })
      expect((await apply('status-writer', status, ['--subresource=status'])).stderr).toBe('')
    }
    const edited = JSON.parse(
      await kube(['get', `crontabs.v1beta1.${group}`, 'ssa-0', '-o', 'json'])
    ) as Owned
    edited.metadata.labels = { ...edited.metadata.labels, edited: 'yes' }
    await kube(['replace', '-f', '-'], JSON.stringify(edited))
    await kube([
      'patch',
      `crontabs.v1beta1.${group}`,
      'ssa-1',
      '--subresource=scale',
      '--type=merge',
      '-p',
      '{"spec":{"replicas":2}}',
    ])
    expect(await versionsNamed(group)).toEqual([`${group}/v1`, `${group}/v1beta1`])
  })

  it('migrate moves every managedFields entry to v1 with the data', async () => {
    await crd('crontab-v1-storage')
    const migrated = await cli(['migrate', '--scheme', fixture('crontab-v1-storage')])
    expect(migrated.stderr).not.toContain('Error')
    expect(migrated.code).toBe(0)
    expect(migrated.stdout).toContain(
      `managedFields: moved the field managers of ${NAMES.length} objects to v1 (every owned field kept)`
    )
    expect(Object.values(await storedApiVersions(server, group))).toEqual(
      NAMES.map(() => `${group}/v1`)
    )
    expect(await versionsNamed(group)).toEqual([`${group}/v1`])
  })

  it('unserves and removes v1beta1, retires the webhook, and status sees nothing left to fix', async () => {
    await crd('crontab-v1beta1-unserved')
    const retired = await cli(['retire', '--scheme', fixture('crontab-v1-only')])
    expect(retired.stderr).not.toContain('no CRD printed')
    expect(retired.code).toBe(0)
    await kube(['apply', '-f', '-'], retired.stdout)
    const status = await cli(['status', '--scheme', fixture('crontab-v1-only')])
    expect(status.stdout).not.toContain('managedFields at other versions')
    expect(status.code).toBe(0)
  })

  it('lets each manager apply at v1: a dropped field is removed, the others’ fields kept', async () => {
    const team = cronTab(group, 'v1', 'ssa-0', {
      host: 'localhost',
      port: '2000',
      spec: { cronSpec: '* * * * */5' },
    })
    const applied = await apply('team', team)
    expect(applied.stderr).toBe('')
    expect(applied.code).toBe(0)
    const after = await read(group, 'ssa-0')
    expect(after.spec).toEqual({ cronSpec: '* * * * */5', replicas: 2 })
    expect(after.metadata.labels).toEqual({ edited: 'yes' })
    expect(after.status).toEqual({ replicas: 1 })

    const scaled = await apply('scaler', cronTab(group, 'v1', 'ssa-0', { spec: { replicas: 3 } }))
    expect(scaled.code).toBe(0)
    const status = cronTab(group, 'v1', 'ssa-0', { status: { replicas: 3 } })
    expect((await apply('status-writer', status, ['--subresource=status'])).code).toBe(0)
    expect(await read(group, 'ssa-0')).toMatchObject({
      spec: { replicas: 3 },
      status: { replicas: 3 },
    })
  })

  it('still reports a conflict between two managers as a conflict', async () => {
    const team = cronTab(group, 'v1', 'ssa-1', {
      host: 'localhost',
      port: '2001',
      spec: { cronSpec: '* * * * */5', image: 'team-image', replicas: 5 },
    })
    const conflict = await apply('team', team)
    expect(conflict.code).not.toBe(0)
    expect(conflict.stderr).toMatch(/conflict/i)
    expect(conflict.stderr).toContain('.spec.replicas')
    expect(conflict.stderr).not.toContain(INVALID_VERSION)
    expect((await read(group, 'ssa-1')).spec?.replicas).toBe(2)
  })

  const repair = 'repair.example.com'
  const repairCrd = (scheme: string) =>
    applyCrd(server, repair, scheme, repairWebhook.url, tls.caCert)

  it('repairs a cluster whose v1beta1 was removed by hand while managedFields named it', async () => {
    await repairCrd('repair-crontab-v1beta1-storage')
    for (const [index, name] of NAMES.entries()) {
      const team = cronTab(repair, 'v1beta1', name, {
        hostPort: `localhost:${3000 + index}`,
        spec: { cronSpec: '* * * * */5', image: 'team-image' },
      })
      expect((await apply('team', team)).code).toBe(0)
    }
    await repairCrd('repair-crontab-v1-storage')
    await rewriteByHand(repair)
    await kube([
      'patch',
      `crd/crontabs.${repair}`,
      '--subresource=status',
      '--type=merge',
      '-p',
      '{"status":{"storedVersions":["v1"]}}',
    ])

    const status = await cli(['status', '--scheme', fixture('repair-crontab-v1-storage')])
    expect(status.code).toBe(1)
    expect(status.stdout).toContain(
      `managedFields at other versions: v1beta1: ${NAMES.length} objects`
    )
    expect(status.stdout).toContain(
      `move them to v1: crdconv migrate --scheme ${fixture('repair-crontab-v1-storage')} --kubeconfig ${server.kubeconfigPath}`
    )
    // KUBECONFIG alone, no --kubeconfig or --context: retire reads that cluster all the same
    const refused = await withEnvironment({ KUBECONFIG: server.kubeconfigPath }, () =>
      crdconv(['retire', '--scheme', fixture('repair-crontab-v1-only')])
    )
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(
      `${NAMES.length} objects have managedFields entries at v1beta1`
    )
    expect(refused.stdout).toBe('')

    // by hand, as the user did: the CRD without v1beta1, printed with no cluster guard
    const byHand = await crdconv([
      'retire',
      '--offline',
      '--scheme',
      fixture('repair-crontab-v1-only'),
    ])
    expect(byHand.stderr).toContain('no cluster checked (--offline)')
    await kube(['apply', '-f', '-'], byHand.stdout)
    const team = cronTab(repair, 'v1', 'ssa-0', { spec: { cronSpec: '* * * * */5' } })
    const broken = await waitForApplyError(() => apply('team', team))
    expect(broken.stderr).toContain(INVALID_VERSION)
    const quoted = broken.stderr.trim().replaceAll(repair, 'example.com')
    expect(OPERATIONS_DOC, 'docs/operations.md quotes what kubectl printed').toContain(quoted)

    const repaired = await cli(['migrate', '--scheme', fixture('repair-crontab-v1-only')])
    expect(repaired.code).toBe(0)
    expect(repaired.stdout).toContain('no data to migrate: storedVersions is already [v1]')
    expect(repaired.stdout).toContain(
      `managedFields: moved the field managers of ${NAMES.length} objects to v1`
    )
    expect(repaired.stdout).toContain(
      '- default/ssa-0: team (Apply at v1beta1) no longer owns .hostPort'
    )
    expect(await versionsNamed(repair)).toEqual([`${repair}/v1`])

    const applied = await apply('team', team)
    expect(applied.stderr).toBe('')
    expect((await read(repair, 'ssa-0')).spec).toEqual({ cronSpec: '* * * * */5' })
  })

  /** Rewrites each object at v1 as a plain update (managedFields untouched) until etcd holds v1. */
  async function rewriteByHand(onGroup: string): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      for (const name of NAMES) {
        const object = await kube(['get', `crontabs.v1.${onGroup}`, name, '-o', 'json'])
        await kube(['replace', '-f', '-'], object)
      }
      const stored = await storedApiVersions(server, onGroup)
      if (NAMES.every((name) => stored[name] === `${onGroup}/v1`)) return
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`CronTabs of ${onGroup} are still not stored at v1`)
  }
})

/** The API server drops a removed version a moment after the CRD changes: apply until it fails. */
async function waitForApplyError(
  run: () => Promise<{ code: number; stderr: string }>
): Promise<{ code: number; stderr: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const result = await run()
    if (result.code !== 0) return result
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('server-side apply kept working with v1beta1 removed')
}
