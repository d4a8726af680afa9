// The stash's staleness check against what the API server does to an answer before the next
// review: it prunes undeclared fields (an emptied object included), drops nulls and fills in
// defaults. None of that is an edit, so none of it may drop the stash; an edit still does.
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  canonicalJson,
  fnv1a64,
  restoreStashedFields,
  stashAnnotationKey,
  stashFields,
  type ConversionContext,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import { storedForm } from '../../../packages/webhook/src/scheme/stash/stored-form.ts'

const V1 = z.object({ spec: z.optional(z.object({ size: z.optional(z.int()) })) })
const V2 = z.object({
  spec: z.optional(
    z.object({
      size: z.optional(z.int()),
      replicas: z._default(z.int(), 1),
      tags: z.optional(z.record(z.string(), z.string())),
      ports: z.optional(
        z.array(z.object({ port: z.optional(z.int()), weight: z._default(z.int(), 1) }))
      ),
      extra: z.optional(z.looseObject({ kept: z.optional(z.string()) })),
    })
  ),
})
const versions = { v1: { schema: V1 }, v2: { schema: V2 } }
const up: ConversionContext = {
  group: 'example.com',
  kind: 'Widget',
  from: 'v1',
  to: 'v2',
  sourceVersion: 'v1',
  targetVersion: 'v2',
  versions,
}
const down: ConversionContext = {
  ...up,
  from: 'v2',
  to: 'v1',
  sourceVersion: 'v2',
  targetVersion: 'v1',
}

const at = (spec: unknown): KubeObject => ({
  apiVersion: 'example.com/v2',
  kind: 'Widget',
  metadata: { name: 'w' },
  spec,
})

/** The converted v2 object with a stashed v1 field, then `rewrite` applied to its spec. */
function restoredAfter(spec: Record<string, unknown>, rewritten: Record<string, unknown>) {
  const stashed = stashFields(at(spec), up, { 'spec.legacy': 'keep me' })
  const { spec: _spec, ...rest } = stashed
  return restoreStashedFields({ ...rest, spec: rewritten }, down)
}

describe('the stash through what the API server does to an answer', () => {
  it.each([
    ['prunes an emptied object it does not declare', { size: 3, legacy: {} }, { size: 3 }],
    ['prunes a field it does not declare', { size: 3, gone: 'x' }, { size: 3 }],
    ['drops a null', { size: 3, tags: null }, { size: 3 }],
    ['fills in a default', { size: 3 }, { size: 3, replicas: 1 }],
    [
      'fills in a default inside list items',
      { ports: [{ port: 80 }, {}] },
      { ports: [{ port: 80, weight: 1 }, { weight: 1 }], replicas: 1 },
    ],
  ])('restores the stash when the API server %s', (_, spec, rewritten) => {
    expect(restoredAfter(spec, rewritten)).toMatchObject({
      outcome: 'restored',
      fields: { 'spec.legacy': 'keep me' },
    })
  })

  it.each([
    ['a changed value', { size: 3 }, { size: 4 }],
    ['a default changed by hand', { size: 3 }, { size: 3, replicas: 2 }],
    ['a new map entry', { tags: { a: 'b' } }, { tags: { a: 'b', c: 'd' } }],
    ['a field a loose object keeps', { extra: {} }, { extra: { other: 'x' } }],
    ['a list item more', { ports: [{ port: 80 }] }, { ports: [{ port: 80 }, { port: 81 }] }],
  ])('drops the stash as stale after %s', (_, spec, rewritten) => {
    expect(restoredAfter(spec, rewritten).outcome).toBe('stale')
  })

  it('still restores an entry hashed the way crdconv did before (the object as it was)', () => {
    const object = at({ size: 3, legacy: {} })
    const { apiVersion: _a, kind: _k, metadata: _m, ...fields } = object
    const entry = {
      v1: { fields: { 'spec.legacy': 'keep me' }, hash: fnv1a64(canonicalJson(fields)) },
    }
    const annotated = {
      ...object,
      metadata: {
        name: 'w',
        annotations: { [stashAnnotationKey('example.com')]: canonicalJson(entry) },
      },
    }
    expect(restoreStashedFields(annotated, down).outcome).toBe('restored')
  })
})

describe('storedForm', () => {
  it.each([
    [
      'nulls and empty objects go, without a schema',
      { a: null, b: {}, c: { d: {} }, e: 0 },
      undefined,
      { e: 0 },
    ],
    [
      'list items stay where they are, empty or null',
      { a: [{}, null, { b: null }] },
      undefined,
      { a: [{}, null, {}] },
    ],
    [
      'values equal to their default go',
      { spec: { replicas: 1, size: 0 } },
      V2,
      { spec: { size: 0 } },
    ],
    [
      'undeclared fields go, unless a loose object keeps them',
      { spec: { x: 1, extra: { y: 2 } } },
      V2,
      { spec: { extra: { y: 2 } } },
    ],
    ['map entries stay', { spec: { tags: { a: '' } } }, V2, { spec: { tags: { a: '' } } }],
    ['everything empty gives an empty object', { spec: { legacy: {} } }, V2, {}],
  ])('%s', (_, value, schema, expected) => {
    expect(storedForm(value, schema)).toEqual(expected)
  })
})
