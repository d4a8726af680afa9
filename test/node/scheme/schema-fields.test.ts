import * as classic from 'zod'
import * as mini from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { listItemSchema, schemaField } from '../../../packages/webhook/src/scheme/index.ts'

const Classic = classic.object({
  spec: classic
    .object({
      mode: classic.enum(['fast', 'slow']).default('fast'),
      address: classic.object({ host: classic.string() }).nullable().optional(),
      either: classic.union([
        classic.object({ a: classic.string() }),
        classic.object({ b: classic.int() }),
      ]),
      piped: classic
        .object({ inner: classic.string() })
        .pipe(classic.object({ inner: classic.string() })),
      later: classic.lazy(() => classic.object({ deep: classic.boolean() })),
      tags: classic.record(classic.string(), classic.string()),
    })
    .optional(),
})

const Mini = mini.looseObject({
  spec: mini.optional(
    mini.object({
      replicas: mini._default(mini.int(), 1),
      both: mini.intersection(mini.object({ x: mini.string() }), mini.object({ y: mini.string() })),
    })
  ),
})

describe('schemaField', () => {
  it.each<[string, classic.ZodType | mini.ZodMiniType, string, unknown]>([
    ['a default (zod)', Classic, 'spec.mode', { hasDefault: true, defaultValue: 'fast' }],
    ['a default (zod/mini)', Mini, 'spec.replicas', { hasDefault: true, defaultValue: 1 }],
    [
      'through nullable and optional',
      Classic,
      'spec.address.host',
      { hasDefault: false, defaultValue: undefined },
    ],
    [
      'in either branch of a union',
      Classic,
      'spec.either.b',
      { hasDefault: false, defaultValue: undefined },
    ],
    ['through a pipe', Classic, 'spec.piped.inner', { hasDefault: false, defaultValue: undefined }],
    [
      'through a lazy schema',
      Classic,
      'spec.later.deep',
      { hasDefault: false, defaultValue: undefined },
    ],
    [
      'on either side of an intersection',
      Mini,
      'spec.both.y',
      { hasDefault: false, defaultValue: undefined },
    ],
    ['an object field itself', Classic, 'spec', { hasDefault: false, defaultValue: undefined }],
  ])('finds %s', (_what, schema, path, field) => {
    expect(schemaField(schema, path)).toEqual(field)
  })

  it.each<[string, string]>([
    ['a field no object declares', 'spec.nope'],
    ['a key of a record', 'spec.tags.app'],
    ['a field below a leaf', 'spec.mode.value'],
  ])('finds nothing for %s', (_what, path) => {
    expect(schemaField(Classic, path)).toBeUndefined()
  })

  it('finds the item schema of a list of objects, and nothing for other fields', () => {
    const Listed = mini.object({
      ports: mini.optional(mini.array(mini.object({ port: mini.int() }))),
      names: mini.array(mini.string()),
    })
    expect(schemaField(listItemSchema(Listed, 'ports')!, 'port')).toBeDefined()
    expect(listItemSchema(Listed, 'names')).toBeUndefined()
    expect(listItemSchema(Listed, 'nope')).toBeUndefined()
  })
})
