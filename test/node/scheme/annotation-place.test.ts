// A field kept in an annotation of the author's own: Tekton's format (the field's JSON) and
// Cluster API's (the whole object of the other version), written, read back and taken out, also
// where a Go webhook wrote the annotation.
import { describe, expect, it } from 'vitest'
import {
  annotationPlaceValue,
  createScheme,
  defineResource,
  fieldMoves,
  SchemeError,
  type FieldMove,
  type SchemeProblemCode,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import * as z from 'zod/mini'
import {
  CLUSTER_API_DATA,
  machine,
  pipe,
  TEKTON_RESOURCES,
} from './fixtures/annotation-place-schemes.ts'

const scheme = createScheme([pipe, machine])
const GROUP = 'places.example.com'

function converted(object: KubeObject, version: string): KubeObject {
  const result = scheme.convert(object, `${GROUP}/${version}`)
  if (!result.ok) throw new Error(result.failure.message)
  return result.object
}

const annotationsOf = (object: KubeObject) =>
  (object.metadata as { annotations?: Record<string, string> }).annotations ?? {}

// the last annotation taken out leaves `annotations: {}`, which tells the API server to drop them
const emptied = (object: KubeObject) => ({
  ...object,
  metadata: { ...object.metadata, annotations: {} },
})

const resources = {
  inputs: [{ name: 'source', type: 'git' }],
  outputs: [{ name: 'image', type: 'image' }],
}
const pipeAt = (version: string, spec: object, annotations?: Record<string, string>) => ({
  apiVersion: `${GROUP}/${version}`,
  kind: 'Pipe',
  metadata: { name: 'p', namespace: 'default', ...(annotations && { annotations }) },
  spec,
})
const hub = {
  apiVersion: `${GROUP}/v1beta1`,
  kind: 'Machine',
  metadata: { name: 'm', namespace: 'default' },
  spec: { paused: true, topology: { class: 'quick', version: 'v1.31.0' }, failureDomain: 'az-1' },
  status: { phase: 'Running' },
}

describe("a field kept in an annotation of the author's own (Tekton: the field's JSON)", () => {
  it('moves the field into the annotation as JSON, and back out of it on the way back', () => {
    const original = pipeAt('v1beta1', { steps: [{ name: 'build' }], resources })
    const atV1 = converted(original, 'v1')
    expect(atV1['spec']).toEqual({ steps: [{ name: 'build' }] })
    expect(JSON.parse(annotationsOf(atV1)[TEKTON_RESOURCES] as string)).toEqual(resources)
    expect(converted(atV1, 'v1beta1')).toEqual(emptied(original))
  })

  it('reads back the annotation as the Go webhook wrote it, and takes it out', () => {
    const written =
      '{"inputs":[{"name":"source","type":"git"}],"outputs":[{"name":"image","type":"image"}]}'
    const stored = pipeAt('v1', { steps: [] }, { [TEKTON_RESOURCES]: written, team: 'ci' })
    const read = converted(stored, 'v1beta1')
    expect(read['spec']).toEqual({ steps: [], resources })
    expect(annotationsOf(read)).toEqual({ team: 'ci' })
  })

  it('writes no annotation for an object without the field', () => {
    const atV1 = converted(pipeAt('v1beta1', { steps: [] }), 'v1')
    expect(annotationsOf(atV1)).toEqual({})
  })

  it('leaves an annotation that is not JSON where it is, and restores nothing from it', () => {
    const stored = pipeAt('v1', { steps: [] }, { [TEKTON_RESOURCES]: '{"inputs": [' })
    const read = converted(stored, 'v1beta1')
    expect(read['spec']).toEqual({ steps: [] })
    expect(annotationsOf(read)).toEqual({ [TEKTON_RESOURCES]: '{"inputs": [' })
  })
})

describe("a field kept in an annotation of the author's own (Cluster API: the whole object)", () => {
  it('keeps the whole hub object but its metadata in the spoke, and gives the hub back', () => {
    const spoke = converted(hub, 'v1alpha4')
    expect(spoke['spec']).toEqual({ paused: true })
    const { metadata: _metadata, ...whole } = hub
    expect(JSON.parse(annotationsOf(spoke)[CLUSTER_API_DATA] as string)).toEqual(whole)
    expect(converted(spoke, 'v1beta1')).toEqual(emptied(hub))
  })

  it('restores only the declared fields from what MarshalData wrote; the spoke keeps its own', () => {
    // MarshalData's JSON of the hub as the Go webhook last saw it: paused since changed at the spoke
    const written = JSON.stringify({
      apiVersion: `${GROUP}/v1beta1`,
      kind: 'Machine',
      spec: { paused: true, topology: { class: 'quick', version: 'v1.30.2' } },
      status: { phase: 'Provisioning' },
    })
    const spoke = {
      apiVersion: `${GROUP}/v1alpha4`,
      kind: 'Machine',
      metadata: { name: 'm', namespace: 'default', annotations: { [CLUSTER_API_DATA]: written } },
      spec: { paused: false },
      status: { phase: 'Running' },
    }
    const read = converted(spoke, 'v1beta1')
    expect(read['spec']).toEqual({
      paused: false,
      topology: { class: 'quick', version: 'v1.30.2' },
    })
    expect(read['status']).toEqual({ phase: 'Running' })
    expect(annotationsOf(read)).toEqual({})
  })

  it('reads the value each place keeps with annotationPlaceValue', () => {
    const spoke = converted(hub, 'v1alpha4')
    const place = { path: 'spec.topology', annotation: CLUSTER_API_DATA, holds: 'object' } as const
    expect(annotationPlaceValue(spoke, place)).toEqual(hub.spec.topology)
    expect(machine.converters.find((c) => c.to === 'v1alpha4')?.annotationPlaces).toEqual([
      place,
      { path: 'spec.failureDomain', annotation: CLUSTER_API_DATA, holds: 'object' },
    ])
  })
})

describe('annotation places that fieldMoves refuses', () => {
  const V1 = z.object({
    spec: z.optional(
      z.object({
        a: z.optional(z.string()),
        b: z.optional(z.string()),
        items: z.optional(z.array(z.object({ c: z.optional(z.string()) }))),
      })
    ),
  })
  const V2 = z.object({
    spec: z.optional(z.object({ items: z.optional(z.array(z.object({}))) })),
  })
  const versions = { v1: { schema: V1, storage: true }, v2: { schema: V2 } } as const
  const declare = (
    moves: Parameters<typeof fieldMoves<typeof versions, 'v1', 'v2', FieldMove>>[3]
  ) =>
    defineResource({
      group: GROUP,
      kind: 'Refused',
      versions,
      converters: fieldMoves(versions, 'v1', 'v2', moves),
    })

  it.each<[string, Parameters<typeof declare>[0], SchemeProblemCode, string]>([
    [
      'a name the API server refuses',
      (move) => [move.removed('spec.a', { annotation: 'Not A Name' }), move.removed('spec.b')],
      'annotation-place-invalid',
      'removed spec.a: annotation "Not A Name" is not an annotation name',
    ],
    [
      'one field annotation for two fields',
      (move) => [
        move.removed('spec.a', { annotation: 'example.com/kept' }),
        move.removed('spec.b', { annotation: 'example.com/kept' }),
      ],
      'annotation-place-shared',
      'removed spec.b: annotation example.com/kept already holds the field of removed spec.a',
    ],
    [
      'one annotation held two ways',
      (move) => [
        move.removed('spec.a', { annotation: 'example.com/kept', holds: 'object' }),
        move.removed('spec.b', { annotation: 'example.com/kept' }),
      ],
      'annotation-place-shared',
      "removed spec.b: annotation example.com/kept is held as 'object' by removed spec.a",
    ],
    [
      'a place inside list items',
      (move) => [
        move.removed('spec.a'),
        move.removed('spec.b'),
        move.each('spec.items', (item) => [item.removed('c', { annotation: 'example.com/c' })]),
      ],
      'annotation-place-in-list',
      "each spec.items: removed c: an annotation of your own keeps fields of the whole object, not of each list item: keep the item's field in crdconv's stash",
    ],
  ])('refuses %s at start-up', (_, moves, code, message) => {
    expect(() => declare(moves)).toThrow(SchemeError)
    expect(() => declare(moves)).toThrow(message)
    const issues = (() => {
      try {
        declare(moves)
        return []
      } catch (error) {
        return error instanceof SchemeError ? error.issues : []
      }
    })()
    expect(issues.map((issue) => issue.code)).toEqual([code])
  })
})
