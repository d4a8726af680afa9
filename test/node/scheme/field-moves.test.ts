import { describe, expect, it } from 'vitest'
import {
  defineResource,
  fieldMoves,
  restoreStashedFields,
  stashAnnotationKey,
  type FieldMove,
} from '../../../packages/webhook/src/scheme/index.ts'
import { expectLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'
import {
  convert,
  gadget,
  gadgetVersions as versions,
  hostPort,
  objectAt,
  withoutFramework,
  type GadgetMoves as Builder,
} from '../../support/gadget-resource.ts'

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
        'renamed through a mapping',
        (move) => move.renamed('spec.mode', 'spec.name', { values: { Fast: 'quick' } }),
        { mode: 'Fast' },
        { name: 'quick' },
      ],
      [
        'each item of a list',
        (move) =>
          move.each('spec.ports', (item) => [
            item.renamed('number', 'port'),
            item.mapped('protocol', { tcp: 'TCP', udp: 'UDP' }),
            item.added('weight'),
          ]),
        { ports: [{ number: 80, protocol: 'tcp' }, {}, 'not an object'] },
        { ports: [{ port: 80, protocol: 'TCP', weight: 1 }, { weight: 1 }, 'not an object'] },
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

  it('gives back list items whose default field was absent, item by item', () => {
    const resource = gadget((move) => [move.each('spec.ports', (item) => [item.added('weight')])])
    const original = objectAt('v2', { spec: { ports: [{ port: 1 }, { port: 2, weight: 3 }] } })
    const there = convert(resource, original, 'v1')
    expect(there['spec']).toEqual({ ports: [{ port: 1 }, { port: 2 }] })
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

  it('runs `then` after the moves and `thenBack` after undoing them', () => {
    const resource = defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions,
      converters: fieldMoves(
        versions,
        'v1',
        'v2',
        (move) => [
          move.renamed('spec.keep', 'spec.retention'),
          move.mapped('spec.mode', { Fast: 'fast', Slow: 'slow' }, { back: { fast: 'Fast' } }),
          move.each('spec.ports', (item) => [item.mapped('protocol', { tcp: 'TCP', udp: 'UDP' })]),
        ],
        {
          then: ({ status, spec, ...rest }) => ({
            ...rest,
            // the moves ran first: spec.keep is already spec.retention
            ...(spec === undefined
              ? {}
              : { spec: { ...spec, retention: (spec.retention ?? 0) * 10 } }),
            ...(status === undefined ? {} : { status: { state: status['phase'] as string } }),
          }),
          thenBack: ({ status, spec, ...rest }) => ({
            ...rest,
            // the moves were undone first: spec.retention is back at spec.keep
            ...(spec === undefined ? {} : { spec: { ...spec, keep: (spec.keep ?? 0) / 10 } }),
            ...(status === undefined ? {} : { status: { phase: status.state } }),
          }),
        }
      ),
    })
    const original = objectAt('v1', { spec: { keep: 2 }, status: { phase: 'Running' } })
    const there = convert(resource, original, 'v2')
    expect(withoutFramework(there)).toEqual({
      spec: { retention: 20 },
      status: { state: 'Running' },
    })
    expect(convert(resource, there, 'v1')).toEqual(original)
  })

  it('mixes with a hand-written way back, which finds what the moves stashed under its path', () => {
    const resource = defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions,
      converters: [
        ...fieldMoves(versions, 'v1', 'v2', (move) => [move.removed('spec.legacy')], {
          oneWay: true,
        }),
        {
          from: 'v2',
          to: 'v1',
          convert: (object, context) => {
            const { object: rest, fields } = restoreStashedFields(object, context)
            const legacy = fields?.['spec.legacy'] as string | undefined
            // v2's mode and ports are not v1's: a real converter would convert them, this object has none
            const { mode: _mode, ports: _ports, ...spec } = rest.spec ?? {}
            return { ...rest, spec: legacy === undefined ? spec : { ...spec, legacy } }
          },
        },
      ],
    })
    const original = objectAt('v1', { spec: { name: 'a', legacy: 'x' } })
    const there = convert(resource, original, 'v2')
    expect(there['spec']).toEqual({ name: 'a' })
    expect(convert(resource, there, 'v1')).toEqual(original)
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
      move.each('spec.ports', (item) => [
        item.renamed('number', 'port'),
        item.mapped('protocol', { tcp: 'TCP', udp: 'UDP' }),
        item.added('weight'),
      ]),
    ])

    it.each([
      ['whole objects', {}],
      ['partial objects', { partial: true }],
    ])('loses nothing on %s', (_what, options) => {
      expectLosslessRoundTrips(resource, { numRuns: 200, ...options })
    })
  })
})
