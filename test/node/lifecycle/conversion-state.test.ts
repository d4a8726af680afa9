// What `crdconv migrate --clean` removes from a stored object, and what stops it: the stash, the
// annotation places a scheme declares, the annotations a user names; state still needed by the
// one served version is never removed.
import { describe, expect, it } from 'vitest'
import {
  objectState,
  stateAnnotations,
  withoutAnnotations,
} from '../../../packages/crdconv/src/lifecycle/index.ts'
import type { KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import {
  CLUSTER_API_DATA,
  machine,
  pipe,
  TEKTON_RESOURCES,
} from '../scheme/fixtures/annotation-place-schemes.ts'

const STASH = 'places.example.com/conversion-stash'
const GO_WEBHOOK_DATA = 'takeover.crdconv.dev/conversion-data'

const stashOf = (version: string, fields: Record<string, unknown>) =>
  JSON.stringify({ [version]: { fields, hash: 'h' } })

const object = (
  annotations: Record<string, string> | undefined,
  spec: object = {}
): KubeObject => ({
  apiVersion: 'places.example.com/v1',
  kind: 'Pipe',
  metadata: {
    name: 'build',
    namespace: 'ci',
    labels: { team: 'a' },
    ...(annotations === undefined ? {} : { annotations }),
  },
  spec,
})

describe('stateAnnotations', () => {
  it('names the stash of the group, each declared place once, and the annotations the user names', () => {
    expect(stateAnnotations(pipe, []).names).toEqual([STASH, TEKTON_RESOURCES])
    expect(stateAnnotations(machine, []).names).toEqual([STASH, CLUSTER_API_DATA])
    expect(stateAnnotations(pipe, [GO_WEBHOOK_DATA, TEKTON_RESOURCES]).names).toEqual([
      STASH,
      TEKTON_RESOURCES,
      GO_WEBHOOK_DATA,
    ])
  })

  it('gives each place the version whose field it holds: the source of its converter', () => {
    expect(stateAnnotations(machine, []).places).toEqual([
      { path: 'spec.topology', annotation: CLUSTER_API_DATA, holds: 'object', version: 'v1beta1' },
      {
        path: 'spec.failureDomain',
        annotation: CLUSTER_API_DATA,
        holds: 'object',
        version: 'v1beta1',
      },
    ])
  })
})

describe('objectState', () => {
  const pipeState = stateAnnotations(pipe, [GO_WEBHOOK_DATA])
  it.each([
    {
      case: 'the stash of an unserved version, a declared place, a named one and an annotation of the user',
      annotations: {
        [STASH]: stashOf('v1beta1', { 'spec.resources': { inputs: [] } }),
        [TEKTON_RESOURCES]: '{"inputs":[]}',
        [GO_WEBHOOK_DATA]: '{}',
        'example.com/owner': 'team-a',
      },
      carried: [STASH, TEKTON_RESOURCES, GO_WEBHOOK_DATA],
    },
    { case: 'a stash that is not JSON', annotations: { [STASH]: '{not json' }, carried: [STASH] },
    { case: 'no state annotation', annotations: { 'example.com/owner': 'a' }, carried: [] },
    { case: 'no annotations at all', annotations: undefined, carried: [] },
  ])('carries what it holds, none of it needed by v1: $case', ({ annotations, carried }) => {
    expect(objectState(object(annotations), pipeState, 'v1')).toEqual({ carried, needed: [] })
  })

  it('holds a stash entry for the version served: its fields are needed, named with the object', () => {
    const annotations = { [STASH]: stashOf('v1', { 'spec.paused': true, 'spec.zone': 'b' }) }
    expect(objectState(object(annotations), pipeState, 'v1').needed).toEqual([
      {
        object: 'ci/build',
        annotation: STASH,
        version: 'v1',
        fields: ['spec.paused', 'spec.zone'],
      },
    ])
  })

  const machineState = stateAnnotations(machine, [])
  const hub = JSON.stringify({ spec: { topology: { class: 'small' }, failureDomain: 'z1' } })
  it.each([
    { case: 'lacks both fields', spec: {}, needed: ['spec.topology', 'spec.failureDomain'] },
    { case: 'lacks one', spec: { topology: { class: 'small' } }, needed: ['spec.failureDomain'] },
    { case: 'has both', spec: { topology: { class: 'small' }, failureDomain: 'z1' }, needed: [] },
  ])(
    'needs a declared place of a converter from the served version where the object $case',
    ({ spec, needed }) => {
      const state = objectState(object({ [CLUSTER_API_DATA]: hub }, spec), machineState, 'v1beta1')
      expect(state.carried).toEqual([CLUSTER_API_DATA])
      expect(state.needed.flatMap((one) => one.fields)).toEqual(needed)
    }
  )

  it('does not need a declared place whose version is no longer served', () => {
    const state = objectState(object({ [CLUSTER_API_DATA]: hub }), machineState, 'v1alpha4')
    expect(state).toEqual({ carried: [CLUSTER_API_DATA], needed: [] })
  })
})

describe('withoutAnnotations', () => {
  it('removes the names given and keeps every other annotation, label and field, leaving the input as it was', () => {
    const before = object({ [STASH]: '{}', 'example.com/owner': 'a' }, { steps: [{ name: 's' }] })
    const copy = structuredClone(before)
    expect(withoutAnnotations(before, [STASH, TEKTON_RESOURCES])).toEqual({
      ...before,
      metadata: { ...before.metadata, annotations: { 'example.com/owner': 'a' } },
    })
    expect(before).toEqual(copy)
  })

  it('drops the annotations map once empty', () => {
    const cleaned = withoutAnnotations(object({ [STASH]: '{}' }), [STASH])
    expect(cleaned.metadata).toEqual({ name: 'build', namespace: 'ci', labels: { team: 'a' } })
  })
})
