// `crdconv migrate --server-side` on a real API server: the cluster's own StorageVersionMigration
// where it has one (the current release, with kube-controller-manager running its migrator), the
// client-side rewrite where it has none (v1.20).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { freePort } from '../../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import {
  API_SERVER_START_MS,
  describeWithApiServer,
  hasControllerManager,
} from '../../support/api-server.ts'
import { nodeServerTarget, type RunningWebhook } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'
import {
  applyCrd,
  CRONTABS,
  fixture,
  FROZEN,
  freezePolicy,
  kubeOn,
  MIGRATION_CONTROLLERS,
  migrationNames,
  storedApiVersions,
  storedAtV1beta1,
  storedVersions,
  STUCK,
  thaw,
  withNudges,
  type CronTabGroup,
} from './server-side-cluster.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

/** A migration by the cluster takes 20 to 90 s on a loaded 2-core machine (discovery, GC sync). */
const MIGRATION_MS = 240_000
const ABSENT =
  'this cluster has no StorageVersionMigration API (storagemigration.k8s.io): migrating client-side'

describeWithApiServer('crdconv migrate --server-side', (release) => {
  const withMigrator = hasControllerManager(release)
  let server: TestApiServer
  const groups = withMigrator ? [CRONTABS, FROZEN, STUCK] : [CRONTABS]
  const webhooks = new Map<CronTabGroup, RunningWebhook>()
  const webhookUrl = (crontabs: CronTabGroup) => webhooks.get(crontabs)?.url ?? ''
  let tls: ServingCertificate
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-server-side-'))
  const cli = (args: readonly string[], kubeconfig = server.kubeconfigPath) =>
    crdconv([...args, '--kubeconfig', kubeconfig])
  const kube = (args: readonly string[], input?: string) => kubeOn(server)(args, input)
  const migrate = (scheme: string, more: readonly string[] = [], kubeconfig?: string) =>
    cli(['migrate', '--scheme', fixture(scheme), '--server-side', ...more], kubeconfig)

  /** Every apiVersion the managedFields of the CronTabs of `group` name. */
  const managedFieldsVersions = async (group: string) => {
    const list = JSON.parse(
      await kube(['get', `crontabs.${group}`, '-o', 'json', '--show-managed-fields'])
    ) as { items: { metadata: { managedFields?: { apiVersion: string }[] } }[] }
    const versions = list.items.flatMap((item) =>
      (item.metadata.managedFields ?? []).map((entry) => entry.apiVersion)
    )
    return [...new Set(versions)].sort()
  }

  beforeAll(async () => {
    tls = await writeServingCertificate(directory)
    const started = await Promise.all([
      sharedTestApiServer({
        assets: release.assets,
        ...(withMigrator ? { controllers: MIGRATION_CONTROLLERS } : {}),
      }),
      ...groups.map((crontabs) => nodeServerTarget.start(tls, fixture(crontabs.schemes.v1))),
    ])
    server = started[0]
    groups.forEach((crontabs, index) =>
      webhooks.set(crontabs, started[index + 1] as RunningWebhook)
    )
    // all at once: the migrator's garbage collector learns of new CRDs every 30 s
    await Promise.all(
      groups.map((crontabs) => storedAtV1beta1(server, crontabs, webhookUrl(crontabs), tls.caCert))
    )
  }, API_SERVER_START_MS)

  afterAll(async () => {
    await Promise.all([server?.stop(), ...[...webhooks.values()].map((webhook) => webhook.stop())])
    rmSync(directory, { recursive: true, force: true })
  })

  if (!withMigrator) {
    it('status says the cluster migrates client-side only, in a line and in --json', async () => {
      const status = await cli(['status', '--scheme', fixture('crontab-v1-storage')])
      expect(status.stdout).toContain(
        `storage migration: client-side only (this cluster has no StorageVersionMigration API (storagemigration.k8s.io)): crdconv migrate --scheme ${fixture('crontab-v1-storage')} --kubeconfig ${server.kubeconfigPath}\n`
      )
      const json = await cli(['status', '--scheme', fixture('crontab-v1-storage'), '--json'])
      expect(JSON.parse(json.stdout).storageMigration).toEqual({
        serverSide: false,
        reason: 'this cluster has no StorageVersionMigration API (storagemigration.k8s.io)',
      })
    })

    it('says the API is absent, then rewrites every object client-side and prunes storedVersions', async () => {
      const run = await migrate('crontab-v1-storage')
      expect(run.stderr).toContain(ABSENT)
      expect(run.code).toBe(0)
      expect(run.stdout).toContain(`${CRONTABS.crdName}: rewrote 30 of 30 objects at v1`)
      expect(run.stdout).toContain('storedVersions: [v1beta1, v1] -> [v1]')
      expect(run.stdout).toContain(
        'managedFields: moved the field managers of 30 objects to v1 (every owned field kept)'
      )
      expect(Object.values(await storedApiVersions(server, 'example.com'))).toEqual(
        CRONTABS.names.map(() => 'example.com/v1')
      )
      expect(await managedFieldsVersions('example.com')).toEqual(['example.com/v1'])
      expect(await storedVersions(server, CRONTABS.crdName)).toEqual(['v1'])
    })
    return
  }

  it('status says the cluster migrates server-side, in a line and in --json', async () => {
    const status = await cli(['status', '--scheme', fixture('crontab-v1-storage')])
    const migrateCommand = `crdconv migrate --scheme ${fixture('crontab-v1-storage')} --kubeconfig ${server.kubeconfigPath}`
    expect(status.stdout).toContain(
      `storage migration: server-side (storagemigration.k8s.io/v1): ${migrateCommand} --server-side, or client-side: ${migrateCommand}\n`
    )
    const json = await cli(['status', '--scheme', fixture('crontab-v1-storage'), '--json'])
    const report = JSON.parse(json.stdout)
    expect(report.storageMigration).toEqual({
      serverSide: true,
      version: 'v1',
      groupVersion: 'storagemigration.k8s.io/v1',
    })
    expect(report.resources[0]).toMatchObject({
      crdName: CRONTABS.crdName,
      storedVersions: ['v1beta1', 'v1'],
      objects: { default: CRONTABS.names.length },
    })
  })

  it('names every verb RBAC forbids before creating anything (exit 2)', async () => {
    await kube([
      'create',
      'clusterrole',
      'crontab-reader',
      '--verb=get,list',
      `--resource=${CRONTABS.crdName},customresourcedefinitions.apiextensions.k8s.io`,
    ])
    await kube([
      'create',
      'clusterrolebinding',
      'alice-reads',
      '--clusterrole=crontab-reader',
      '--user=alice',
    ])
    const alice = await server.kubeconfigFor('alice')
    const run = await migrate('crontab-v1-storage', [], alice)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      'RBAC forbids create storageversionmigrations.storagemigration.k8s.io and get storageversionmigrations.storagemigration.k8s.io ' +
        'and list storageversionmigrations.storagemigration.k8s.io and watch storageversionmigrations.storagemigration.k8s.io and update customresourcedefinitions.apiextensions.k8s.io/status for context crdconv-test'
    )
    expect(await migrationNames(server)).toEqual([])
    expect(await storedVersions(server, CRONTABS.crdName)).toEqual(['v1beta1', 'v1'])
  })

  it('in a dry run, has the API server admit the migration and stores nothing', async () => {
    const run = await migrate('crontab-v1-storage', ['--dry-run'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      `${CRONTABS.crdName}: would create a StorageVersionMigration (storagemigration.k8s.io/v1): the API server would rewrite 30 objects at v1, ` +
        'then storedVersions would go from [v1beta1, v1] to [v1] (dry run'
    )
    expect(await migrationNames(server)).toEqual([])
    expect(new Set(Object.values(await storedApiVersions(server, 'example.com')))).toEqual(
      new Set(['example.com/v1beta1'])
    )
  })

  it(
    'has the API server rewrite every object at v1, its migrator pruning storedVersions to [v1]',
    async () => {
      const run = await withNudges(server, CRONTABS, () => migrate(CRONTABS.schemes.v1))
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(
        new RegExp(
          `^${CRONTABS.crdName}: the API server rewrote 30 objects at v1 \\(StorageVersionMigration crdconv-${CRONTABS.crdName}-\\w{5}, storagemigration\\.k8s\\.io/v1\\)$`,
          'm'
        )
      )
      expect(run.stdout).toContain(
        "storedVersions: [v1beta1, v1] -> [v1] (pruned by the cluster's migrator)"
      )
      expect(run.stderr).toMatch(
        /StorageVersionMigration crdconv-crontabs\.example\.com-\w{5} running/
      )
      expect(run.stderr).toMatch(/succeeded, (\d+)\/\1 objects rewritten/)
      const stored = await storedApiVersions(server, CRONTABS.group)
      expect(CRONTABS.names.map((name) => stored[name])).toEqual(
        CRONTABS.names.map(() => 'example.com/v1')
      )
      expect(await storedVersions(server, CRONTABS.crdName)).toEqual(['v1'])
      // the cluster's migrator leaves managedFields at v1beta1: crdconv moves them after it
      expect(run.stdout).toMatch(
        /managedFields: moved the field managers of \d+ objects to v1 \(every owned field kept\)/
      )
      expect(await managedFieldsVersions(CRONTABS.group)).toEqual([`${CRONTABS.group}/v1`])
      const again = await migrate('crontab-v1-storage')
      expect(again.stdout).toContain(
        `${CRONTABS.crdName}: nothing to migrate: storedVersions is already [v1]`
      )
      expect(again.stdout).not.toContain('managedFields')
    },
    MIGRATION_MS
  )

  it('stops before creating a migration when an object cannot be read at the storage version, naming it (exit 1)', async () => {
    const before = await migrationNames(server)
    const run = await migrate(STUCK.schemes.v1)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      `${STUCK.crdName}: not migrated: the objects cannot all be read at v1 through the API server, so its migrator could not rewrite them: `
    )
    expect(run.stdout).toContain('stuck-1 cannot be converted to v1 on purpose')
    expect(run.stdout).toContain('nothing was written')
    expect(await migrationNames(server)).toEqual(before)
    expect(await storedVersions(server, STUCK.crdName)).toEqual(['v1beta1', 'v1'])
  })

  it('stops before creating a migration when the webhook does not convert through the API server (exit 1)', async () => {
    const closed = `https://127.0.0.1:${await freePort()}/convert`
    await applyCrd(server, FROZEN.group, FROZEN.schemes.v1, closed, tls.caCert)
    const before = await migrationNames(server)
    const run = await migrate(FROZEN.schemes.v1)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      `${FROZEN.crdName}: not migrated: the webhook does not convert through the API server (v1beta1:`
    )
    expect(run.stdout).toContain('nothing was written')
    expect(await migrationNames(server)).toEqual(before)
    expect(await storedVersions(server, FROZEN.crdName)).toEqual(['v1beta1', 'v1'])
  })

  it(
    'reports a migration that fails by its object, resource and condition, storedVersions left as they were (exit 1)',
    async () => {
      await applyCrd(server, FROZEN.group, FROZEN.schemes.v1, webhookUrl(FROZEN), tls.caCert)
      await kube(['apply', '-f', '-'], JSON.stringify(freezePolicy(FROZEN.group)))
      const run = await withNudges(server, FROZEN, () => migrate(FROZEN.schemes.v1))
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(
        new RegExp(
          `^${FROZEN.crdName}: not migrated: StorageVersionMigration crdconv-${FROZEN.crdName}-\\w{5} \\(storagemigration\\.k8s\\.io/v1\\) of ${FROZEN.crdName} failed: ` +
            'Failed \\(StorageVersionMigrationFailed\\): .*frozen CronTabs cannot be updated',
          'm'
        )
      )
      expect(run.stdout).toContain('storedVersions left at [v1beta1, v1]')
      expect(await storedVersions(server, FROZEN.crdName)).toEqual(['v1beta1', 'v1'])
      expect((await storedApiVersions(server, FROZEN.group))['frozen-1']).toBe(
        'frozen.example.com/v1beta1'
      )
    },
    MIGRATION_MS
  )

  it(
    'follows a migration of the resource already under way instead of creating another',
    async () => {
      await thaw(server, FROZEN.group)
      await kube(
        ['create', '-f', '-'],
        JSON.stringify({
          apiVersion: 'storagemigration.k8s.io/v1',
          kind: 'StorageVersionMigration',
          metadata: { name: 'by-hand' },
          spec: { resource: { group: FROZEN.group, resource: 'crontabs' } },
        })
      )
      const run = await withNudges(server, FROZEN, () => migrate(FROZEN.schemes.v1))
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(
        new RegExp(
          `^${FROZEN.crdName}: the API server rewrote \\d+ objects at v1 \\(StorageVersionMigration by-hand, storagemigration\\.k8s\\.io/v1, already under way: followed\\)$`,
          'm'
        )
      )
      expect(new Set(Object.values(await storedApiVersions(server, FROZEN.group)))).toEqual(
        new Set(['frozen.example.com/v1'])
      )
      expect(await storedVersions(server, FROZEN.crdName)).toEqual(['v1'])
    },
    MIGRATION_MS
  )
})
