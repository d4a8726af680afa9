// The typing of declared field moves: `npm run typecheck` checks this file, so each
// `@ts-expect-error` below is a path or value the compiler must refuse; each such line is run too,
// and must be refused again when the scheme is defined (untyped callers get the same check).
import * as z from 'zod/mini'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  fieldMoves,
  restoreStashedFields,
  SchemeError,
  stashFields,
  type StashedFields,
  type FieldPath,
  type FieldValue,
  type ListItem,
  type ListPath,
  type SchemaPath,
} from '../../../packages/webhook/src/scheme/index.ts'

const PartV1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      hostPort: z.optional(z.string()),
      mode: z.optional(z.enum(['Fast', 'Slow'])),
      labels: z.optional(z.record(z.string(), z.string())),
      ports: z.optional(z.array(z.object({ port: z.int() }))),
    })
  ),
})

const PartV2 = z.object({
  spec: z.optional(
    z.object({
      address: z.optional(z.object({ host: z.optional(z.string()), port: z.optional(z.int()) })),
      mode: z.optional(z.enum(['fast', 'slow'])),
      replicas: z._default(z.int(), 1),
      ports: z.optional(z.array(z.object({ number: z.int(), name: z.optional(z.string()) }))),
    })
  ),
})

const versions = { v1: { schema: PartV1, storage: true }, v2: { schema: PartV2 } }

type Nested = { a?: { b?: { c?: { d?: { e?: { f?: { g?: { h?: string } } } } } } } }

describe('field paths', () => {
  it('are the declared fields of a schema, through nested objects, not into records or arrays', () => {
    expectTypeOf<SchemaPath<typeof PartV1>>().toEqualTypeOf<
      'spec' | 'spec.hostPort' | 'spec.mode' | 'spec.labels' | 'spec.ports'
    >()
    expectTypeOf<SchemaPath<typeof PartV2>>().toEqualTypeOf<
      | 'spec'
      | 'spec.address'
      | 'spec.address.host'
      | 'spec.address.port'
      | 'spec.mode'
      | 'spec.replicas'
      | 'spec.ports'
    >()
  })

  it('name lists of objects, whose items have paths of their own', () => {
    expectTypeOf<ListPath<z.output<typeof PartV1>>>().toEqualTypeOf<'spec.ports'>()
    expectTypeOf<FieldPath<ListItem<z.output<typeof PartV2>, 'spec.ports'>>>().toEqualTypeOf<
      'number' | 'name'
    >()
  })

  it('stop at six levels, so that the compiler stays fast on large schemas', () => {
    expectTypeOf<'a.b.c.d.e.f'>().toExtend<FieldPath<Nested>>()
    expectTypeOf<'a.b.c.d.e.f.g'>().not.toExtend<FieldPath<Nested>>()
  })

  it('type the value at a path, undefined included where the field is optional', () => {
    expectTypeOf<FieldValue<z.output<typeof PartV2>, 'spec.address.port'>>().toEqualTypeOf<
      number | undefined
    >()
    expectTypeOf<FieldValue<z.output<typeof PartV1>, 'spec.mode'>>().toEqualTypeOf<
      'Fast' | 'Slow' | undefined
    >()
  })
})

describe('fieldMoves typing', () => {
  it('accepts moves whose paths and values both schemas have', () => {
    const converters = fieldMoves(versions, 'v1', 'v2', (move) => [
      move.split(
        'spec.hostPort',
        { host: 'spec.address.host', port: 'spec.address.port' },
        {
          split: (hostPort) => ({
            host: hostPort.split(':')[0],
            port: Number(hostPort.split(':')[1]),
          }),
          join: ({ host, port }) => `${host}:${port}`,
        }
      ),
      move.mapped('spec.mode', { Fast: 'fast', Slow: 'slow' }),
      move.added('spec.replicas', 2),
      move.each('spec.ports', (item) => [item.renamed('port', 'number')]),
    ])
    expect(converters).toHaveLength(2)
  })

  it.each<[string, () => unknown]>([
    [
      'a source path v1 does not have',
      // @ts-expect-error spec.host is not a field of v1
      () => fieldMoves(versions, 'v1', 'v2', (move) => [move.renamed('spec.host', 'spec.mode')]),
    ],
    [
      'a removed field v1 does not have',
      // @ts-expect-error removed names a field of v1, and spec.replicas is v2's
      () => fieldMoves(versions, 'v1', 'v2', (move) => [move.removed('spec.replicas')]),
    ],
    [
      'a mapped path one side lacks',
      // @ts-expect-error spec.replicas is a field of v2 only
      () => fieldMoves(versions, 'v1', 'v2', (move) => [move.mapped('spec.replicas', {})]),
    ],
    [
      'a split part v2 does not have',
      () =>
        fieldMoves(versions, 'v1', 'v2', (move) => [
          move.split(
            'spec.hostPort',
            // @ts-expect-error spec.port is not a field of v2 (it is spec.address.port)
            { host: 'spec.address.host', port: 'spec.port' },
            { split: () => ({}), join: () => '' }
          ),
        ]),
    ],
    [
      'moves inside a field that is no list',
      // @ts-expect-error spec.hostPort is text, not a list
      () => fieldMoves(versions, 'v1', 'v2', (move) => [move.each('spec.hostPort', () => [])]),
    ],
    [
      'a path inside an item that starts outside it',
      () =>
        fieldMoves(versions, 'v1', 'v2', (move) => [
          // @ts-expect-error inside an item, paths start at the item
          move.each('spec.ports', (item) => [item.renamed('spec.ports.port', 'number')]),
        ]),
    ],
    [
      'a path into a record',
      // @ts-expect-error a record's keys are not declared fields
      () => fieldMoves(versions, 'v1', 'v2', (move) => [move.removed('spec.labels.app')]),
    ],
  ])('refuses %s at compile time and at definition time', (_what, define) => {
    expect(define).toThrow(SchemeError)
  })

  it('refuses values the schemas refuse, at compile time', () => {
    fieldMoves(versions, 'v1', 'v2', (move) => [
      // @ts-expect-error 'turbo' is not a mode of v2
      move.mapped('spec.mode', { Fast: 'turbo' }, { back: { turbo: 'Fast' } }),
      // @ts-expect-error replicas is an integer
      move.added('spec.replicas', 'two'),
    ])
    fieldMoves(versions, 'v1', 'v2', (move) => [
      // @ts-expect-error 'Turbo' is not a mode of v1
      move.renamed('spec.mode', 'spec.mode', { values: { Turbo: 'fast' } }),
    ])
    fieldMoves(versions, 'v1', 'v2', (move) => [
      move.split(
        'spec.hostPort',
        { port: 'spec.address.port' },
        // @ts-expect-error the port of v2 is a number, not text
        { split: (hostPort: string) => ({ port: hostPort }), join: ({ port }) => `:${port}` }
      ),
    ])
  })
})

describe('`then` and `thenBack` typing', () => {
  const V1 = z.object({
    spec: z.optional(
      z.object({
        legacy: z.optional(z.object({ timeout: z.optional(z.string()) })),
        note: z.optional(z.string()),
        mode: z.optional(z.enum(['Fast', 'Slow'])),
      })
    ),
  })
  const V2 = z.object({
    spec: z.optional(
      z.object({ timeout: z.optional(z.int()), mode: z.optional(z.enum(['fast', 'slow'])) })
    ),
  })
  const pair = { v1: { schema: V1 }, v2: { schema: V2, storage: true } } as const

  it('are typed with what the moves leave, and `stashed` with what `then` stashed', () => {
    fieldMoves(
      pair,
      'v1',
      'v2',
      (move) => [
        move.renamed('spec.legacy.timeout', 'spec.timeout'),
        move.mapped('spec.mode', { Fast: 'fast', Slow: 'slow' }),
      ],
      {
        then: (object, context) => {
          // a rename carries the value as it is: still v1's text, not v2's integer
          expectTypeOf(object.spec?.timeout).toEqualTypeOf<string | undefined>()
          // a mapped value has v2's values; the renamed field's old place is gone
          expectTypeOf(object.spec?.mode).toEqualTypeOf<'fast' | 'slow' | undefined>()
          expectTypeOf(object.spec).not.toHaveProperty('legacy')
          // a field no move touched is carried with v1's type
          expectTypeOf(object.spec?.note).toEqualTypeOf<string | undefined>()
          const { spec, ...rest } = object
          const { timeout, note: _note, ...others } = spec ?? {}
          return stashFields(Object.assign(rest, { spec: others }), context, {
            'spec.timeout': timeout,
          })
        },
        thenBack: (object, _context, stashed) => {
          expectTypeOf(stashed).toEqualTypeOf<
            StashedFields<{ 'spec.timeout': string | undefined }>
          >()
          expectTypeOf(object.spec?.legacy?.timeout).toEqualTypeOf<number | undefined>()
          expectTypeOf(object.spec?.mode).toEqualTypeOf<'Fast' | 'Slow' | undefined>()
          return object as never
        },
      }
    )
  })

  it('types `stashed` with every field `then` stashes on any of its paths', () => {
    fieldMoves(
      pair,
      'v1',
      'v2',
      (move) => [
        move.renamed('spec.legacy.timeout', 'spec.timeout'),
        move.mapped('spec.mode', { Fast: 'fast', Slow: 'slow' }),
      ],
      {
        then: (object, context) => {
          const { spec, ...rest } = object
          const { timeout, note, ...others } = spec ?? {}
          const converted = Object.assign(rest, { spec: others })
          if (note === undefined) {
            return stashFields(converted, context, { 'spec.timeout': timeout })
          }
          return stashFields(converted, context, { 'spec.note': note, 'spec.timeout': 0 })
        },
        thenBack: (object, _context, stashed) => {
          expectTypeOf(stashed['spec.note']).toEqualTypeOf<string | undefined>()
          // stashed as text on one path and as a number on the other
          expectTypeOf(stashed['spec.timeout']).toEqualTypeOf<string | number | undefined>()
          expectTypeOf(stashed).not.toHaveProperty('spec.mode')
          return object as never
        },
      }
    )
  })

  it('leaves `stashed` untyped where a path of `then` returns a wider object than a stashing one', () => {
    // TypeScript infers `then`'s result as the widest of its paths: `rest` swallows
    // `Object.assign(rest, …)` and what it stashed. Return one object type on every path.
    fieldMoves(
      pair,
      'v1',
      'v2',
      (move) => [
        move.renamed('spec.legacy.timeout', 'spec.timeout'),
        move.mapped('spec.mode', { Fast: 'fast', Slow: 'slow' }),
      ],
      {
        then: (object, context) => {
          const { spec, ...rest } = object
          if (spec === undefined) return rest
          const { timeout, note: _note, ...others } = spec
          return stashFields(Object.assign(rest, { spec: others }), context, {
            'spec.timeout': timeout,
          })
        },
        thenBack: (object, _context, stashed) => {
          expectTypeOf(stashed).toEqualTypeOf<StashedFields<object>>()
          return object as never
        },
      }
    )
  })

  it('types restored fields with the output of the stash schema the caller names', () => {
    const restored = restoreStashedFields(
      { apiVersion: 'example.com/v1' },
      {
        group: 'example.com',
        kind: 'K',
        from: 'v2',
        to: 'v1',
        sourceVersion: 'v2',
        targetVersion: 'v1',
      },
      { schema: z.object({ 'spec.note': z.string() }) }
    )
    expectTypeOf(restored.fields).toEqualTypeOf<
      StashedFields<{ 'spec.note': string }> | undefined
    >()
    expect(restored.outcome).toBe('none')
  })
})
