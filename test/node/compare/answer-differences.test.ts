import { describe, expect, it } from 'vitest'
import { answerDifferences } from '../../../packages/crdconv/src/compare/index.ts'

const STATE = 'example.com/conversion-data'
const pool = (fields: Record<string, unknown>, annotations: Record<string, string> = {}) => ({
  apiVersion: 'example.com/v1',
  kind: 'Pool',
  metadata: { name: 'a', namespace: 'ns', annotations },
  ...fields,
})

describe('the differences between two converted objects', () => {
  it.each([
    ['a field only crdconv keeps', { spec: { a: 1 } }, { spec: {} }, 'only-crdconv', 'spec.a'],
    [
      'a field only the webhook keeps',
      { spec: {} },
      { spec: { a: 'x' } },
      'only-webhook',
      'spec.a',
    ],
    ['a value', { spec: { a: 1 } }, { spec: { a: 2 } }, 'value', 'spec.a'],
    ['a list of another length', { spec: { a: [1] } }, { spec: { a: [1, 2] } }, 'value', 'spec.a'],
    [
      'a list item',
      { spec: { a: [{ b: 1 }] } },
      { spec: { a: [{ b: 2 }] } },
      'value',
      'spec.a[0].b',
    ],
    ['a zero value left out', { spec: { size: 0 } }, { spec: {} }, 'zero-value', 'spec.size'],
    ['an empty struct written', {}, { status: {} }, 'zero-value', 'status'],
    ['a zero time written as null', { t: '0001-01-01T00:00:00Z' }, { t: null }, 'zero-value', 't'],
    ['a quantity', { spec: { m: '1000m' } }, { spec: { m: '1' } }, 'quantity', 'spec.m'],
    [
      'a timestamp',
      { t: '2026-01-01T00:00:00.5Z' },
      { t: '2026-01-01T00:00:00Z' },
      'timestamp',
      't',
    ],
  ])('names %s', (_, crdconv, webhook, kind, path) => {
    expect(answerDifferences(pool(crdconv), pool(webhook), new Set())).toEqual([
      expect.objectContaining({ kind, path }),
    ])
  })

  it('reads only labels and annotations of the metadata, as the API server does', () => {
    const crdconv = {
      ...pool({}),
      metadata: { name: 'a', creationTimestamp: null, labels: { x: '1' } },
    }
    const webhook = { ...pool({}), metadata: { name: 'a', generation: 3, labels: { x: '2' } } }
    expect(answerDifferences(crdconv, webhook, new Set())).toEqual([
      { kind: 'value', path: 'metadata.labels.x', crdconv: '1', webhook: '2' },
    ])
  })

  it('reports a state annotation apart, and not at all where both hold the same state', () => {
    const same = answerDifferences(
      pool({}, { [STATE]: '{"spec":{"m":"0.5","b":0}}' }),
      pool({}, { [STATE]: '{"spec":{"m":"500m"}}' }),
      new Set([STATE])
    )
    expect(same).toEqual([])
    const differs = answerDifferences(
      pool({}, { [STATE]: '{"spec":{"paused":true}}' }),
      pool({}, {}),
      new Set([STATE])
    )
    expect(differs).toEqual([
      expect.objectContaining({ kind: 'state', path: `metadata.annotations["${STATE}"]` }),
    ])
  })

  it.each([
    [
      'absent on one side, holding no paused on the other (Go writes it on every object)',
      undefined,
      '{"spec":{"replicas":2},"status":{}}',
      [],
    ],
    [
      'absent on one side, holding paused: false on the other',
      undefined,
      '{"spec":{"paused":false}}',
      [],
    ],
    [
      'the same paused in another JSON',
      '{"spec":{"paused":true}}',
      '{"kind":"Pool","spec":{"paused":true,"replicas":1}}',
      [],
    ],
    [
      'absent on one side, holding paused: true on the other',
      undefined,
      '{"spec":{"paused":true}}',
      ['state'],
    ],
    ['not JSON on one side', 'paused', '{"spec":{"paused":true}}', ['state']],
  ])(
    'compares a declared annotation place by the field it holds: %s',
    (_, crdconv, webhook, kinds) => {
      const annotated = (text: string | undefined) =>
        pool({}, text === undefined ? {} : { [STATE]: text })
      const place = { path: 'spec.paused', annotation: STATE, holds: 'object' } as const
      const found = answerDifferences(annotated(crdconv), annotated(webhook), new Set([STATE]), [
        place,
      ])
      expect(found.map((difference) => difference.kind)).toEqual(kinds)
    }
  )

  it('finds nothing between equal objects', () => {
    const object = pool({ spec: { a: [1, { b: 'c' }] } }, { x: 'y' })
    expect(answerDifferences(object, structuredClone(object), new Set())).toEqual([])
  })
})
