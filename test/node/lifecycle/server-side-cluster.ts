// What the server-side migration tests set up on a real API server: CronTabs stored at v1beta1,
// the CRD switched to v1, a policy that forbids updating some of them, and what etcd holds.
import { join } from 'node:path'
import { expect } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import { crdconv } from '../cli/run-cli.ts'

export const fixture = (name: string) => join(import.meta.dirname, 'fixtures', `${name}.ts`)

/** The controllers a StorageVersionMigration needs in kube-controller-manager. */
export const MIGRATION_CONTROLLERS = [
  'storage-version-migrator-controller',
  'garbage-collector-controller',
]

/** `kubectl` against the test API server, throwing on a non-zero exit. */
export const kubeOn =
  (server: TestApiServer) =>
  (args: readonly string[], input?: string): Promise<string> =>
    kubectlOk(server.kubeconfigPath, args, input)

/** Applies the CronTab CRD of `group` as `crdconv crd` generates it from a fixture scheme; waits until it is established. */
export async function applyCrd(
  server: TestApiServer,
  group: string,
  scheme: string,
  url: string,
  caBundle: string
): Promise<void> {
  const generated = await crdconv([
    'crd',
    '--scheme',
    fixture(scheme),
    '--url',
    url,
    '--ca-bundle',
    caBundle,
  ])
  expect(generated.code).toBe(0)
  await kubeOn(server)(['apply', '-f', '-'], generated.stdout)
  await kubeOn(server)(['wait', '--for', 'condition=established', `crd/crontabs.${group}`])
}

/** CronTabs created at v1beta1 in `default`, one per name. */
export async function createCronTabs(
  server: TestApiServer,
  group: string,
  names: readonly string[]
): Promise<void> {
  const items = names.map((name, index) => ({
    apiVersion: `${group}/v1beta1`,
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    hostPort: `localhost:${1000 + index}`,
    spec: { cronSpec: '* * * * */5', image: 'my-cron-image', replicas: 1 },
  }))
  await kubeOn(server)(
    ['create', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items })
  )
}

/** The apiVersion each CronTab of `group` is stored at in etcd, by name. */
export async function storedApiVersions(
  server: TestApiServer,
  group: string
): Promise<Record<string, string>> {
  const entries = await server.readEtcd(`/registry/${group}/crontabs/`)
  return Object.fromEntries(
    entries.map((entry) => {
      const object = JSON.parse(entry.value) as { apiVersion: string; metadata: { name: string } }
      return [object.metadata.name, object.apiVersion]
    })
  )
}

/** The CRD's `status.storedVersions`. */
export async function storedVersions(server: TestApiServer, crdName: string): Promise<string[]> {
  const json = await kubeOn(server)([
    'get',
    'crd',
    crdName,
    '-o',
    'jsonpath={.status.storedVersions}',
  ])
  return JSON.parse(json) as string[]
}

/** The names of the cluster's StorageVersionMigrations. */
export async function migrationNames(server: TestApiServer): Promise<string[]> {
  const json = await kubeOn(server)(['get', 'storageversionmigrations', '-o', 'json'])
  const list = JSON.parse(json) as { items: { metadata: { name: string } }[] }
  return list.items.map((item) => item.metadata.name)
}

/** A ValidatingAdmissionPolicy that refuses every update of the CronTabs of `group` named `frozen-…`. */
export function freezePolicy(group: string): object {
  return {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingAdmissionPolicy',
        metadata: { name: 'frozen-crontabs' },
        spec: {
          failurePolicy: 'Fail',
          matchConstraints: {
            resourceRules: [
              {
                apiGroups: [group],
                apiVersions: ['*'],
                operations: ['UPDATE'],
                resources: ['crontabs'],
              },
            ],
          },
          validations: [
            {
              expression: "!object.metadata.name.startsWith('frozen-')",
              message: 'frozen CronTabs cannot be updated',
            },
          ],
        },
      },
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingAdmissionPolicyBinding',
        metadata: { name: 'frozen-crontabs' },
        spec: { policyName: 'frozen-crontabs', validationActions: ['Deny'] },
      },
    ],
  }
}

/** CronTabs of one group for a test: the CRD's name, the fixture schemes, the objects. */
export interface CronTabGroup {
  readonly group: string
  readonly crdName: string
  /** The fixture schemes with v1beta1 and with v1 as the storage version. */
  readonly schemes: { readonly v1beta1: string; readonly v1: string }
  readonly names: readonly string[]
}

const cronTabGroup = (
  group: string,
  schemes: CronTabGroup['schemes'],
  names: readonly string[]
): CronTabGroup => ({ group, crdName: `crontabs.${group}`, schemes, names })

/** The built-in CronTab, 30 objects. */
export const CRONTABS = cronTabGroup(
  'example.com',
  { v1beta1: 'crontab-v1beta1-storage', v1: 'crontab-v1-storage' },
  Array.from({ length: 30 }, (_, index) => `crontab-${index}`)
)
/** A CronTab whose `frozen-…` objects a policy (`freezePolicy`) may forbid to update. */
export const FROZEN = cronTabGroup(
  'frozen.example.com',
  { v1beta1: 'frozen-crontab-v1beta1-storage', v1: 'frozen-crontab-v1-storage' },
  ['thawed-1', 'thawed-2', 'frozen-1']
)
/** A CronTab whose webhook cannot convert `stuck-1` to v1. */
export const STUCK = cronTabGroup(
  'stuck.example.com',
  { v1beta1: 'stuck-crontab-v1beta1-storage', v1: 'stuck-crontab' },
  ['unstuck-1', 'stuck-1']
)

/**
 * The CronTabs of `crontabs` stored at v1beta1, then the CRD with v1 as the storage version
 * applied: storedVersions is [v1beta1, v1].
 */
export async function storedAtV1beta1(
  server: TestApiServer,
  crontabs: CronTabGroup,
  webhookUrl: string,
  caBundle: string
): Promise<void> {
  await applyCrd(server, crontabs.group, crontabs.schemes.v1beta1, webhookUrl, caBundle)
  await createCronTabs(server, crontabs.group, crontabs.names)
  await applyCrd(server, crontabs.group, crontabs.schemes.v1, webhookUrl, caBundle)
}

/**
 * kube-controller-manager's migrator starts once its cache of the resource has seen the
 * resourceVersion its migration recorded; on a resource nobody writes, that is the next watch
 * bookmark, up to a minute away. Runs `work` while creating a CronTab of the group (`nudge-N`)
 * each time a migration of it has recorded its resourceVersion, so that it starts at once.
 */
export async function withNudges<T>(
  server: TestApiServer,
  crontabs: CronTabGroup,
  work: () => Promise<T>
): Promise<T> {
  let running = true
  const nudged = new Set<string>()
  const nudger = (async () => {
    while (running) {
      const json = await kubeOn(server)(['get', 'storageversionmigrations', '-o', 'json'])
      const list = JSON.parse(json) as {
        items: {
          metadata: { name: string }
          spec: { resource: { group: string } }
          status?: { resourceVersion?: string; conditions?: { type: string; status: string }[] }
        }[]
      }
      for (const migration of list.items) {
        if (migration.spec.resource.group !== crontabs.group) continue
        if (migration.status?.resourceVersion === undefined) continue
        if (nudged.has(migration.metadata.name)) continue
        const ended = (migration.status.conditions ?? []).some(
          (condition) => condition.type !== 'Running' && condition.status === 'True'
        )
        if (ended) continue
        nudged.add(migration.metadata.name)
        await createCronTabs(server, crontabs.group, [`nudge-${migration.metadata.name}`])
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
  })()
  try {
    return await work()
  } finally {
    running = false
    await nudger
  }
}

/**
 * Deletes `freezePolicy(group)` and waits until the API server has let go of it: a server-side
 * dry-run update of `frozen-1` passes (the admission plugin drops a policy a moment later).
 */
export async function thaw(server: TestApiServer, group: string): Promise<void> {
  await kubeOn(server)(['delete', '-f', '-'], JSON.stringify(freezePolicy(group)))
  const probe = ['label', `crontabs.${group}`, 'frozen-1', 'probe=1', '--dry-run=server']
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if ((await kubectl(server.kubeconfigPath, probe)).code === 0) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the policy still refuses updates of ${group} frozen-1`)
}
