import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createScheme, defineXrd, fieldMoves, SchemeError, type KubeObject } from '@crdconv/webhook'
import { checkLosslessRoundTrips, expectLosslessRoundTrips } from 'crdconv/testing'
import { databaseXrd, XDatabaseV1alpha1, XDatabaseV1beta1 } from '../../support/crossplane-xrds.ts'

const legacyComposite: KubeObject = {
  apiVersion: 'example.org/v1alpha1',
  kind: 'XDatabase',
  metadata: { name: 'orders-x7k2p' },
  spec: {
    size: '20Gi',
    compositionRef: { name: 'database-aws' },
    compositionUpdatePolicy: 'Automatic',
    resourceRefs: [{ apiVersion: 'rds.aws.upbound.io/v1beta1', kind: 'Instance', name: 'orders' }],
    claimRef: {
      apiVersion: 'example.org/v1alpha1',
      kind: 'Database',
      namespace: 'shop',
      name: 'orders',
    },
    writeConnectionSecretToRef: { name: 'orders-conn', namespace: 'crossplane-system' },
  },
  status: {
    conditions: [
      {
        type: 'Ready',
        status: 'True',
        reason: 'Available',
        lastTransitionTime: '2026-12-05T08:00:00Z',
      },
    ],
    connectionDetails: { lastPublishedTime: '2026-12-05T08:00:00Z' },
  },
}

const claim: KubeObject = {
  apiVersion: 'example.org/v1alpha1',
  kind: 'Database',
  metadata: { name: 'orders', namespace: 'shop' },
  spec: {
    size: '20Gi',
    compositeDeletePolicy: 'Foreground',
    resourceRef: { apiVersion: 'example.org/v1alpha1', kind: 'XDatabase', name: 'orders-x7k2p' },
    writeConnectionSecretToRef: { name: 'orders-conn' },
  },
}

const modernComposite: KubeObject = {
  apiVersion: 'example.org/v1alpha1',
  kind: 'XDatabase',
  metadata: { name: 'orders', namespace: 'shop' },
  spec: {
    size: '20Gi',
    crossplane: {
      compositionRef: { name: 'database-aws' },
      resourceRefs: [
        { apiVersion: 'rds.aws.upbound.io/v1beta1', kind: 'Instance', name: 'orders' },
      ],
    },
  },
}

function converted(object: KubeObject, apiVersion: string, xrd = databaseXrd()): KubeObject {
  const answer = createScheme(xrd.resources).convert(object, apiVersion)
  if (!answer.ok) throw new Error(answer.failure.message)
  return answer.object
}

describe('defineXrd', () => {
  it('declares the composite resource and the claim of a v1 XRD, with the same converters', () => {
    const xrd = databaseXrd('LegacyCluster')
    expect(xrd.resources.map((resource) => [resource.kind, resource.scope])).toEqual([
      ['XDatabase', 'Cluster'],
      ['Database', 'Namespaced'],
    ])
    expect(xrd.composite.storageVersion).toBe('v1beta1')
    expect(xrd.claim?.storageVersion).toBe('v1beta1')
    expect(xrd.name).toBe('xdatabases.example.org')
  })

  it.each([
    ['Namespaced', 'Namespaced'],
    ['Cluster', 'Cluster'],
  ] as const)('declares only the composite resource of a v2 %s XRD', (scope, resourceScope) => {
    const xrd = databaseXrd(scope)
    expect(xrd.resources.map((resource) => [resource.kind, resource.scope])).toEqual([
      ['XDatabase', resourceScope],
    ])
    expect(xrd.claim).toBeUndefined()
  })

  it('refuses claimNames beside a v2 scope, naming the XRD', () => {
    expect(() =>
      defineXrd({
        group: 'example.org',
        names: { kind: 'XDatabase', plural: 'xdatabases' },
        claimNames: { kind: 'Database', plural: 'databases' },
        scope: 'Namespaced',
        versions: { v1: { schema: XDatabaseV1beta1, storage: true } },
        converters: [],
      })
    ).toThrow(SchemeError)
  })

  it.each([
    ['a legacy XR', legacyComposite, 'LegacyCluster'],
    ['a claim', claim, 'LegacyCluster'],
    ['a v2 XR', modernComposite, 'Namespaced'],
  ] as const)(
    "moves the author's field of %s and passes Crossplane's fields through untouched",
    (_, object, scope) => {
      const xrd = databaseXrd(scope)
      const up = converted(object, 'example.org/v1beta1', xrd)
      const spec = object['spec'] as Record<string, unknown>
      const { size, ...crossplaneSpec } = spec
      expect(up['spec']).toEqual({ ...crossplaneSpec, storage: { size } })
      expect(up['status']).toEqual(object['status'])
      expect(converted(up, 'example.org/v1alpha1', xrd)).toEqual(object)
    }
  )

  it.each(['LegacyCluster', 'Namespaced', 'Cluster'] as const)(
    "types Crossplane's fields in both kinds' schemas of a %s XRD, and its converters round-trip them",
    (scope) => {
      for (const resource of databaseXrd(scope).resources)
        expectLosslessRoundTrips(resource, { numRuns: 30 })
    }
  )

  it("plans field moves on the versions as Crossplane renders them: Crossplane's status kept where the author's schema has none", () => {
    const versions = {
      v1alpha1: { schema: z.object({ spec: z.object({ size: z.string() }).partial() }).partial() },
      v1: {
        schema: z
          .object({
            spec: z.object({ size: z.string() }).partial(),
            status: z.object({ replicas: z.int() }).partial(),
          })
          .partial(),
        storage: true,
      },
    }
    const xrd = defineXrd({
      group: 'example.org',
      names: { kind: 'XDatabase', plural: 'xdatabases' },
      claimNames: { kind: 'Database', plural: 'databases' },
      versions,
      converters: (rendered) => [
        ...fieldMoves(rendered, 'v1alpha1', 'v1', (move) => [move.added('status.replicas')]),
      ],
    })
    const object = {
      apiVersion: 'example.org/v1alpha1',
      kind: 'Database',
      metadata: { name: 'orders', namespace: 'shop' },
      status: {},
    }
    expect(
      converted(converted(object, 'example.org/v1', xrd), 'example.org/v1alpha1', xrd)
    ).toEqual(object)
    for (const resource of xrd.resources) expectLosslessRoundTrips(resource, { numRuns: 30 })
  })

  it('lets the round-trip kit see a converter that drops resourceRefs', () => {
    const versions = {
      v1alpha1: { schema: XDatabaseV1alpha1 },
      v1beta1: { schema: XDatabaseV1beta1, storage: true },
    }
    const dropRefs = (object: KubeObject): KubeObject => {
      if (object['spec'] === undefined) return object
      const { resourceRefs: _dropped, ...spec } = object['spec'] as Record<string, unknown>
      return { ...object, spec }
    }
    const xrd = defineXrd({
      group: 'example.org',
      names: { kind: 'XDatabase', plural: 'xdatabases' },
      versions: {
        v1: { schema: versions.v1beta1.schema, storage: true },
        v2: { schema: versions.v1beta1.schema },
      },
      converters: [
        { from: 'v1', to: 'v2', convert: dropRefs },
        { from: 'v2', to: 'v1', convert: (object) => object },
      ],
    })
    const report = checkLosslessRoundTrips(xrd.composite, { numRuns: 30 })
    expect(report.ok).toBe(false)
    expect(report.summary).toContain('resourceRefs')
  })
})
