import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import {
  celRules,
  crdKeywords,
  type CelRule,
  type SchemaProps,
} from '../../../packages/webhook/src/index.ts'

const EVERY_FIELD: CelRule = {
  optionalOldSelf: true,
  fieldPath: '.replicas',
  reason: 'FieldValueForbidden',
  messageExpression: "'replicas is %d'.format([self.replicas])",
  message: 'too many replicas',
  rule: '!oldSelf.hasValue() || self.replicas <= oldSelf.value().replicas',
}

/** The CRD node of `spec` in `z.object({ spec })`. */
function specNode(spec: z.ZodType): SchemaProps {
  const { openAPIV3Schema, problems } = toCrdSchema(z.object({ spec }))
  expect(problems).toEqual([])
  return (openAPIV3Schema['properties'] as Record<string, SchemaProps>)['spec'] as SchemaProps
}

describe('celRules', () => {
  const Spec = z.object({ replicas: z.int() })

  it('writes every field of a rule into x-kubernetes-validations, in Kubernetes’ order', () => {
    const node = specNode(celRules(Spec, [EVERY_FIELD]))
    expect(node['x-kubernetes-validations']).toEqual([EVERY_FIELD])
    const [written] = node['x-kubernetes-validations'] as SchemaProps[]
    expect(Object.keys(written ?? {})).toEqual([
      'rule',
      'message',
      'messageExpression',
      'reason',
      'fieldPath',
      'optionalOldSelf',
    ])
  })

  it('leaves the schema it is given unchanged, and keeps what that schema says', () => {
    const described = Spec.describe('The spec.').register(crdKeywords, {
      'x-kubernetes-map-type': 'atomic',
    })
    const ruled = celRules(described, [{ rule: 'self.replicas > 0' }])
    expect(specNode(described)['x-kubernetes-validations']).toBeUndefined()
    expect(specNode(ruled)).toMatchObject({
      description: 'The spec.',
      'x-kubernetes-map-type': 'atomic',
      'x-kubernetes-validations': [{ rule: 'self.replicas > 0' }],
    })
  })

  it('adds to the rules a schema already has, stated or from an earlier call', () => {
    const stated = z.object({ replicas: z.int() }).register(crdKeywords, {
      'x-kubernetes-validations': [{ rule: 'self.replicas >= 0' }],
    })
    const twice = celRules(celRules(stated, [{ rule: 'self.replicas < 10' }]), [
      { rule: 'self.replicas != 5' },
    ])
    expect(specNode(twice)['x-kubernetes-validations']).toEqual([
      { rule: 'self.replicas >= 0' },
      { rule: 'self.replicas < 10' },
      { rule: 'self.replicas != 5' },
    ])
  })

  it('keeps its rules through a later .register(crdKeywords), .optional() and .nullable()', () => {
    const ruled = celRules(z.object({ replicas: z.int() }), [{ rule: 'self.replicas > 0' }])
    const later = ruled.register(crdKeywords, { description: 'said after' })
    for (const wrapped of [later, later.optional(), later.nullable()]) {
      expect(specNode(wrapped)['x-kubernetes-validations']).toEqual([{ rule: 'self.replicas > 0' }])
    }
  })

  it('puts rules on any node: a field, list items, the root', () => {
    const root = celRules(
      z.object({
        spec: z.object({
          name: celRules(z.string(), [{ rule: 'self.size() < 64' }]),
          ports: z.array(celRules(z.int(), [{ rule: 'self > 0' }])),
        }),
      }),
      [{ rule: 'has(self.spec)', message: 'spec is required' }]
    )
    const { openAPIV3Schema } = toCrdSchema(root)
    expect(openAPIV3Schema['x-kubernetes-validations']).toEqual([
      { rule: 'has(self.spec)', message: 'spec is required' },
    ])
    expect(openAPIV3Schema).toMatchObject({
      properties: {
        spec: {
          properties: {
            name: { 'x-kubernetes-validations': [{ rule: 'self.size() < 64' }] },
            ports: { items: { 'x-kubernetes-validations': [{ rule: 'self > 0' }] } },
          },
        },
      },
    })
  })

  it('refuses a rule without a CEL expression, naming it', () => {
    expect(() => celRules(Spec, [{ rule: 'self.replicas > 0' }, { rule: ' ' }])).toThrow(
      'celRules: rule 1 has no CEL expression in `rule`'
    )
  })
})
