import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { reviewConversion } from '../../../packages/webhook/src/review/index.ts'
import {
  createScheme,
  defineResource,
  MAX_ANNOTATIONS_BYTES,
  MAX_STASH_BYTES,
  MAX_STASH_DEPTH,
  stashFields,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'

// v1's spec.note has no place in v2: the way there stashes it; `refuse` throws before that
function notes(refuse?: () => never) {
  return createScheme([
    defineResource({
      group: 'example.com',
      kind: 'Note',
      versions: {
        v1: { schema: z.looseObject({ spec: z.looseObject({}).optional() }), storage: true },
        v2: { schema: z.looseObject({ spec: z.looseObject({}).optional() }) },
      },
      converters: [
        {
          from: 'v1',
          to: 'v2',
          convert: ({ spec, ...rest }, context) => {
            refuse?.()
            const { note, ...others } = (spec ?? {}) as Record<string, unknown>
            return stashFields({ ...rest, spec: others }, context, { 'spec.note': note })
          },
        },
        { from: 'v2', to: 'v1', convert: (object) => object },
      ],
    }),
  ])
}

const note = (value: unknown, annotations: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Note',
  metadata: { name: 'n', namespace: 'default', annotations },
  spec: { note: value },
})

const nested = (depth: number): unknown => {
  let value: unknown = 'x'
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

const KEPT =
  'cannot convert default/n from v1 to v2: spec.note (no place in v2) must be kept in annotation example.com/conversion-stash'

describe('a conversion the stash cannot hold fails with its own code, stash-too-large', () => {
  it.each([
    [
      'over its byte budget',
      note('x'.repeat(MAX_STASH_BYTES)),
      /, which would take \d+ bytes, over its budget of 65536 bytes; shrink these fields$/,
    ],
    [
      'nested past its depth limit',
      note(nested(MAX_STASH_DEPTH)),
      /, which would nest more than 64 levels deep, the stash's limit; flatten these fields$/,
    ],
    [
      "past the API server's limit on all annotations",
      note('red'.repeat(50), { big: 'y'.repeat(MAX_ANNOTATIONS_BYTES - 100) }),
      /, which would bring the object's annotations to \d+ bytes, over the API server's limit of 262144; /,
    ],
  ])(
    'gives stash-too-large for a stash %s, naming the object, the versions and the field',
    (_limit, object, why) => {
      const result = notes().convert(object, 'example.com/v2')
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.failure.code).toBe('stash-too-large')
      expect(result.failure.path).toBe('spec.note')
      expect(result.failure.message.startsWith(KEPT)).toBe(true)
      expect(result.failure.message).toMatch(why)
    }
  )

  it("counts in the webhook's metrics as a limit, not as a converter's error", () => {
    const review = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: {
        uid: 'u',
        desiredAPIVersion: 'example.com/v2',
        objects: [note('x'.repeat(MAX_STASH_BYTES))],
      },
    }
    const outcome = reviewConversion(review, notes())
    expect(outcome.valid && outcome.summary.failures).toEqual([
      { kind: 'Note', from: 'example.com/v1', reason: 'limit', count: 1 },
    ])
  })

  // a user's own ConversionError stays converter-refused: test/node/scheme/convert-object.test.ts
  it('tells the stash refusal of another copy of the runtime by its name and code, not instanceof', () => {
    // a second bundled copy of @crdconv/webhook: its classes are not this copy's
    class OtherCopyError extends Error {
      override readonly name = 'ConversionError'
      readonly field = 'spec.note'
      constructor(readonly code?: string) {
        super('would take 70000 bytes, over its budget of 65536 bytes')
      }
    }
    const failure = (code?: string) => {
      const throwing = notes(() => {
        throw new OtherCopyError(code)
      })
      const result = throwing.convert(note('red'), 'example.com/v2')
      return result.ok ? undefined : result.failure.code
    }
    expect(failure('stash-too-large')).toBe('stash-too-large')
    expect(failure()).toBe('converter-refused')
  })
})
