// `fieldMoves`' hooks with the stash as a zod object: both get `stashed` typed by it, what fails it
// reaches them as nothing (stale, never cast), and a key a move stashes too is refused when the
// scheme is defined, not per object.
import { describe, expect, expectTypeOf, it } from 'vitest'
import * as z from 'zod/mini'
import {
  createScheme,
  defineResource,
  fieldMoves,
  SchemeError,
  stashFields,
  type FieldMove,
  type FieldMoveBuilder,
  type KubeObject,
  type StashedFields,
} from '../../../packages/webhook/src/scheme/index.ts'
import { expectLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'

const Port = z.object({ name: z.optional(z.string()), port: z.optional(z.int()) })
const V1 = z.object({
  spec: z.optional(
    z.object({
      owner: z.optional(z.string()),
      legacy: z.optional(z.string()),
      ports: z.optional(z.array(Port)),
    })
  ),
})
const V2 = z.object({
  spec: z.optional(
    z.object({
      ports: z.optional(
        z.array(z.object({ portName: z.optional(z.string()), port: z.optional(z.int()) }))
      ),
    })
  ),
})
const versions = { v1: { schema: V1, storage: true }, v2: { schema: V2 } } as const

const OwnerStash = z.object({ owner: z.string() })

const gadget = defineResource({
  group: 'stash.example.com',
  kind: 'Gadget',
  versions,
  converters: fieldMoves(
    versions,
    'v1',
    'v2',
    (move) => [
      move.removed('spec.legacy'),
      move.each('spec.ports', (item) => [item.renamed('name', 'portName')]),
    ],
    {
      stash: OwnerStash,
      // v2 has no owner: the hook keeps it, beside what the moves keep
      then: ({ spec, ...rest }, context, stashed) => {
        expectTypeOf(stashed).toEqualTypeOf<StashedFields<{ owner: string }>>()
        if (spec === undefined) return rest
        const { owner, ...others } = spec
        return stashFields({ ...rest, spec: others }, context, { owner })
      },
      thenBack: ({ spec, ...rest }, _context, stashed) => {
        expectTypeOf(stashed).toEqualTypeOf<StashedFields<{ owner: string }>>()
        if (stashed.owner === undefined) return spec === undefined ? rest : { ...rest, spec }
        return { ...rest, spec: { ...spec, owner: stashed.owner } }
      },
    }
  ),
})
const scheme = createScheme([gadget])

const KEY = 'stash.example.com/conversion-stash'

const atV1 = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'stash.example.com/v1',
  kind: 'Gadget',
  metadata: { name: 'g', namespace: 'default', annotations: { note: 'kept' } },
  spec,
})

function convert(object: KubeObject, version: string): KubeObject {
  const result = scheme.convert(object, `stash.example.com/${version}`)
  if (!result.ok) throw new Error(result.failure.message)
  return result.object
}

const stashOf = (object: KubeObject) => JSON.parse(object.metadata?.annotations?.[KEY] ?? 'null')

describe('fieldMoves with a stash schema', () => {
  it("keeps the hook's fields and the moves' in one entry, and gives both back", () => {
    const original = atV1({ owner: 'team-a', legacy: 'x', ports: [{ name: 'http', port: 80 }] })
    const there = convert(original, 'v2')
    expect(there.spec).toEqual({ ports: [{ portName: 'http', port: 80 }] })
    expect(stashOf(there).v1.fields).toEqual({ owner: 'team-a', 'spec.legacy': 'x' })
    expect(convert(there, 'v1')).toEqual(original)
  })

  it('gives the hooks nothing, and the moves nothing, from an entry that fails the schema', () => {
    const there = convert(atV1({ owner: 'team-a', legacy: 'x' }), 'v2')
    const stash = stashOf(there)
    stash.v1.fields.owner = 42 // written by hand: owner is text in the schema
    const tampered = {
      ...there,
      metadata: {
        ...there.metadata,
        annotations: { ...there.metadata?.annotations, [KEY]: JSON.stringify(stash) },
      },
    }
    const back = convert(tampered, 'v1')
    expect(back.spec).toEqual({})
    expect(back.metadata?.annotations).toEqual({ note: 'kept' })
  })

  it('fails the conversion, naming the field, when a hook stashes a key the schema does not name', () => {
    const loose = defineResource({
      group: 'stash.example.com',
      kind: 'Gadget',
      versions,
      converters: fieldMoves(versions, 'v1', 'v2', () => [], {
        stash: OwnerStash,
        // an untyped caller: the compiler would refuse `team`
        then: (object, context) => stashFields(object, context, { team: 'a' } as never),
        thenBack: (object) => object,
      }),
    })
    const result = createScheme([loose]).convert(atV1({}), 'stash.example.com/v2')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.failure.code).toBe('converter-refused')
    expect(result.failure.message).toContain(
      '`then` stashed team, which the `stash` schema does not name: add it there'
    )
  })

  it('loses nothing in the round-trip kit', () => {
    expectLosslessRoundTrips(gadget, { numRuns: 100 })
  })
})

type Declare = (
  move: FieldMoveBuilder<z.output<typeof V1>, z.output<typeof V2>>
) => readonly FieldMove[]

describe('a stash key a move stashes too', () => {
  it.each<{ key: string; moves: Declare; by: string }>([
    {
      key: 'spec.legacy',
      moves: (move) => [move.removed('spec.legacy')],
      by: 'removed spec.legacy',
    },
    {
      key: 'spec.ports[0].name',
      moves: (move) => [move.each('spec.ports', (item) => [item.renamed('name', 'portName')])],
      by: 'each spec.ports',
    },
    { key: '(absent)', moves: () => [], by: 'the moves, for the paths they list' },
    { key: '(emptied)', moves: () => [], by: 'the moves, for the paths they list' },
  ])('is refused when the scheme is defined: $key', ({ key, moves, by }) => {
    const define = () =>
      fieldMoves(versions, 'v1', 'v2', moves, {
        stash: z.object({ [key]: z.string() }),
        then: (object) => object as never,
        thenBack: (object) => object as never,
      })
    expect(define).toThrow(SchemeError)
    try {
      define()
    } catch (error) {
      expect((error as SchemeError).issues).toEqual([
        {
          code: 'stash-key-taken',
          path: key,
          message: `stash key ${key}: ${by} stashes it too, in the same entry; give the hooks' field a name of its own`,
        },
      ])
    }
  })

  it('is no problem for a move that never stashes it (a rename without values)', () => {
    const define = () =>
      fieldMoves(versions, 'v1', 'v2', (move) => [move.removed('spec.legacy')], {
        stash: z.object({ 'spec.owner': z.string() }),
        then: (object) => object as never,
        thenBack: (object) => object as never,
      })
    expect(define).not.toThrow()
  })

  it('refuses a stash that is not a zod object, for callers without types', () => {
    const define = () =>
      fieldMoves(versions, 'v1', 'v2', () => [], {
        stash: z.string() as never,
        then: (object) => object as never,
        thenBack: (object) => object as never,
      })
    expect(define).toThrow(SchemeError)
    expect(() => define()).toThrow(
      expect.objectContaining({
        issues: [expect.objectContaining({ code: 'stash-schema-invalid' })],
      })
    )
  })
})

describe('the hooks with a stash schema, at compile time', () => {
  it('refuses a stashed value of the wrong type, and a wrong value read back', () => {
    fieldMoves(versions, 'v1', 'v2', () => [], {
      stash: OwnerStash,
      // @ts-expect-error owner is text in the stash schema, not a number
      then: ({ spec: _spec, ...rest }, context) =>
        stashFields({ ...rest, spec: {} }, context, { owner: 7 }),
      thenBack: ({ spec, ...rest }, _context, stashed) => {
        // @ts-expect-error a stashed owner is text
        const wrong: number | undefined = stashed.owner
        expect(wrong).toBeUndefined()
        return { ...rest, spec: { ...spec, owner: stashed.owner } }
      },
    })
  })
})
