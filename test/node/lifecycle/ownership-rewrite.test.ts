import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { defineResource, type KubeObject, type VersionMap } from '@crdconv/webhook'
import { crdKeywords } from '@crdconv/webhook'
import {
  ownershipRewriter,
  staleOwnershipVersions,
  type ManagedFieldsEntry,
} from '../../../packages/crdconv/src/lifecycle/ownership-rewrite.ts'
import { cache } from '../../../examples/index.ts'
import { cronTabStage } from './fixtures/crontab-stages.ts'

const TIME = '2026-11-27T07:00:00Z'

function entry(
  apiVersion: string,
  fieldsV1: Record<string, unknown>,
  more: Partial<ManagedFieldsEntry> = {}
): ManagedFieldsEntry {
  return {
    manager: 'team',
    operation: 'Apply',
    apiVersion,
    time: TIME,
    fieldsType: 'FieldsV1',
    fieldsV1,
    ...more,
  }
}

function cronTabAtV1(managedFields: readonly ManagedFieldsEntry[]): KubeObject {
  return {
    apiVersion: 'example.com/v1',
    kind: 'CronTab',
    metadata: { name: 'a', namespace: 'default', labels: { app: 'a' }, managedFields },
    host: 'localhost',
    port: '80',
    spec: { cronSpec: '* * * * */5', image: 'img', replicas: 2 },
    status: { replicas: 1 },
  }
}

const atV1 = ownershipRewriter(cronTabStage({ storage: 'v1' }))

describe('ownershipRewriter: managedFields entries move to the storage version', () => {
  it('leaves an object alone when every entry of the group is at the storage version', () => {
    const object = cronTabAtV1([
      entry('example.com/v1', { 'f:spec': { 'f:image': {} } }),
      entry('autoscaling/v1', { 'f:spec': { 'f:replicas': {} } }, { subresource: 'scale' }),
    ])
    expect(atV1(object)).toBeUndefined()
    expect(staleOwnershipVersions(object, 'example.com', 'v1')).toEqual([])
  })

  it('owns a field the converter splits at each part, and the rest at the same path', () => {
    const object = cronTabAtV1([
      entry('example.com/v1beta1', {
        'f:hostPort': {},
        'f:metadata': { 'f:labels': { 'f:app': {} } },
        'f:spec': { 'f:image': {}, 'f:replicas': {} },
      }),
    ])
    expect(staleOwnershipVersions(object, 'example.com', 'v1')).toEqual(['v1beta1'])
    expect(atV1(object)).toEqual({
      managedFields: [
        entry('example.com/v1', {
          'f:host': {},
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:port': {},
          'f:spec': { 'f:image': {}, 'f:replicas': {} },
        }),
      ],
      moved: 1,
      losses: [],
    })
  })

  it('owns the joined field for whoever owned one of its parts (storage v1beta1)', () => {
    const rewrite = ownershipRewriter(cronTabStage({ storage: 'v1beta1' }))
    const object: KubeObject = {
      apiVersion: 'example.com/v1beta1',
      kind: 'CronTab',
      metadata: {
        name: 'a',
        namespace: 'default',
        managedFields: [entry('example.com/v1', { 'f:port': {} }, { manager: 'porter' })],
      },
      hostPort: 'localhost:80',
    }
    expect(rewrite(object)?.managedFields).toEqual([
      entry('example.com/v1beta1', { 'f:hostPort': {} }, { manager: 'porter' }),
    ])
  })

  it.each([
    ['status', { 'f:status': { 'f:replicas': {} } }],
    ['scale', { 'f:spec': { 'f:replicas': {} } }],
  ])(
    'moves an Update entry of the %s subresource and keeps its subresource',
    (subresource, set) => {
      const object = cronTabAtV1([
        entry('example.com/v1beta1', set, {
          operation: 'Update',
          manager: 'controller',
          subresource,
        }),
      ])
      expect(atV1(object)?.managedFields).toEqual([
        entry('example.com/v1', set, { operation: 'Update', manager: 'controller', subresource }),
      ])
    }
  )

  it('merges the Update entries of one manager at two versions into one, with the later time', () => {
    const object = cronTabAtV1([
      entry('example.com/v1', { 'f:port': {} }, { operation: 'Update', manager: 'kubectl-edit' }),
      entry(
        'example.com/v1beta1',
        { 'f:spec': { 'f:cronSpec': {} } },
        { operation: 'Update', manager: 'kubectl-edit', time: '2026-11-27T08:00:00Z' }
      ),
    ])
    expect(atV1(object)?.managedFields).toEqual([
      entry(
        'example.com/v1',
        { 'f:port': {}, 'f:spec': { 'f:cronSpec': {} } },
        { operation: 'Update', manager: 'kubectl-edit', time: '2026-11-27T08:00:00Z' }
      ),
    ])
  })

  it('drops what has no place and says which object and manager lost what', () => {
    const object = cronTabAtV1([
      entry('example.com/v1beta1', { 'f:spec': { 'f:image': {}, 'f:gone': {} } }),
      entry('example.com/v1beta1', { 'f:spec': {} }, { manager: 'odd', fieldsType: 'FieldsV2' }),
    ])
    const rewrite = atV1(object)
    expect(rewrite?.managedFields).toEqual([
      entry('example.com/v1', { 'f:spec': { 'f:image': {} } }),
    ])
    expect(rewrite?.losses).toEqual([
      {
        object: 'default/a',
        manager: 'team',
        operation: 'Apply',
        version: 'v1beta1',
        fields: ['.spec.gone'],
      },
      { object: 'default/a', manager: 'odd', operation: 'Apply', version: 'v1beta1', fields: [] },
    ])
  })

  it('clears managedFields with one empty entry when no entry keeps a field', () => {
    const object = cronTabAtV1([entry('example.com/v1beta1', { 'f:gone': {} })])
    expect(atV1(object)?.managedFields).toEqual([{}])
  })

  it('keeps the fields still at the same path when the scheme no longer has the version (repair)', () => {
    const repair = ownershipRewriter(cronTabStage({ storage: 'v1', v1beta1: 'removed' }))
    const object = cronTabAtV1([
      entry('example.com/v1beta1', { 'f:hostPort': {}, 'f:spec': { 'f:image': {} } }),
    ])
    const rewrite = repair(object)
    expect(rewrite?.managedFields).toEqual([
      entry('example.com/v1', { 'f:spec': { 'f:image': {} } }),
    ])
    expect(rewrite?.losses[0]?.fields).toEqual(['.hostPort'])
  })

  it('follows declared field moves: a split with a number part, a rename (Cache v1alpha1 → v1beta1)', () => {
    const object: KubeObject = {
      apiVersion: 'example.com/v1beta1',
      kind: 'Cache',
      metadata: {
        name: 'c',
        managedFields: [
          entry('example.com/v1alpha1', { 'f:spec': { 'f:endpoint': {}, 'f:ttl': {} } }),
        ],
      },
      spec: { host: 'cache.internal', port: 6379, ttlSeconds: 300, size: '1Gi' },
    }
    expect(ownershipRewriter(cache)(object)?.managedFields).toEqual([
      entry('example.com/v1beta1', {
        'f:spec': { 'f:host': {}, 'f:port': {}, 'f:ttlSeconds': {} },
      }),
    ])
  })
})

const Port = z.object({ name: z.string(), port: z.int() })
const Listener = z.object({ name: z.string(), number: z.int() })
const keyedByName = { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] }
const asSet = { 'x-kubernetes-list-type': 'set' }
const widgetVersions = {
  v1alpha1: {
    schema: z.object({
      spec: z.object({
        ports: z.array(Port).register(crdKeywords, keyedByName),
        tags: z.array(z.string()).register(crdKeywords, asSet),
        args: z.array(z.string()),
      }),
    }),
  },
  v1: {
    storage: true,
    schema: z.object({
      spec: z.object({
        listeners: z.array(Listener).register(crdKeywords, keyedByName),
        labels: z.array(z.string()).register(crdKeywords, asSet),
        args: z.array(z.string()),
      }),
    }),
  },
} satisfies VersionMap

type Spec = Record<string, unknown>
const widget = defineResource({
  group: 'example.com',
  kind: 'Widget',
  versions: widgetVersions,
  converters: [
    {
      from: 'v1alpha1',
      to: 'v1',
      convert: ({ spec, ...rest }) => {
        const { ports, tags, ...others } = (spec ?? {}) as Spec
        return {
          ...rest,
          spec: {
            ...others,
            listeners: (ports as { name: string; port: number }[] | undefined)?.map(
              ({ name, port }) => ({ name, number: port })
            ),
            labels: tags,
          },
        } as never
      },
    },
    {
      from: 'v1',
      to: 'v1alpha1',
      convert: ({ spec, ...rest }) => {
        const { listeners, labels, ...others } = (spec ?? {}) as Spec
        return {
          ...rest,
          spec: {
            ...others,
            ports: (listeners as { name: string; number: number }[] | undefined)?.map(
              ({ name, number }) => ({ name, port: number })
            ),
            tags: labels,
          },
        } as never
      },
    },
  ],
})

describe('ownershipRewriter: lists', () => {
  const live: KubeObject = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec: {
      listeners: [
        { name: 'http', number: 80 },
        { name: 'https', number: 443 },
      ],
      labels: ['blue', 'green'],
      args: ['--fast'],
    },
  }
  const withEntry = (fieldsV1: Record<string, unknown>): KubeObject => ({
    ...live,
    metadata: { name: 'w', managedFields: [entry('example.com/v1alpha1', fieldsV1)] },
  })

  it('owns the same keyed item, its keys and its renamed field, in the renamed list', () => {
    const rewrite = ownershipRewriter(widget)(
      withEntry({
        'f:spec': {
          'f:ports': {
            'k:{"name":"https"}': { '.': {}, 'f:name': {}, 'f:port': {} },
          },
        },
      })
    )
    expect(rewrite?.managedFields[0]?.fieldsV1).toEqual({
      'f:spec': {
        'f:listeners': { 'k:{"name":"https"}': { '.': {}, 'f:name': {}, 'f:number': {} } },
      },
    })
    expect(rewrite?.losses).toEqual([])
  })

  it('owns set items by value and an atomic list whole', () => {
    const rewrite = ownershipRewriter(widget)(
      withEntry({ 'f:spec': { 'f:tags': { 'v:"green"': {} }, 'f:args': {} } })
    )
    expect(rewrite?.managedFields[0]?.fieldsV1).toEqual({
      'f:spec': { 'f:args': {}, 'f:labels': { 'v:"green"': {} } },
    })
  })
})
