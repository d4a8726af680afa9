import { describe, expect, it } from 'vitest'
import { convertChecked, describeProblem } from '../../../packages/webhook/src/review/index.ts'
import {
  ConversionError,
  createScheme,
  defineResource,
  fieldMoves,
  type SchemeProblemCode,
} from '../../../packages/webhook/src/scheme/index.ts'
import { schemeIssueCodes } from '../../support/scheme-issues.ts'
import {
  convert,
  gadget,
  gadgetVersions as versions,
  hostPort,
  objectAt,
} from '../../support/gadget-resource.ts'

describe('fieldMoves, what it refuses', () => {
  const failingSplit = (split: (whole: string) => never) =>
    gadget((move) => [
      move.split('spec.hostPort', { host: 'spec.host', port: 'spec.port' }, { ...hostPort, split }),
    ])

  it.each<[string, ReturnType<typeof gadget>, Record<string, unknown>, string]>([
    [
      'a split that throws an error of its own',
      failingSplit(() => {
        throw new TypeError('no colon')
      }),
      { spec: { hostPort: 'x' } },
      'split spec.hostPort into spec.host, spec.port threw TypeError: no colon (field spec.hostPort)',
    ],
    [
      'a split that throws a ConversionError',
      failingSplit((whole) => {
        throw new ConversionError(`hostPort ${whole} has no port`)
      }),
      { spec: { hostPort: 'x' } },
      'hostPort x has no port (field spec.hostPort)',
    ],
    [
      'a move into a field that is not an object',
      gadget((move) => [move.renamed('spec.name', 'status.state')]),
      { spec: { name: 'a' }, status: 'broken' },
      'renamed spec.name → status.state: status.state cannot be written, as status is not an object; make status an object or remove it (field status)',
    ],
    [
      'a `then` that returns no object',
      defineResource({
        group: 'example.com',
        kind: 'Gadget',
        versions,
        converters: fieldMoves(versions, 'v1', 'v2', () => [], {
          then: () => null as never,
          thenBack: (object) => object as never,
        }),
      }),
      { spec: {} },
      '`then` beside the field moves returned null, not an object',
    ],
  ])(
    'fails the conversion of %s, naming the object, the versions and the field',
    (_what, resource, fields, reason) => {
      const object = objectAt('v1', fields)
      const result = convertChecked(createScheme([resource]), object, 'example.com/v2')
      if (result.ok) throw new Error('the conversion should have failed')
      expect(describeProblem(result.problem)).toBe(
        `Gadget default/g, example.com/v1 → example.com/v2: ${reason}`
      )
    }
  )

  const withThen = (metadata: Record<string, unknown>) =>
    defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions,
      converters: fieldMoves(versions, 'v1', 'v2', (move) => [move.removed('spec.legacy')], {
        // v1's fields carried as they are: not v2's types, which this test does not need
        then: (object) => ({ ...object, metadata }) as never,
        thenBack: (object) => object as never,
      }),
    })

  it('keeps name, namespace and uid whatever a `then` returns as metadata', () => {
    const object = objectAt('v1', { spec: { name: 'a' } })
    const there = convert(withThen({ name: 'renamed', uid: 'other' }), object, 'v2')
    expect(there.metadata).toEqual(object.metadata)
  })

  it('fails a `then` whose labels the API server would refuse, naming the object', () => {
    const object = objectAt('v1', { spec: { name: 'a' } })
    const resource = withThen({ labels: { size: 'x'.repeat(64) } })
    const result = convertChecked(createScheme([resource]), object, 'example.com/v2')
    if (result.ok) throw new Error('the conversion should have failed')
    expect(describeProblem(result.problem)).toMatch(
      /^Gadget default\/g, example.com\/v1 → example.com\/v2: the converted object would be rejected by the API server: .*size.*63/
    )
  })

  it.each<[string, () => unknown, RegExp, SchemeProblemCode | SchemeProblemCode[]]>([
    [
      'a path v1 does not have',
      () => gadget((move) => [move.renamed('spec.nope' as never, 'spec.retention')]),
      /fieldMoves v1 → v2: renamed spec.nope → spec.retention: spec.nope is not a field of v1's schema/,
      'move-path-unknown',
    ],
    [
      'a path v2 does not have',
      () => gadget((move) => [move.added('spec.keep' as never)]),
      /added spec.keep: spec.keep is not a field of v2's schema/,
      'move-path-unknown',
    ],
    [
      'a field moved twice',
      () =>
        gadget((move) => [move.removed('spec.keep'), move.renamed('spec.keep', 'spec.retention')]),
      /spec.keep in v1's schema is also moved by removed spec.keep; a field moves once/,
      'moved-twice',
    ],
    [
      'a field inside a moved one',
      () => gadget((move) => [move.removed('spec'), move.renamed('spec.keep', 'spec.retention')]),
      /spec.keep in v1's schema is also moved by removed spec/,
      'moved-twice',
    ],
    [
      'moves inside a field that is no list',
      () => gadget((move) => [move.each('spec.hostPort' as never, () => [])]),
      /each spec.hostPort: spec.hostPort is not a list of objects in v1's schema and v2's schema/,
      ['move-path-unknown', 'move-not-a-list'],
    ],
    [
      'a path an item does not have',
      () =>
        gadget((move) => [
          move.each('spec.ports', (item) => [item.renamed('nope' as never, 'port')]),
        ]),
      /each spec.ports: renamed nope → port: nope is not a field of an item of spec.ports in v1's schema/,
      'move-path-unknown',
    ],
    [
      'metadata',
      () => gadget((move) => [move.removed('metadata.labels' as never)]),
      /apiVersion, kind and metadata are the framework's/,
      'move-path-framework',
    ],
    [
      'a split without join',
      () =>
        gadget((move) => [
          move.split('spec.hostPort', { host: 'spec.host' }, { split: hostPort.split } as never),
        ]),
      /split spec.hostPort: needs a `join` function, or neither the way back nor the check that a value comes back whole can be derived; give one, or write both converters by hand/,
      'move-function-missing',
    ],
    [
      'a version that is not declared',
      () => fieldMoves(versions, 'v1', 'v3' as never, () => []),
      /v3 is not a version \(declared: v1, v2\)/,
      'move-version-unknown',
    ],
    [
      'a mapping two values share, with no way back',
      () => gadget((move) => [move.mapped('spec.mode', { Fast: 'fast', Turbo: 'fast' })]),
      /mapped spec.mode: "Fast" and "Turbo" both become "fast", so the way back v2 → v1 is not derived: give `back`, or pass `oneWay: true` and write the converter v2 → v1 by hand/,
      'way-back-not-derived',
    ],
    [
      'a `then` with no `thenBack`',
      () => fieldMoves(versions, 'v1', 'v2', () => [], { then: (object) => object as never }),
      /`then` has no `thenBack` to undo it, so the way back v2 → v1 is not derived/,
      'way-back-not-derived',
    ],
  ])('refuses %s at definition time', (_what, define, message, code) => {
    expect(schemeIssueCodes(define)).toEqual([code].flat())
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
})
