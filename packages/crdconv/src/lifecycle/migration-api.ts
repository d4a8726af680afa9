import type { V1APIGroup } from '@kubernetes/client-node'
import {
  apiFailure,
  explainClusterError,
  type ClusterClient,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'
import type { StorageVersionMigrationObject } from './migration-status.ts'

/** The API group of `StorageVersionMigration`, the API server's own storage migrator. */
export const STORAGE_MIGRATION_GROUP = 'storagemigration.k8s.io'
const PLURAL = 'storageversionmigrations'

/**
 * The versions crdconv speaks, newest first: `v1` (GA in 1.37), `v1beta1` (1.35, 1.36) and
 * `v1alpha1` (1.30 to 1.34, behind the `StorageVersionMigrator` feature gate and runtime config).
 */
export const MIGRATION_API_VERSIONS = ['v1', 'v1beta1', 'v1alpha1'] as const
export type MigrationApiVersion = (typeof MIGRATION_API_VERSIONS)[number]

/** Which storage migration a cluster supports: its own (server-side), or crdconv's rewrite alone. */
export type StorageMigrationSupport =
  | {
      readonly serverSide: true
      readonly version: MigrationApiVersion
      /** `storagemigration.k8s.io/v1` */
      readonly groupVersion: string
    }
  | {
      readonly serverSide: false
      /** A sentence: `this cluster has no StorageVersionMigration API (storagemigration.k8s.io)`. */
      readonly reason: string
    }

export type ServerSideSupport = Extract<StorageMigrationSupport, { serverSide: true }>

export const NO_MIGRATION_API = `this cluster has no StorageVersionMigration API (${STORAGE_MIGRATION_GROUP})`

/**
 * The version of `storagemigration.k8s.io` to use, from what discovery says of the group (or
 * undefined when the cluster does not serve it): its preferred version when crdconv knows it,
 * else the newest one it serves that crdconv knows.
 */
export function chooseMigrationApi(
  group: Pick<V1APIGroup, 'versions' | 'preferredVersion'> | undefined
): StorageMigrationSupport {
  if (group === undefined) return { serverSide: false, reason: NO_MIGRATION_API }
  const served = group.versions.map((entry) => entry.version)
  const known = (version: string | undefined): version is MigrationApiVersion =>
    (MIGRATION_API_VERSIONS as readonly string[]).includes(version ?? '')
  const preferred = group.preferredVersion?.version
  const version = known(preferred)
    ? preferred
    : MIGRATION_API_VERSIONS.find((candidate) => served.includes(candidate))
  if (version === undefined) {
    return {
      serverSide: false,
      reason: `this cluster serves ${STORAGE_MIGRATION_GROUP} at ${served.join(', ') || 'no version'}, none of which crdconv knows (${MIGRATION_API_VERSIONS.join(', ')})`,
    }
  }
  return { serverSide: true, version, groupVersion: `${STORAGE_MIGRATION_GROUP}/${version}` }
}

/**
 * Asks the API server's discovery whether it serves `storagemigration.k8s.io` and its
 * `storageversionmigrations`, at which version. Throws a `ClusterError` for an unreachable API
 * server or refused credentials.
 */
export async function detectStorageMigration(
  client: ClusterClient
): Promise<StorageMigrationSupport> {
  let groups: V1APIGroup[]
  try {
    groups = (await client.apis.getAPIVersions()).groups
  } catch (error) {
    throw explainClusterError(error, { verb: 'get', resource: '/apis (discovery)' }, client)
  }
  const support = chooseMigrationApi(groups.find((group) => group.name === STORAGE_MIGRATION_GROUP))
  if (!support.serverSide) return support
  try {
    const served = await client.objects.getAPIResources({
      group: STORAGE_MIGRATION_GROUP,
      version: support.version,
    })
    if (served.resources.some((resource) => resource.name === PLURAL)) return support
    return { serverSide: false, reason: `${support.groupVersion} serves no ${PLURAL}` }
  } catch (error) {
    if (apiFailure(error)?.code === 404) return { serverSide: false, reason: NO_MIGRATION_API }
    throw explainClusterError(error, { verb: 'get', resource: support.groupVersion }, client)
  }
}

/**
 * The `StorageVersionMigration` of the live CRD's resource, named `crdconv-<crd name>-<5 random>`
 * by the API server: `spec.resource` is `{ group, resource }`, with the storage version as well
 * on `v1alpha1`, which names a version.
 */
export function migrationManifest(
  api: ServerSideSupport,
  crd: LiveCustomResourceDefinition,
  storageVersion: string
): Record<string, unknown> {
  return {
    apiVersion: api.groupVersion,
    kind: 'StorageVersionMigration',
    metadata: {
      generateName: `crdconv-${crd.metadata.name}-`,
      labels: { 'app.kubernetes.io/managed-by': 'crdconv' },
    },
    spec: {
      resource: {
        group: crd.spec.group,
        resource: crd.spec.names.plural,
        ...(api.version === 'v1alpha1' ? { version: storageVersion } : {}),
      },
    },
  }
}

const at = (api: ServerSideSupport) => ({
  group: STORAGE_MIGRATION_GROUP,
  version: api.version,
  plural: PLURAL,
})

/** Creates the migration (with `dryRun`, only admits it); answers the name the API server gave it. */
export async function createMigration(
  client: ClusterClient,
  api: ServerSideSupport,
  manifest: Record<string, unknown>,
  dryRun: boolean
): Promise<string> {
  try {
    const created = (await client.objects.createClusterCustomObject({
      ...at(api),
      body: manifest,
      ...(dryRun ? { dryRun: 'All' } : {}),
    })) as StorageVersionMigrationObject
    return created.metadata.name
  } catch (error) {
    throw explainClusterError(
      error,
      { verb: 'create', resource: `${PLURAL}.${STORAGE_MIGRATION_GROUP}` },
      client
    )
  }
}

/** The migration `name` as the API server has it now; the client's error as is on failure. */
export async function readMigration(
  client: ClusterClient,
  api: ServerSideSupport,
  name: string
): Promise<StorageVersionMigrationObject> {
  return (await client.objects.getClusterCustomObject({
    ...at(api),
    name,
  })) as StorageVersionMigrationObject
}

/** Every migration of the cluster (they are few: one per migration run, kept as a record). */
export async function listMigrations(
  client: ClusterClient,
  api: ServerSideSupport
): Promise<StorageVersionMigrationObject[]> {
  try {
    const list = (await client.objects.listClusterCustomObject(at(api))) as {
      items?: StorageVersionMigrationObject[]
    }
    return list.items ?? []
  } catch (error) {
    throw explainClusterError(
      error,
      { verb: 'list', resource: `${PLURAL}.${STORAGE_MIGRATION_GROUP}` },
      client
    )
  }
}
