// The parts of `crdconv migrate --server-side` that need no cluster: which API version discovery
// leads to, the migration object, what its conditions mean, and how crdconv words them.
import { describe, expect, it } from 'vitest'
import {
  chooseMigrationApi,
  migrationManifest,
  type ServerSideSupport,
} from '../../../packages/crdconv/src/lifecycle/migration-api.ts'
import {
  describeCondition,
  failureMessage,
  migrationState,
  needsDiagnosis,
  type MigrationCondition,
} from '../../../packages/crdconv/src/lifecycle/migration-status.ts'
import type { LiveCustomResourceDefinition } from '../../../packages/crdconv/src/cluster-client/live-crd.ts'

const group = (preferred: string | undefined, ...versions: string[]) => ({
  versions: versions.map((version) => ({
    groupVersion: `storagemigration.k8s.io/${version}`,
    version,
  })),
  ...(preferred === undefined
    ? {}
    : {
        preferredVersion: {
          groupVersion: `storagemigration.k8s.io/${preferred}`,
          version: preferred,
        },
      }),
})

const migration = (...conditions: MigrationCondition[]) => ({
  metadata: { name: 'crdconv-crontabs.example.com-x7k2p' },
  status: { conditions },
})

const running = (message: string): MigrationCondition => ({
  type: 'Running',
  status: 'True',
  reason: 'MigrationRunning',
  message,
})

describe('chooseMigrationApi, from what discovery says of storagemigration.k8s.io', () => {
  it('says a cluster without the group has no StorageVersionMigration API', () => {
    expect(chooseMigrationApi(undefined)).toEqual({
      serverSide: false,
      reason: 'this cluster has no StorageVersionMigration API (storagemigration.k8s.io)',
    })
  })

  it('takes the preferred version: v1 on 1.37, v1beta1 on 1.35, v1alpha1 on 1.30 to 1.34', () => {
    expect(chooseMigrationApi(group('v1', 'v1', 'v1beta1'))).toEqual({
      serverSide: true,
      version: 'v1',
      groupVersion: 'storagemigration.k8s.io/v1',
    })
    expect(chooseMigrationApi(group('v1beta1', 'v1beta1'))).toMatchObject({ version: 'v1beta1' })
    expect(chooseMigrationApi(group('v1alpha1', 'v1alpha1'))).toMatchObject({
      version: 'v1alpha1',
    })
  })

  it('falls back on the newest version it knows when the preferred one is new to it', () => {
    expect(chooseMigrationApi(group('v2', 'v2', 'v1beta1', 'v1alpha1'))).toMatchObject({
      version: 'v1beta1',
    })
    expect(chooseMigrationApi(group(undefined, 'v1alpha1'))).toMatchObject({
      version: 'v1alpha1',
    })
  })

  it('says which versions the cluster serves when it knows none of them', () => {
    expect(chooseMigrationApi(group('v2', 'v2'))).toEqual({
      serverSide: false,
      reason:
        'this cluster serves storagemigration.k8s.io at v2, none of which crdconv knows (v1, v1beta1, v1alpha1)',
    })
  })
})

describe('migrationManifest', () => {
  const crd = {
    metadata: { name: 'crontabs.example.com' },
    spec: {
      group: 'example.com',
      names: { plural: 'crontabs', kind: 'CronTab' },
      scope: 'Namespaced',
      versions: [],
    },
  } as LiveCustomResourceDefinition
  const api = (version: ServerSideSupport['version']): ServerSideSupport => ({
    serverSide: true,
    version,
    groupVersion: `storagemigration.k8s.io/${version}`,
  })

  it('names the group and resource, and lets the API server name the object after the CRD', () => {
    expect(migrationManifest(api('v1'), crd, 'v1')).toEqual({
      apiVersion: 'storagemigration.k8s.io/v1',
      kind: 'StorageVersionMigration',
      metadata: {
        generateName: 'crdconv-crontabs.example.com-',
        labels: { 'app.kubernetes.io/managed-by': 'crdconv' },
      },
      spec: { resource: { group: 'example.com', resource: 'crontabs' } },
    })
  })

  it('names the storage version as well on v1alpha1, whose resource is a GroupVersionResource', () => {
    expect(migrationManifest(api('v1alpha1'), crd, 'v1').spec).toEqual({
      resource: { group: 'example.com', resource: 'crontabs', version: 'v1' },
    })
  })
})

describe('migrationState, from the conditions kube-controller-manager sets', () => {
  it('is pending until a controller sets a condition', () => {
    expect(migrationState({ metadata: { name: 'm' } })).toEqual({ phase: 'pending' })
  })

  it('reads progress and a retried error from the Running message', () => {
    expect(
      migrationState(migration(running('The migration is running, 3/50 objects not yet migrated')))
    ).toMatchObject({ phase: 'running', total: 50, remaining: 3 })
    const retrying = migrationState(
      migration(
        running(
          'The migration is running; transient error: the server is currently unable to handle the request'
        )
      )
    )
    expect(retrying).toMatchObject({
      phase: 'running',
      transientError: 'the server is currently unable to handle the request',
    })
    expect(retrying.total).toBeUndefined()
  })

  it('is succeeded once Succeeded is True, with the count of objects verified', () => {
    const state = migrationState(
      migration(running('The migration is running, 50 objects verified migrated'), {
        type: 'Succeeded',
        status: 'True',
        reason: 'StorageVersionMigrationSucceeded',
        message: 'Migration completed',
      })
    )
    expect(state).toMatchObject({ phase: 'succeeded', total: 50, remaining: 0 })
    expect(state.condition?.type).toBe('Succeeded')
  })

  it('is failed once Failed is True, with the objects left from its message', () => {
    const failed: MigrationCondition = {
      type: 'Failed',
      status: 'True',
      reason: 'StorageVersionMigrationFailed',
      message:
        '1/3 not yet migrated. migration encountered unhandled error: crontabs.example.com "frozen-1" is forbidden',
    }
    const state = migrationState(
      migration({ type: 'Running', status: 'False', reason: 'MigrationCompleted' }, failed)
    )
    expect(state).toEqual({ phase: 'failed', condition: failed, total: 3, remaining: 1 })
  })
})

describe('the words for a migration that failed', () => {
  const label =
    'StorageVersionMigration crdconv-crontabs.example.com-x7k2p (storagemigration.k8s.io/v1) of crontabs.example.com'
  const failedWith = (message: string) =>
    migrationState(
      migration({
        type: 'Failed',
        status: 'True',
        reason: 'StorageVersionMigrationFailed',
        message,
      })
    )

  it('gives the condition as type, reason and message', () => {
    expect(
      describeCondition({
        type: 'Running',
        status: 'True',
        reason: 'MigrationRunning',
        message: 'The migration is running',
      })
    ).toBe('Running (MigrationRunning): The migration is running')
    expect(describeCondition(undefined)).toBe('no condition yet')
  })

  it('names the migration object, the resource and the condition', () => {
    const state = failedWith('1/3 not yet migrated. migration encountered unhandled error: denied')
    expect(needsDiagnosis(state)).toBe(false)
    expect(failureMessage(label, state)).toBe(
      `${label} failed: Failed (StorageVersionMigrationFailed): 1/3 not yet migrated. migration encountered unhandled error: denied`
    )
  })

  it('adds why the controller could not list the resource, from a list by crdconv', () => {
    const state = failedWith(
      'migration encountered unhandled error: resource does not exist in GC: %!w(<nil>)'
    )
    expect(needsDiagnosis(state)).toBe(true)
    expect(
      failureMessage(
        label,
        state,
        'conversion webhook for example.com/v1beta1 failed: default/stuck-1'
      )
    ).toBe(
      `${label} failed: Failed (StorageVersionMigrationFailed): migration encountered unhandled error: resource does not exist in GC: %!w(<nil>); ` +
        'the objects cannot be read through the API server either: conversion webhook for example.com/v1beta1 failed: default/stuck-1'
    )
    expect(failureMessage(label, state)).toContain(
      'the controller could not list the resource (a webhook that fails to convert some object keeps it from doing so)'
    )
  })
})
