import { describe, expect, it } from 'vitest'
import { crdDifferences } from '../../../packages/crdconv/src/import/index.ts'
import { crdInput } from '../../support/crd-factory.ts'

const crd = crdInput
const root = (spec: Record<string, unknown>) => ({
  type: 'object',
  properties: { spec: { type: 'object', properties: spec } },
})
const at = '.spec.versions.v1.schema.openAPIV3Schema.properties.spec.properties.size'

describe('crdDifferences', () => {
  it('finds nothing between a CRD and itself, the API server defaults and required order aside', () => {
    const input = crd({ ...root({ a: { type: 'string' } }), required: ['spec', 'kind'] })
    const same = crd(
      {
        type: 'object',
        required: ['spec'],
        properties: { ...root({ a: { type: 'string' } }).properties, kind: { type: 'string' } },
      },
      { deprecated: false }
    )
    expect(
      crdDifferences(input, {
        ...same,
        spec: {
          ...same.spec,
          names: { ...same.spec.names, singular: 'thing', listKind: 'ThingList' },
        },
      })
    ).toEqual([])
  })

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['a format', { type: 'integer', format: 'int32' }, { type: 'integer' }, 'format'],
    ['a bound', { type: 'integer', maximum: 3 }, { type: 'integer', maximum: 4 }, 'maximum'],
    [
      'a CEL rule',
      { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 0' }] },
      { type: 'integer' },
      'x-kubernetes-validations',
    ],
  ])('names %s that changed, with its path and keyword', (_name, before, after, keyword) => {
    expect(crdDifferences(crd(root({ size: before })), crd(root({ size: after })))).toEqual([
      { path: at, keyword, expected: before[keyword], actual: after[keyword] },
    ])
  })

  it('names a version setting that changed', () => {
    expect(crdDifferences(crd(root({})), crd(root({}), { served: false }))).toEqual([
      { path: '.spec.versions.v1', keyword: 'served', expected: true, actual: false },
    ])
  })
})
