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
  it('finds nothing between a CRD and itself with the API server defaults applied', () => {
    const input = crd({ ...root({ a: { type: 'string' } }), required: ['spec'] })
    const same = crd(
      { ...root({ a: { type: 'string' } }), required: ['spec'] },
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

  const schemaAt = '.spec.versions.v1.schema.openAPIV3Schema'
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string, string]>([
    [
      'a root required that lost metadata',
      { ...root({}), required: ['metadata', 'spec'] },
      { ...root({}), required: ['spec'] },
      schemaAt,
      'required',
    ],
    [
      'a required list in another order',
      { ...root({}), required: ['spec', 'status'] },
      { ...root({}), required: ['status', 'spec'] },
      schemaAt,
      'required',
    ],
    [
      'a root apiVersion the input did not declare',
      root({}),
      { ...root({}), properties: { ...root({}).properties, apiVersion: { type: 'string' } } },
      `${schemaAt}.properties`,
      'apiVersion',
    ],
  ])('names %s, as the API server would store it', (_name, before, after, path, keyword) => {
    expect(crdDifferences(crd(before), crd(after))).toEqual([
      { path, keyword, expected: before[keyword] ?? undefined, actual: expect.anything() },
    ])
  })

  it('names an empty subresources stanza that is gone, since the API server keeps it', () => {
    expect(crdDifferences(crd(root({}), { subresources: {} }), crd(root({})))).toEqual([
      { path: '.spec.versions.v1', keyword: 'subresources', expected: {}, actual: undefined },
    ])
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
