import { describe, expect, it } from 'vitest'
import {
  statusRootViolations,
  structuralViolations,
} from '../../../packages/crdconv/src/crd/index.ts'

describe('structuralViolations', () => {
  it('finds every violation of the documentation’s non-structural example 3', () => {
    const schema = {
      properties: {
        foo: { pattern: 'abc' },
        metadata: {
          type: 'object',
          properties: {
            name: { type: 'string', pattern: '^a' },
            finalizers: { type: 'array', items: { type: 'string', pattern: 'my-finalizer' } },
          },
        },
      },
      anyOf: [
        {
          properties: { bar: { type: 'integer', minimum: 42 } },
          required: ['bar'],
          description: 'foo bar object',
        },
      ],
    }
    const violations = structuralViolations(schema)
    expect(violations).toEqual(
      expect.arrayContaining([
        '(root): must have a type (structural rule 1)',
        '.foo: must have a type (structural rule 1)',
        '.bar: specified inside allOf/anyOf/oneOf/not but not outside (structural rule 2)',
        '.anyOf[0].bar: type must not be set inside allOf/anyOf/oneOf/not (rule 3)',
        '.anyOf[0]: description must not be set inside allOf/anyOf/oneOf/not (rule 3)',
        '.metadata.finalizers: only metadata.name and metadata.generateName may be restricted (structural rule 4)',
      ])
    )
  })

  it('accepts the documentation’s corrected, structural version of it', () => {
    const schema = {
      type: 'object',
      description: 'foo bar object',
      properties: {
        foo: { type: 'string', pattern: 'abc' },
        bar: { type: 'integer' },
        metadata: { type: 'object', properties: { name: { type: 'string', pattern: '^a' } } },
      },
      anyOf: [{ properties: { bar: { minimum: 42 } }, required: ['bar'] }],
    }
    expect(structuralViolations(schema)).toEqual([])
  })

  it('accepts both int-or-string forms and an untyped node that keeps unknown fields', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { 'x-kubernetes-int-or-string': true },
        b: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        json: { 'x-kubernetes-preserve-unknown-fields': true },
      },
    }
    expect(structuralViolations(schema)).toEqual([])
  })

  it.each<[string, unknown, string]>([
    [
      'additionalProperties: false',
      { type: 'object', additionalProperties: false },
      'must not be false',
    ],
    [
      'properties beside additionalProperties',
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: { type: 'string' },
      },
      'mutually exclusive',
    ],
    [
      'a $ref',
      { type: 'object', properties: { a: { $ref: '#/definitions/A' } } },
      '$ref is not allowed',
    ],
    [
      'uniqueItems',
      {
        type: 'object',
        properties: { a: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      },
      'uniqueItems',
    ],
    [
      'a lookahead pattern',
      { type: 'object', properties: { a: { type: 'string', pattern: '^(?!x)' } } },
      'RE2',
    ],
    [
      'an array without items',
      { type: 'object', properties: { a: { type: 'array' } } },
      'type of its items',
    ],
    ['a root that is not an object', { type: 'string' }, 'type must be object'],
  ])('refuses %s', (_name, schema, violation) => {
    expect(structuralViolations(schema).join('\n')).toContain(violation)
  })
})

describe('statusRootViolations', () => {
  it('accepts the root of an object schema', () => {
    expect(statusRootViolations({ type: 'object', properties: {}, required: ['spec'] })).toEqual([])
  })

  it('refuses an anyOf at the root, as a union at the root leaves one', () => {
    expect(statusRootViolations({ type: 'object', anyOf: [{ required: ['a'] }] })).toEqual([
      '(root): anyOf is not allowed at the root of a schema when the status subresource is enabled',
    ])
  })
})
