// schemaDifferences on hand-made schemas: one case per kind of difference, each a field of a
// `spec` that changes between two versions.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DIFFERENCE_KINDS,
  describeSchemaDifference,
  schemaDifferences,
  schemaFieldPaths,
  type SchemaDifference,
} from '../../../packages/crdconv/src/diff/index.ts'

type Node = Record<string, unknown>

/** A version whose spec holds one field, `field`, with this schema (and `required` if given). */
const version = (field: Node | undefined, required: string[] = []): Node => ({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      ...(required.length > 0 ? { required } : {}),
      properties: field === undefined ? {} : { field },
    },
  },
})

const at = '.spec.field'
const string = { type: 'string' }
const rule = (text: string) => ({ rule: text, message: `${text} must hold` })

describe('schemaDifferences, one kind at a time', () => {
  it.each<[string, Node, Node, Partial<SchemaDifference>[]]>([
    ['the same schema', version(string), version(string), []],
    [
      'a field added',
      version(undefined),
      version(string),
      [{ path: at, kind: 'added', to: 'string' }],
    ],
    [
      'a field removed',
      version(string),
      version(undefined),
      [{ path: at, kind: 'removed', from: 'string' }],
    ],
    [
      'a required field added says so',
      version(undefined),
      version(string, ['field']),
      [{ path: at, kind: 'added', to: 'string, required' }],
    ],
    [
      'a type changed',
      version({ type: 'integer' }),
      version(string),
      [{ path: at, kind: 'type', from: 'integer', to: 'string' }],
    ],
    [
      'a format changed',
      version({ type: 'integer', format: 'int32' }),
      version({ type: 'integer', format: 'int64' }),
      [{ path: at, kind: 'format', from: 'int32', to: 'int64' }],
    ],
    [
      'enum values added and removed',
      version({ type: 'string', enum: ['a', 'b'] }),
      version({ type: 'string', enum: ['b', 'c'] }),
      [
        { path: at, kind: 'enum-values-added', to: ['c'] },
        { path: at, kind: 'enum-values-removed', from: ['a'] },
      ],
    ],
    [
      'an enum where there was none',
      version(string),
      version({ type: 'string', enum: ['a'] }),
      [{ path: at, kind: 'enum', from: undefined, to: ['a'] }],
    ],
    [
      'a default changed',
      version({ type: 'integer', default: 1 }),
      version({ type: 'integer', default: 2 }),
      [{ path: at, kind: 'default', from: 1, to: 2 }],
    ],
    [
      'a default of an object, by value and not by key order',
      version({ type: 'object', default: { a: 1, b: 2 } }),
      version({ type: 'object', default: { b: 2, a: 1 } }),
      [],
    ],
    [
      'a field made required',
      version(string),
      version(string, ['field']),
      [{ path: at, kind: 'required', from: false, to: true }],
    ],
    [
      'a field made optional',
      version(string, ['field']),
      version(string),
      [{ path: at, kind: 'required', from: true, to: false }],
    ],
    [
      'nullable',
      version(string),
      version({ ...string, nullable: true }),
      [{ path: at, kind: 'nullable', from: undefined, to: true }],
    ],
    [
      'int-or-string',
      version({ type: 'integer' }),
      version({ 'x-kubernetes-int-or-string': true }),
      [
        { path: at, kind: 'type', from: 'integer', to: undefined },
        { path: at, kind: 'int-or-string', from: undefined, to: true },
      ],
    ],
    [
      'a list type',
      version({ type: 'array', items: string }),
      version({ type: 'array', items: string, 'x-kubernetes-list-type': 'set' }),
      [{ path: at, kind: 'list-type', from: undefined, to: 'set' }],
    ],
    [
      'list map keys',
      version({
        type: 'array',
        items: { type: 'object' },
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
      }),
      version({
        type: 'array',
        items: { type: 'object' },
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name', 'port'],
      }),
      [{ path: at, kind: 'list-map-keys', from: ['name'], to: ['name', 'port'] }],
    ],
    [
      'a map type',
      version({ type: 'object', 'x-kubernetes-map-type': 'atomic' }),
      version({ type: 'object', 'x-kubernetes-map-type': 'granular' }),
      [{ path: at, kind: 'map-type', from: 'atomic', to: 'granular' }],
    ],
    [
      'unknown fields kept',
      version({ type: 'object' }),
      version({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }),
      [{ path: at, kind: 'preserve-unknown-fields', from: undefined, to: true }],
    ],
    [
      'an embedded resource',
      version({ type: 'object' }),
      version({ type: 'object', 'x-kubernetes-embedded-resource': true }),
      [{ path: at, kind: 'embedded-resource', from: undefined, to: true }],
    ],
    [
      'CEL rules added and removed, by their whole stanza',
      version({ type: 'string', 'x-kubernetes-validations': [rule('a'), rule('b')] }),
      version({ type: 'string', 'x-kubernetes-validations': [rule('b'), rule('c')] }),
      [
        { path: at, kind: 'rules-added', to: [rule('c')] },
        { path: at, kind: 'rules-removed', from: [rule('a')] },
      ],
    ],
    ...(
      [
        ['pattern', '^a$', '^b$'],
        ['minimum', 0, 1],
        ['maximum', 10, 20],
        ['exclusiveMinimum', undefined, true],
        ['multipleOf', undefined, 2],
        ['minLength', 1, 2],
        ['maxLength', 63, 253],
        ['minItems', undefined, 1],
        ['maxItems', 8, 16],
        ['minProperties', undefined, 1],
        ['maxProperties', 4, undefined],
        ['uniqueItems', undefined, true],
        ['oneOf', [{ required: ['a'] }], [{ required: ['b'] }]],
        ['x-kubernetes-something-new', undefined, 'yes'],
      ] as const
    ).map(
      ([keyword, from, to]) =>
        [
          `validation keyword ${keyword}`,
          version({ type: 'string', [keyword]: from }),
          version({ type: 'string', [keyword]: to }),
          [{ path: at, kind: 'validation', keyword, from, to }],
        ] as [string, Node, Node, Partial<SchemaDifference>[]]
    ),
    [
      'additionalProperties: false becomes a keyword difference, a schema there a field',
      version({ type: 'object', additionalProperties: false }),
      version({ type: 'object', additionalProperties: string }),
      [
        {
          path: at,
          kind: 'validation',
          keyword: 'additionalProperties',
          from: false,
          to: undefined,
        },
        { path: `${at}[*]`, kind: 'added', to: 'string' },
      ],
    ],
    [
      'descriptions are not compared',
      version({ ...string, description: 'old' }),
      version({ ...string, description: 'new' }),
      [],
    ],
  ])('%s', (_title, from, to, expected) => {
    const found = schemaDifferences(from, to)
    expect(found).toHaveLength(expected.length)
    expected.forEach((difference, index) => expect(found[index]).toMatchObject(difference))
  })

  it('names items with [] and map values with [*], as crdconv messages do', () => {
    const from = version({
      type: 'array',
      items: { type: 'object', properties: { port: { type: 'integer' } } },
    })
    const to = version({
      type: 'array',
      items: {
        type: 'object',
        properties: {
          port: { type: 'string' },
          labels: { type: 'object', additionalProperties: string },
        },
      },
    })
    expect(schemaDifferences(from, to).map(describeSchemaDifference)).toEqual([
      '.spec.field[].port: type integer → string',
      '.spec.field[].labels: added (map of string)',
    ])
    expect(schemaFieldPaths(to)).toEqual([
      '.spec',
      '.spec.field',
      '.spec.field[]',
      '.spec.field[].port',
      '.spec.field[].labels',
      '.spec.field[].labels[*]',
    ])
  })

  it('reports a subtree added or removed once, at its top, and descends where a type changes', () => {
    const object = {
      type: 'object',
      properties: { a: string, b: { type: 'object', properties: { c: string } } },
    }
    expect(
      schemaDifferences(version(undefined), version(object)).map((found) => found.path)
    ).toEqual([at])
    expect(
      schemaDifferences(version(object), version(string)).map(describeSchemaDifference)
    ).toEqual([
      '.spec.field: type object → string',
      '.spec.field.a: removed (string)',
      '.spec.field.b: removed (object)',
    ])
  })

  it('says required and optional in words', () => {
    expect(
      schemaDifferences(version(string), version(string, ['field'])).map(describeSchemaDifference)
    ).toEqual(['.spec.field: required optional → required'])
  })

  it('differs at the root too: (root) names it', () => {
    expect(
      schemaDifferences(
        { type: 'object' },
        { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }
      )
    ).toEqual([
      {
        path: '(root)',
        kind: 'preserve-unknown-fields',
        keyword: 'x-kubernetes-preserve-unknown-fields',
        from: undefined,
        to: true,
      },
    ])
  })
})

describe('docs/diff-and-coverage.md', () => {
  const page = readFileSync(join(import.meta.dirname, '../../../docs/diff-and-coverage.md'), 'utf8')
  const rows = page.split('\n').filter((line) => line.startsWith('| `'))

  it.each(DIFFERENCE_KINDS)('names the kind of difference `%s` in its table', (kind) => {
    expect(rows.some((row) => row.split('|')[1]?.includes(`\`${kind}\``))).toBe(true)
  })
})
