import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import {
  ConversionError,
  ProblemError,
  createScheme,
  defineResource,
} from '../../../packages/webhook/src/scheme/index.ts'
import { cronTab } from '../../../examples/index.ts'
import { cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'
import { chainedVolume, schemeConvertingWith } from '../../support/resource-factory.ts'

const scheme = createScheme([cronTab, chainedVolume])

const probe = (metadata: Record<string, unknown> = { name: 'p', namespace: 'ns', uid: 'u1' }) => ({
  apiVersion: 'test.example.com/v1',
  kind: 'Probe',
  metadata,
  spec: { keep: true },
})

describe('scheme.convert', () => {
  it('returns an object already at the desired version unchanged, as the same object', () => {
    const object = cronTabV1()
    const result = scheme.convert(object, 'example.com/v1')
    expect(result.ok && result.object).toBe(object)
  })

  it('carries spec, status and unknown fields over untouched', () => {
    const object = cronTabV1beta1({ status: { phase: 'Running' }, futureField: { nested: [1, 2] } })
    const result = scheme.convert(object, 'example.com/v1')
    expect(result).toEqual({
      ok: true,
      object: {
        apiVersion: 'example.com/v1',
        kind: 'CronTab',
        metadata: object.metadata,
        spec: object.spec,
        status: { phase: 'Running' },
        futureField: { nested: [1, 2] },
        host: 'localhost',
        port: '1234',
      },
    })
  })

  it('never mutates the object it was given', () => {
    const object = cronTabV1beta1({ labels: { app: 'x' } })
    const before = structuredClone(object)
    scheme.convert(object, 'example.com/v1')
    expect(object).toEqual(before)
  })

  describe('what the converter returns', () => {
    const fields = (object: unknown) => Object.keys(object as object)

    it.each([
      ['the object it was given', (object: object) => object],
      ['the object it was given, frozen', (object: object) => Object.freeze(object)],
      ['a new frozen object', (object: object) => Object.freeze({ ...object, extra: 1 })],
    ])('copies %s instead of writing to it', (_name, convert) => {
      const object = probe()
      const before = structuredClone(object)
      const result = schemeConvertingWith(convert).convert(object, 'test.example.com/v2')
      expect(result.ok && result.object.apiVersion).toBe('test.example.com/v2')
      expect(object).toEqual(before)
    })

    it('puts apiVersion, kind and metadata first in an object built without them', () => {
      const result = schemeConvertingWith((object) => ({ spec: object.spec })).convert(
        probe(),
        'test.example.com/v2'
      )
      expect(result.ok && fields(result.object)).toEqual(['apiVersion', 'kind', 'metadata', 'spec'])
    })

    it('completes a new object in place, keeping the order of its fields', () => {
      const returned: unknown[] = []
      const result = schemeConvertingWith((object) => {
        const converted = { ...object, added: true }
        returned.push(converted)
        return converted
      }).convert(probe(), 'test.example.com/v2')
      expect(result.ok && result.object).toBe(returned[0])
      expect(result.ok && fields(result.object)).toEqual([
        'apiVersion',
        'kind',
        'metadata',
        'spec',
        'added',
      ])
    })

    it('fails an object whose apiVersion cannot be set', () => {
      const result = schemeConvertingWith((object) =>
        Object.defineProperty({ ...object }, 'apiVersion', { value: 'x', writable: false })
      ).convert(probe(), 'test.example.com/v2')
      expect(!result.ok && result.failure.code).toBe('converter-answer-unreadable')
      expect(!result.ok && result.failure.message).toMatch(
        /^converter v1 → v2 returned an object that could not be read or completed: TypeError/
      )
    })
  })

  it('converts along a chain, setting apiVersion at every step and keeping metadata', () => {
    const volume = {
      apiVersion: 'storage.example.com/v1alpha1',
      kind: 'Volume',
      metadata: { name: 'data', namespace: 'db', uid: 'u-9', labels: { tier: 'gold' } },
      size: 40,
    }
    const result = scheme.convert(volume, 'storage.example.com/v1')
    expect(result).toEqual({
      ok: true,
      object: {
        apiVersion: 'storage.example.com/v1',
        kind: 'Volume',
        metadata: volume.metadata,
        capacityGiB: 40,
      },
    })
    const back = result.ok ? scheme.convert(result.object, 'storage.example.com/v1alpha1') : result
    expect(back).toEqual({ ok: true, object: volume })
  })

  it('hands each step its context: resource, its versions, step versions and the whole conversion, frozen', () => {
    const seen: unknown[] = []
    const scheme = schemeConvertingWith((object, context) => (seen.push(context), object))
    scheme.convert(probe(), 'test.example.com/v2')
    scheme.convert(probe(), 'test.example.com/v2')
    expect(seen[0]).toEqual({
      group: 'test.example.com',
      kind: 'Probe',
      from: 'v1',
      to: 'v2',
      sourceVersion: 'v1',
      targetVersion: 'v2',
      versions: scheme.resources[0]?.versions,
    })
    expect(Object.isFrozen(seen[0])).toBe(true)
    expect(seen[1]).toBe(seen[0])
  })

  describe('metadata', () => {
    it('takes only labels and annotations from the converter; name, namespace, uid and the rest stay', () => {
      const converted = schemeConvertingWith((object) => ({
        ...object,
        metadata: {
          name: 'renamed',
          uid: 'other',
          generation: 99,
          labels: { a: 'b' },
          annotations: { n: 'x' },
        },
      })).convert(probe(), 'test.example.com/v2')
      expect(converted.ok && converted.object.metadata).toEqual({
        name: 'p',
        namespace: 'ns',
        uid: 'u1',
        labels: { a: 'b' },
        annotations: { n: 'x' },
      })
    })

    it('keeps the original labels when the converter returns no metadata at all', () => {
      const converted = schemeConvertingWith(({ metadata: _dropped, ...rest }) => rest).convert(
        probe({ name: 'p', labels: { keep: 'me' } }),
        'test.example.com/v2'
      )
      expect(converted.ok && converted.object.metadata).toEqual({
        name: 'p',
        labels: { keep: 'me' },
      })
    })

    it('gives an object without metadata an empty metadata object, which the API server requires', () => {
      const { metadata: _none, ...partial } = probe()
      const converted = schemeConvertingWith((object) => object).convert(
        partial,
        'test.example.com/v2'
      )
      expect(converted.ok && converted.object.metadata).toEqual({})
    })
  })

  describe('failures come back as data', () => {
    it.each([
      ['a value that is not an object', 42, 'not-an-object', /is not a JSON object/],
      [
        'an object without apiVersion',
        { kind: 'CronTab' },
        'no-api-version',
        /has no apiVersion of the form group\/version/,
      ],
      ['an object without kind', { apiVersion: 'example.com/v1beta1' }, 'no-kind', /has no kind/],
      [
        'a kind nobody serves',
        { apiVersion: 'example.com/v1', kind: 'Widget' },
        'kind-not-served',
        /kind Widget of group example\.com is not served by this webhook \(it serves CronTab\.example\.com, Volume\.storage\.example\.com\)/,
      ],
      [
        'a source version the kind does not have',
        { apiVersion: 'example.com/v7', kind: 'CronTab' },
        'source-version-unknown',
        /v7 is not a version of CronTab\.example\.com; its versions are v1beta1, v1/,
      ],
      [
        'an inherited property name as version',
        { apiVersion: 'example.com/constructor', kind: 'CronTab' },
        'source-version-unknown',
        /constructor is not a version/,
      ],
    ])('fails for %s', (_name, object, code, message) => {
      const result = scheme.convert(object, 'example.com/v1')
      expect(result.ok).toBe(false)
      expect(!result.ok && result.failure.code).toBe(code)
      expect(!result.ok && result.failure.message).toMatch(message)
    })

    it.each([
      [
        'an unknown desired version',
        'example.com/v3',
        'desired-version-unknown',
        /v3 is not a version of CronTab\.example\.com; its versions are v1beta1, v1/,
      ],
      [
        'another group',
        'other.example.com/v1',
        'group-changed',
        /cannot change the API group \(example\.com → other\.example\.com\)/,
      ],
      [
        'a desired apiVersion without group',
        'v1',
        'desired-api-version-invalid',
        /desired apiVersion "v1" is not of the form group\/version/,
      ],
    ])('fails for %s', (_name, desired, code, message) => {
      const result = scheme.convert(cronTabV1beta1(), desired)
      expect(!result.ok && result.failure.code).toBe(code)
      expect(!result.ok && result.failure.message).toMatch(message)
    })

    it('makes a ConversionError a problem: converter-refused, its field the path', () => {
      const error = new ConversionError('spec.size must be a number', { field: 'spec.size' })
      expect(error).toBeInstanceOf(ProblemError)
      expect({ code: error.code, path: error.path, field: error.field }).toEqual({
        code: 'converter-refused',
        path: 'spec.size',
        field: 'spec.size',
      })
    })

    it('passes a ConversionError message and field through', () => {
      const result = schemeConvertingWith(() => {
        throw new ConversionError('spec.size must be a number', { field: 'spec.size' })
      }).convert(probe(), 'test.example.com/v2')
      expect(result).toEqual({
        ok: false,
        failure: {
          code: 'converter-refused',
          message: 'spec.size must be a number',
          path: 'spec.size',
        },
      })
    })

    it.each([
      [
        'an Error',
        new TypeError("Cannot read properties of undefined (reading 'x')"),
        /converter threw TypeError: Cannot read properties/,
      ],
      ['a string', 'boom', /converter threw the string "boom"/],
      ['undefined', undefined, /converter threw undefined/],
    ])('reports a converter that throws %s', (_name, thrown, reason) => {
      const result = schemeConvertingWith(() => {
        throw thrown
      }).convert(probe(), 'test.example.com/v2')
      expect(!result.ok && result.failure.code).toBe('converter-threw')
      expect(!result.ok && result.failure.message).toMatch(reason)
    })

    it.each([
      ['null', null],
      ['an array', []],
      ['a number', 7],
    ])('reports a converter that returns %s', (name, returned) => {
      const result = schemeConvertingWith(() => returned).convert(probe(), 'test.example.com/v2')
      expect(!result.ok && result.failure.code).toBe('converter-returned-non-object')
      expect(!result.ok && result.failure.message).toBe(
        `converter v1 → v2 returned ${name === 'a number' ? 'number 7' : name}, not an object`
      )
    })

    it('names the failing step of a multi-step conversion', () => {
      const schema = z.looseObject({})
      const chain = defineResource({
        group: 'test.example.com',
        kind: 'Chain',
        versions: { v1: { schema, storage: true }, v2: { schema }, v3: { schema } },
        converters: [
          { from: 'v1', to: 'v2', convert: (object) => object },
          { from: 'v2', to: 'v1', convert: (object) => object },
          { from: 'v3', to: 'v2', convert: (object) => object },
          {
            from: 'v2',
            to: 'v3',
            convert: () => {
              throw new ConversionError('no room for it in v3')
            },
          },
        ],
      })
      const result = createScheme([chain]).convert(
        { apiVersion: 'test.example.com/v1', kind: 'Chain' },
        'test.example.com/v3'
      )
      expect(!result.ok && result.failure.message).toBe('no room for it in v3 (in step v2 → v3)')
    })
  })
})
