import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { backup, cronTab } from '../../../src/resources/index.ts'
import {
  isPlainObject,
  labelValueProblem,
  qualifiedNameProblem,
  defineResource,
  stashAnnotationKey,
  type Resource,
} from '../../../src/scheme/index.ts'
import {
  arbitraryFromJsonSchema,
  arbitraryObjectAt,
  declaredPropertyNames,
  versionJsonSchema,
} from '../../../src/testing/index.ts'

const Rich = z.object({
  name: z.string().min(2).max(8),
  code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
  email: z.email(),
  id: z.uuid().optional(),
  count: z.int().min(-5).max(5),
  ratio: z.number().gt(0).lt(1),
  mode: z.enum(['fast', 'safe']),
  fixed: z.literal('yes'),
  flag: z.boolean().nullable(),
  tags: z.array(z.string()).min(1).max(3),
  pair: z.tuple([z.string(), z.int()]),
  limits: z.record(z.string(), z.int()),
  either: z.union([z.string(), z.object({ n: z.int() })]),
  nested: z.looseObject({ inner: z.string().optional() }).optional(),
  strict: z.strictObject({ only: z.int() }).optional(),
})

const unknownKey = fc.constantFrom('extraOne', 'extraTwo', 'name')
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 200) =>
  fc.sample(arbitrary, { numRuns, seed: 7 })

describe('arbitraryFromJsonSchema', () => {
  const schema = z.toJSONSchema(Rich, { io: 'input' })

  it('should generate values the zod schema accepts', () => {
    fc.assert(
      fc.property(arbitraryFromJsonSchema(schema, { unknownKey }), (value) => {
        const parsed = Rich.safeParse(value)
        if (!parsed.success) throw new Error(z.prettifyError(parsed.error))
      }),
      { numRuns: 200, seed: 7 }
    )
  })

  it('should add unknown fields only where the schema lets them in, never named like a declared one', () => {
    const values = sample(arbitraryFromJsonSchema(schema, { unknownKey })) as Record<
      string,
      unknown
    >[]
    const nested = values.map((value) => value['nested']).filter(isPlainObject)
    expect(nested.some((value) => 'extraOne' in value || 'extraTwo' in value)).toBe(true)
    expect(nested.some((value) => 'name' in value)).toBe(true)
    for (const value of values) {
      expect(Object.keys(value).filter((key) => key.startsWith('extra'))).toEqual([])
      if (isPlainObject(value['strict'])) expect(Object.keys(value['strict'])).toEqual(['only'])
    }
  })

  it('should leave out required fields too for partial objects', () => {
    const values = sample(arbitraryFromJsonSchema(schema, { unknownKey, partial: true }))
    expect(values.some((value) => isPlainObject(value) && !('code' in value))).toBe(true)
  })

  it('should stop at the depth asked for on recursive schemas', () => {
    type Tree = { label?: string | undefined; children?: Tree[] | undefined }
    const TreeSchema: z.ZodType<Tree> = z.object({
      label: z.string().optional(),
      get children() {
        return z.array(TreeSchema).optional()
      },
    })
    const tree = z.toJSONSchema(TreeSchema, { io: 'input', cycles: 'ref' })
    for (const value of sample(arbitraryFromJsonSchema(tree, { unknownKey, maxDepth: 3 }), 50)) {
      expect(TreeSchema.safeParse(value).success).toBe(true)
    }
  })
})

describe('declaredPropertyNames', () => {
  it('should list property names at every depth', () => {
    const names = declaredPropertyNames(versionJsonSchema(backup, 'v1'))
    expect([...names]).toEqual(expect.arrayContaining(['spec', 'bucket', 'encryption', 'keyRef']))
  })
})

describe('arbitraryObjectAt', () => {
  it.each<[string, Resource, string]>([
    ['CronTab', cronTab, 'v1beta1'],
    ['Backup', backup, 'v1alpha1'],
  ])(
    'should generate whole %s objects at %s with valid labels and annotations',
    (_kind, resource, version) => {
      const objects = sample(arbitraryObjectAt(resource, version))
      for (const object of objects) {
        expect(object.apiVersion).toBe(`example.com/${version}`)
        expect(object.kind).toBe(resource.kind)
        expect(object.metadata?.name).toEqual(expect.any(String))
        expect(object.metadata?.namespace).toEqual(expect.any(String))
        for (const [key, value] of Object.entries(object.metadata?.labels ?? {})) {
          expect(qualifiedNameProblem(key)).toBeUndefined()
          expect(labelValueProblem(value)).toBeUndefined()
        }
        expect(Object.keys(object.metadata?.annotations ?? {})).not.toContain(
          stashAnnotationKey(resource.group)
        )
        const schema = resource.versions[version]?.schema
        expect(schema && z.safeParse(schema, object).success).toBe(true)
      }
      expect(objects.some((object) => Object.keys(object.metadata?.labels ?? {}).length > 0)).toBe(
        true
      )
      expect(objects.some((object) => isPlainObject(object['status']))).toBe(true)
    }
  )

  it('should name unknown fields so that no version declares them', () => {
    // fast-check favours short names: without the rule, unknown fields named b would appear
    const loose = z.looseObject({ spec: z.looseObject({ a: z.string().optional() }).optional() })
    const other = z.looseObject({ spec: z.looseObject({ b: z.string().optional() }).optional() })
    const resource = defineResource({
      group: 'example.com',
      kind: 'Letter',
      versions: { v1: { schema: loose, storage: true }, v2: { schema: other } },
      converters: [
        { from: 'v1', to: 'v2', convert: (object) => object },
        { from: 'v2', to: 'v1', convert: (object) => object },
      ],
    })
    const objects = sample(arbitraryObjectAt(resource, 'v1'))
    const specKeys = objects.flatMap((object) =>
      isPlainObject(object['spec']) ? Object.keys(object['spec']) : []
    )
    expect(specKeys.filter((key) => key !== 'a').length).toBeGreaterThan(0)
    expect(specKeys).not.toContain('b')
    expect(specKeys).not.toContain('spec')
  })

  it('should sometimes leave out metadata for partial objects', () => {
    const objects = sample(arbitraryObjectAt(backup, 'v1', { partial: true }))
    expect(objects.some((object) => object.metadata === undefined)).toBe(true)
  })
})
