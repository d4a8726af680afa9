// The root of a version's schema through import and crd: what crdconv crd would add or drop by
// itself (apiVersion, kind, metadata, their place in `required`) comes back as the CRD said it.
import { describe, expect, it } from 'vitest'
import {
  checkCrds,
  describeCrdDifference,
  importCrds,
} from '../../../packages/crdconv/src/import/index.ts'
import { planRoot } from '../../../packages/crdconv/src/import/root-plan.ts'
import { planMoves } from '../../../packages/crdconv/src/import/version-moves.ts'
import { crdInput } from '../../support/crd-factory.ts'

const spec = { type: 'object', properties: { size: { type: 'integer' } } }
const typeMeta = {
  apiVersion: { description: 'The version.', type: 'string' },
  kind: { description: 'The kind.', type: 'string' },
}

const differencesOf = (crd: object) =>
  checkCrds(JSON.stringify(crd)).flatMap((check) => check.differences.map(describeCrdDifference))

describe('import and crd on the root of a schema', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>?]>([
    ['no apiVersion, kind or metadata', { type: 'object', properties: { spec } }],
    [
      'a required metadata that is not declared',
      { type: 'object', required: ['metadata', 'spec'], properties: { spec } },
    ],
    [
      'a required metadata beside all three declared',
      {
        type: 'object',
        required: ['metadata', 'spec'],
        properties: { ...typeMeta, metadata: { type: 'object' }, spec },
      },
    ],
    [
      'metadata alone, restricting the name',
      {
        type: 'object',
        required: ['metadata'],
        properties: {
          metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 63 } } },
          spec,
        },
      },
    ],
    [
      'apiVersion with an enum, and no kind',
      {
        type: 'object',
        properties: {
          apiVersion: { type: 'string', enum: ['example.com/v1'], nullable: true },
          spec,
        },
      },
    ],
    [
      'a required list in another order than the fields',
      {
        type: 'object',
        required: ['status', 'spec'],
        properties: { ...typeMeta, spec, status: { ...spec, required: ['size'] } },
      },
    ],
    [
      'an empty subresources stanza',
      { type: 'object', properties: { spec } },
      { subresources: {} },
    ],
  ])('gives back %s', (_name, schema, version = {}) => {
    expect(differencesOf(crdInput(schema, version))).toEqual([])
  })

  it('says in the module which root fields crdconv crd adds, and what the root requires', async () => {
    const crd = crdInput({ type: 'object', required: ['metadata'], properties: { spec } })
    const { files } = await importCrds(JSON.stringify(crd))
    const module = files.find((file) => file.path === 'thing.ts')?.content ?? ''
    // from the runtime, which the Worker that serves the module installs; never from the tooling
    expect(module).toContain(
      "import { createScheme, defineResource, crdKeywords, crdRootFields } from '@crdconv/webhook'"
    )
    expect(module).not.toContain("from 'crdconv")
    expect(module).toContain(".register(crdKeywords, { required: ['metadata'] })")
    expect(module).toContain('.register(crdRootFields, { add: [] })')
  })

  it('finds no work for a converter where versions differ only in apiVersion, kind or metadata', () => {
    const bare = { type: 'object', properties: { spec } }
    const declared = {
      type: 'object',
      properties: { ...typeMeta, metadata: { type: 'object' }, spec },
    }
    const version = (name: string, schema: Record<string, unknown>) => ({
      name,
      plan: planRoot(schema).schema,
      schema,
    })
    expect(planMoves(version('v1beta1', bare), version('v1', declared))).toEqual({
      from: 'v1beta1',
      to: 'v1',
      moves: [],
      todos: [],
    })
    const sized = { ...declared, properties: { ...declared.properties, size: spec } }
    expect(planMoves(version('v1beta1', bare), version('v1', sized)).moves).toEqual([
      expect.objectContaining({ kind: 'added', path: 'size' }),
    ])
  })
})
