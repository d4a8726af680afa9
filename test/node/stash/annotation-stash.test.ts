import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  ConversionError,
  createScheme,
  defineResource,
  MAX_ANNOTATIONS_BYTES,
  MAX_STASH_BYTES,
  restoreStashedFields,
  stashAnnotationKey,
  stashFields,
  type ConversionContext,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import { deepFreeze } from '../../../packages/crdconv/src/testing/index.ts'

const KEY = 'example.com/conversion-stash'

const down: ConversionContext = {
  group: 'example.com',
  kind: 'Widget',
  from: 'v2',
  to: 'v1',
  sourceVersion: 'v2',
  targetVersion: 'v1',
}
const up: ConversionContext = {
  ...down,
  from: 'v1',
  to: 'v2',
  sourceVersion: 'v1',
  targetVersion: 'v2',
}

function widgetV1(overrides: Partial<KubeObject> = {}): KubeObject {
  return deepFreeze({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'default', annotations: { team: 'blue' } },
    spec: { size: 3 },
    ...overrides,
  })
}

const stashOf = (object: KubeObject): unknown =>
  JSON.parse(object.metadata?.annotations?.[KEY] ?? 'null')

describe('stashAnnotationKey', () => {
  it('should name the annotation under the group', () => {
    expect(stashAnnotationKey('example.com')).toBe(KEY)
  })
})

describe('stashFields', () => {
  it('should keep the fields in the group annotation under the source version, beside the other annotations', () => {
    const stashed = stashFields(widgetV1(), down, { 'spec.color': 'red', gone: undefined })
    expect(stashed.metadata?.annotations?.['team']).toBe('blue')
    expect(stashOf(stashed)).toEqual({
      v2: { fields: { 'spec.color': 'red' }, hash: expect.stringMatching(/^[0-9a-f]{16}$/) },
    })
    expect(stashed.spec).toEqual({ size: 3 })
  })

  it('should give the object back untouched when there is nothing to keep', () => {
    const object = widgetV1()
    expect(stashFields(object, down, { 'spec.color': undefined })).toBe(object)
  })

  it('should create metadata and annotations for a partial object that has none', () => {
    const partial: KubeObject = deepFreeze({ spec: { size: 1 } })
    const stashed = stashFields(partial, down, { color: 'red' })
    expect(Object.keys(stashed.metadata?.annotations ?? {})).toEqual([KEY])
  })

  it('should throw a ConversionError naming the object, versions and annotation past its budget', () => {
    const huge = 'x'.repeat(MAX_STASH_BYTES)
    expect(() => stashFields(widgetV1(), down, { 'spec.notes': huge })).toThrow(ConversionError)
    expect(() => stashFields(widgetV1(), down, { 'spec.notes': huge })).toThrow(
      /^cannot convert default\/w from v2 to v1: spec\.notes \(no place in v1\) must be kept in annotation example\.com\/conversion-stash, which would take \d+ bytes, over its budget of 65536 bytes/
    )
  })

  it('should refuse when the other annotations leave no room under the API server limit', () => {
    const crowded = widgetV1({
      metadata: { name: 'w', annotations: { big: 'y'.repeat(MAX_ANNOTATIONS_BYTES - 100) } },
    })
    expect(() => stashFields(crowded, down, { 'spec.color': 'red'.repeat(50) })).toThrow(
      /would bring the object's annotations to \d+ bytes, over the API server's limit of 262144/
    )
  })
})

describe('restoreStashedFields', () => {
  it('should give back the fields and remove the annotation when the object is unchanged', () => {
    const stashed = deepFreeze(stashFields(widgetV1(), down, { 'spec.color': 'red' }))
    const { object, fields, outcome } = restoreStashedFields(stashed, up)
    expect(outcome).toBe('restored')
    expect(fields).toEqual({ 'spec.color': 'red' })
    expect(object.metadata?.annotations).toEqual({ team: 'blue' })
  })

  it('should not bring a stale stash back after the object was edited at the other version', () => {
    const stashed = stashFields(widgetV1(), down, { 'spec.color': 'red' })
    const edited = deepFreeze({ ...stashed, spec: { size: 4 } })
    const { object, fields, outcome } = restoreStashedFields(edited, up)
    expect(outcome).toBe('stale')
    expect(fields).toBeUndefined()
    expect(object.metadata?.annotations).toEqual({ team: 'blue' })
  })

  it('should still restore after a controller at the other version wrote status', () => {
    const stashed = stashFields(widgetV1(), down, { 'spec.color': 'red' })
    const statusWritten = deepFreeze({ ...stashed, status: { phase: 'Ready' } })
    expect(restoreStashedFields(statusWritten, up).outcome).toBe('restored')
  })

  it('should only watch the named fields when told to', () => {
    const stashed = stashFields(widgetV1(), down, { color: 'red' }, { watch: ['spec.size'] })
    const otherEdit = deepFreeze({ ...stashed, status: { ready: true } })
    expect(restoreStashedFields(otherEdit, up).fields).toEqual({ color: 'red' })
    const watchedEdit = deepFreeze({ ...stashed, spec: { size: 9 } })
    expect(restoreStashedFields(watchedEdit, up).outcome).toBe('stale')
  })

  it('should keep the entries of other versions when it takes its own', () => {
    const first = stashFields(widgetV1(), { ...down, from: 'v3', to: 'v2' }, { a: 1 })
    const both = deepFreeze(stashFields(first, down, { b: 2 }))
    const { object, fields } = restoreStashedFields(both, up)
    expect(fields).toEqual({ b: 2 })
    expect(Object.keys(stashOf(object) as object)).toEqual(['v3'])
  })

  it.each([
    ['no metadata', deepFreeze({ spec: { size: 1 } })],
    ['metadata without annotations', widgetV1({ metadata: { name: 'w' } })],
    ['an annotation that is not JSON', widgetV1({ metadata: { annotations: { [KEY]: '{oops' } } })],
    [
      'an entry for another version only',
      stashFields(widgetV1(), { ...down, from: 'v9' }, { a: 1 }),
    ],
  ])('should restore nothing, without failing, from an object with %s', (_case, object) => {
    const result = restoreStashedFields(object, up)
    expect(result.fields).toBeUndefined()
    expect(result.outcome).toBe('none')
  })

  it('should drop an annotation it cannot read', () => {
    const mangled = widgetV1({ metadata: { annotations: { [KEY]: '[1,2]', team: 'blue' } } })
    expect(restoreStashedFields(mangled, up).object.metadata?.annotations).toEqual({ team: 'blue' })
  })
})

describe('the stash through scheme.convert', () => {
  const widget = defineResource({
    group: 'example.com',
    kind: 'Widget',
    versions: {
      v1: {
        schema: z.looseObject({ spec: z.looseObject({ size: z.int() }).optional() }),
        storage: true,
      },
      v2: {
        schema: z.looseObject({
          spec: z.looseObject({ size: z.int(), color: z.string() }).optional(),
        }),
      },
    },
    converters: [
      {
        from: 'v2',
        to: 'v1',
        convert: ({ spec, ...rest }, context) => {
          const { color, ...kept } = spec ?? {}
          return stashFields({ ...rest, spec: kept }, context, { color })
        },
      },
      {
        from: 'v1',
        to: 'v2',
        convert: (object, context) => {
          const { object: rest, fields } = restoreStashedFields(object, context)
          return { ...rest, spec: { ...rest.spec, ...fields } }
        },
      },
    ],
  })
  const scheme = createScheme([widget])
  const v2 = deepFreeze({
    apiVersion: 'example.com/v2',
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'default' },
    spec: { size: 3, color: 'red' },
  })

  it('should carry the stash annotation in the answer and restore the field on the way back', () => {
    const stored = scheme.convert(v2, 'example.com/v1')
    if (!stored.ok) throw new Error(stored.failure.message)
    expect(stored.object.metadata?.annotations?.[KEY]).toContain('"color":"red"')
    const back = scheme.convert(stored.object, 'example.com/v2')
    expect(back).toEqual({
      ok: true,
      object: { ...v2, metadata: { ...v2.metadata, annotations: {} } },
    })
  })

  it('should answer a failure of its own code, not throw, when the stash is over budget', () => {
    const huge = { ...v2, spec: { size: 3, color: 'x'.repeat(MAX_STASH_BYTES) } }
    const result = scheme.convert(huge, 'example.com/v1')
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.failure.path).toBe('color')
      expect(result.failure.code).toBe('stash-too-large')
      expect(result.failure.message).toMatch(/over its budget of 65536 bytes/)
    }
  })
})
