import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import {
  ConversionError,
  createScheme,
  defineResource,
  fieldMoves,
  SchemeError,
  stashAnnotationKey,
  type FieldMove,
  type FieldMoveBuilder,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import { expectLosslessRoundTrips } from '../../../packages/webhook/src/testing/index.ts'

const GadgetV1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      hostPort: z.optional(z.string()),
      keep: z.optional(z.int()),
      mode: z.optional(z.enum(['Fast', 'Slow', 'Turbo'])),
      legacy: z.optional(z.string()),
      name: z.optional(z.string()),
    })
  ),
  status: z.optional(
    z.looseObject({ phase: z.optional(z.string()), ready: z.optional(z.boolean()) })
  ),
})

const GadgetV2 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      host: z.optional(z.string()),
      port: z.optional(z.string()),
      retention: z.optional(z.int()),
      mode: z.optional(z.enum(['fast', 'slow'])),
      replicas: z._default(z.int(), 1),
      name: z.optional(z.string()),
    })
  ),
  status: z.optional(z.looseObject({ state: z.optional(z.string()) })),
})

const versions = { v1: { schema: GadgetV1, storage: true }, v2: { schema: GadgetV2 } }
type Builder = FieldMoveBuilder<z.output<typeof GadgetV1>, z.output<typeof GadgetV2>>

/** `host:port` at the last colon; without one, all host (which does not join back). */
const hostPort = {
  split: (whole: string) => {
    const colon = whole.lastIndexOf(':')
    return colon === -1
      ? { host: whole }
      : { host: whole.slice(0, colon), port: whole.slice(colon + 1) }
  },
  join: ({ host, port }: { host: string; port: string }) => `${host}:${port}`,
}

function gadget(declare: (move: Builder) => readonly FieldMove[]) {
  return defineResource({
    group: 'example.com',
    kind: 'Gadget',
    versions,
    converters: fieldMoves(versions, 'v1', 'v2', declare),
  })
}

const objectAt = (version: string, fields: Record<string, unknown>): KubeObject => ({
  apiVersion: `example.com/${version}`,
  kind: 'Gadget',
  metadata: {
    name: 'g',
    namespace: 'default',
    uid: '00000000-0000-1000-8000-000000000001',
    annotations: { note: 'kept' },
  },
  ...fields,
})

function convert(resource: ReturnType<typeof gadget>, object: KubeObject, version: string) {
  const result = createScheme([resource]).convert(object, `example.com/${version}`)
  if (!result.ok) throw new Error(result.failure.reason)
  return result.object
}

const withoutFramework = ({ apiVersion: _a, kind: _k, metadata: _m, ...fields }: KubeObject) =>
  fields

describe('fieldMoves', () => {
  it.each<[string, (move: Builder) => FieldMove, Record<string, unknown>, Record<string, unknown>]>(
    [
      [
        'renamed',
        (move) => move.renamed('spec.keep', 'spec.retention'),
        { keep: 3 },
        { retention: 3 },
      ],
      [
        'split',
        (move) => move.split('spec.hostPort', { host: 'spec.host', port: 'spec.port' }, hostPort),
        { hostPort: 'db:5432' },
        { host: 'db', port: '5432' },
      ],
      [
        'mapped',
        (move) =>
          move.mapped(
            'spec.mode',
            { Fast: 'fast', Slow: 'slow', Turbo: 'fast' },
            { back: { fast: 'Fast', slow: 'Slow' } }
          ),
        { mode: 'Slow' },
        { mode: 'slow' },
      ],
      [
        'added with the schema default',
        (move) => move.added('spec.replicas'),
        { name: 'a' },
        { name: 'a', replicas: 1 },
      ],
      [
        'added with a value',
        (move) => move.added('spec.replicas', 3),
        { name: 'a' },
        { name: 'a', replicas: 3 },
      ],
      ['removed', (move) => move.removed('spec.legacy'), { name: 'a', legacy: 'x' }, { name: 'a' }],
    ]
  )('%s: converts v1 → v2 and back to the same object', (_kind, declare, v1Spec, v2Spec) => {
    const resource = gadget((move) => [declare(move)])
    const original = objectAt('v1', { spec: { ...v1Spec, unknown: { kept: true } }, extra: 1 })
    const there = convert(resource, original, 'v2')
    expect(there['spec']).toEqual({ ...v2Spec, unknown: { kept: true } })
    expect(there['extra']).toBe(1)
    expect(convert(resource, there, 'v1')).toEqual(original)
  })

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a hostPort that does not join back', { hostPort: 'db' }, { host: 'db' }],
    ['a mode v2 has no place for', { mode: 'Turbo' }, { mode: 'fast' }],
    ['a replicas count beside the default', { replicas: 7 }, { replicas: 7 }],
  ])('keeps %s in the stash and gives it back', (_what, v1Spec, v2Spec) => {
    const resource = gadget((move) => [
      move.split('spec.hostPort', { host: 'spec.host', port: 'spec.port' }, hostPort),
      move.mapped(
        'spec.mode',
        { Fast: 'fast', Slow: 'slow', Turbo: 'fast' },
        { back: { fast: 'Fast', slow: 'Slow' } }
      ),
    ])
    const original = objectAt('v1', { spec: v1Spec })
    const there = convert(resource, original, 'v2')
    expect(there['spec']).toEqual(v2Spec)
    expect(convert(resource, there, 'v1')).toEqual(original)
  })

  it('gives back a v2 object whose default field was absent, without the default', () => {
    const resource = gadget((move) => [move.added('spec.replicas')])
    const original = objectAt('v2', { spec: { name: 'a' } })
    const there = convert(resource, original, 'v1')
    expect(there.metadata?.annotations?.[stashAnnotationKey('example.com')]).toBeDefined()
    expect(convert(resource, there, 'v2')).toEqual(original)
  })

  it('fills a default only where the object around it is', () => {
    const resource = gadget((move) => [move.added('spec.replicas')])
    expect(withoutFramework(convert(resource, objectAt('v1', {}), 'v2'))).toEqual({})
  })

  it('swaps fields: every move reads the object as it came', () => {
    const resource = gadget((move) => [
      move.renamed('spec.name', 'spec.host'),
      move.renamed('spec.hostPort', 'spec.name'),
    ])
    const there = convert(resource, objectAt('v1', { spec: { name: 'n', hostPort: 'h:1' } }), 'v2')
    expect(there['spec']).toEqual({ host: 'n', name: 'h:1' })
  })

  it('runs `then` after the moves and `thenBack` before undoing them', () => {
    const resource = defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions,
      converters: fieldMoves(
        versions,
        'v1',
        'v2',
        (move) => [move.renamed('spec.keep', 'spec.retention')],
        {
          then: ({ status, ...rest }) => ({
            ...rest,
            ...(status === undefined ? {} : { status: { state: status['phase'] as string } }),
          }),
          thenBack: ({ status, ...rest }) => ({
            ...rest,
            ...(status === undefined ? {} : { status: { phase: status.state } }),
          }),
        }
      ) as never,
    })
    const original = objectAt('v1', { spec: { keep: 2 }, status: { phase: 'Running' } })
    const there = convert(resource, original, 'v2')
    expect(withoutFramework(there)).toEqual({
      spec: { retention: 2 },
      status: { state: 'Running' },
    })
    expect(convert(resource, there, 'v1')).toEqual(original)
  })

  it('mixes with a hand-written converter on the other direction', () => {
    const resource = defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions,
      converters: [
        ...fieldMoves(
          versions,
          'v1',
          'v2',
          (move) => [move.renamed('spec.keep', 'spec.retention')],
          { oneWay: true }
        ),
        {
          from: 'v2',
          to: 'v1',
          convert: ({ spec, ...rest }) => ({ ...rest, spec: { keep: spec?.retention ?? 0 } }),
        },
      ],
    })
    expect(convert(resource, objectAt('v2', { spec: {} }), 'v1')['spec']).toEqual({ keep: 0 })
  })

  it('fails with the field when a split function throws', () => {
    const resource = gadget((move) => [
      move.split(
        'spec.hostPort',
        { host: 'spec.host', port: 'spec.port' },
        {
          ...hostPort,
          split: () => {
            throw new TypeError('no colon')
          },
        }
      ),
    ])
    const result = createScheme([resource]).convert(
      objectAt('v1', { spec: { hostPort: 'x' } }),
      'example.com/v2'
    )
    expect(result).toEqual({
      ok: false,
      failure: {
        reason: 'split spec.hostPort into spec.host, spec.port threw TypeError: no colon',
        field: 'spec.hostPort',
      },
    })
    expect(ConversionError).toBeDefined()
  })

  it('keeps the metadata rules: only labels and annotations come from the moves', () => {
    const resource = gadget((move) => [move.removed('spec.legacy')])
    const there = convert(resource, objectAt('v1', { spec: { legacy: 'x' } }), 'v2')
    expect(there.metadata).toMatchObject({
      name: 'g',
      namespace: 'default',
      uid: '00000000-0000-1000-8000-000000000001',
    })
  })

  it.each<[string, () => unknown, RegExp]>([
    [
      'a path v1 does not have',
      () => gadget((move) => [move.renamed('spec.nope' as never, 'spec.retention')]),
      /fieldMoves v1 → v2: renamed spec.nope → spec.retention: spec.nope is not a field of v1's schema/,
    ],
    [
      'a path v2 does not have',
      () => gadget((move) => [move.added('spec.keep' as never)]),
      /added spec.keep: spec.keep is not a field of v2's schema/,
    ],
    [
      'a field moved twice',
      () =>
        gadget((move) => [move.removed('spec.keep'), move.renamed('spec.keep', 'spec.retention')]),
      /spec.keep in v1 is also moved by removed spec.keep; a field moves once/,
    ],
    [
      'a field inside a moved one',
      () => gadget((move) => [move.removed('spec'), move.renamed('spec.keep', 'spec.retention')]),
      /spec.keep in v1 is also moved by removed spec/,
    ],
    [
      'metadata',
      () => gadget((move) => [move.removed('metadata.labels' as never)]),
      /apiVersion, kind and metadata are the framework's/,
    ],
    [
      'a split without join',
      () =>
        gadget((move) => [
          move.split('spec.hostPort', { host: 'spec.host' }, { split: hostPort.split } as never),
        ]),
      /split spec.hostPort: needs a `join` function/,
    ],
    [
      'a version that is not declared',
      () => fieldMoves(versions, 'v1', 'v3' as never, () => []),
      /v3 is not a version \(declared: v1, v2\)/,
    ],
    [
      'a mapping two values share, with no way back',
      () => gadget((move) => [move.mapped('spec.mode', { Fast: 'fast', Turbo: 'fast' })]),
      /mapped spec.mode: "Fast" and "Turbo" both become "fast", so the way back v2 → v1 is not derived: give `back`, or pass `oneWay: true` and write the converter v2 → v1 by hand/,
    ],
    [
      'a `then` with no `thenBack`',
      () => fieldMoves(versions, 'v1', 'v2', () => [], { then: (object) => object }),
      /`then` has no `thenBack` to undo it, so the way back v2 → v1 is not derived/,
    ],
  ])('refuses %s at definition time', (_what, define, message) => {
    expect(define).toThrow(SchemeError)
    expect(define).toThrow(message)
  })

  it('derives no way back with oneWay: the mapping that blocked it is allowed', () => {
    const converters = fieldMoves(
      versions,
      'v1',
      'v2',
      (move) => [move.mapped('spec.mode', { Fast: 'fast', Turbo: 'fast' })],
      { oneWay: true }
    )
    expect(converters.map(({ from, to }) => `${from} → ${to}`)).toEqual(['v1 → v2'])
  })

  describe('round trips through the kit', () => {
    const resource = gadget((move) => [
      move.split('spec.hostPort', { host: 'spec.host', port: 'spec.port' }, hostPort),
      move.renamed('spec.keep', 'spec.retention'),
      move.mapped(
        'spec.mode',
        { Fast: 'fast', Slow: 'slow', Turbo: 'fast' },
        { back: { fast: 'Fast', slow: 'Slow' } }
      ),
      move.added('spec.replicas'),
      move.removed('spec.legacy'),
      move.renamed('status.phase', 'status.state'),
      move.removed('status.ready'),
    ])

    it.each([
      ['whole objects', {}],
      ['partial objects', { partial: true }],
    ])('loses nothing on %s', (_what, options) => {
      expectLosslessRoundTrips(resource, { numRuns: 200, ...options })
    })
  })
})
