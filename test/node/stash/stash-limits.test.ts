import { describe, expect, it } from 'vitest'
import { parseJson } from '../../../packages/webhook/src/json/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import {
  MAX_STASH_BYTES,
  MAX_STASH_DEPTH,
  restoreStashedFields,
  stashFields,
  type ConversionContext,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import { stashedBackupText } from '../../support/hostile-stash.ts'

const up: ConversionContext = {
  group: 'example.com',
  kind: 'Backup',
  from: 'v1beta1',
  to: 'v1',
  sourceVersion: 'v1beta1',
  targetVersion: 'v1',
}
const down: ConversionContext = { ...up, from: 'v1', to: 'v1beta1' }

const backup = (text: string) => parseJson(text) as KubeObject
const nested = (depth: number): unknown => {
  let value: unknown = 'x'
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

describe('the stash limits on what a stash hands back', () => {
  it('restores a hand-written stash with a valid hash within the limits', () => {
    const { fields, outcome } = restoreStashedFields(
      backup(stashedBackupText({ depth: 3, padding: 1 })),
      up
    )
    expect(outcome).toBe('restored')
    expect(fields?.['encryption']).toEqual(nested(3))
  })

  it.each([
    ['nested 10,000 deep', `nests more than ${MAX_STASH_DEPTH} levels deep`, { depth: 10_000 }],
    ['of 64 KiB', `over the stash's limit of ${MAX_STASH_BYTES} bytes`, { padding: 65_536 }],
  ])('refuses a stash %s, naming the object and the limit', (_what, limit, stash) => {
    const object = backup(stashedBackupText(stash))
    expect(() => restoreStashedFields(object, up)).toThrow(limit)
    expect(() => restoreStashedFields(object, up)).toThrow(
      'cannot convert prod/db from v1beta1 to v1: annotation example.com/'
    )
  })

  it('fails the conversion of such an object with its name and the limit', () => {
    const result = exampleScheme.convert(
      backup(stashedBackupText({ depth: 10_000 })),
      'example.com/v1'
    )
    expect(result.ok).toBe(false)
    expect(!result.ok && result.failure.message).toMatch(
      /prod\/db from v1beta1 to v1: annotation example\.com\/conversion-stash nests more than 64 levels deep/
    )
  })

  it('takes the limits from the options when given', () => {
    const object = backup(stashedBackupText({ depth: 3 }))
    expect(() => restoreStashedFields(object, up, { maxDepth: 4 })).toThrow('more than 4 levels')
    expect(restoreStashedFields(object, up, { maxDepth: 6 }).outcome).toBe('restored')
  })

  it('refuses to stash a value nested deeper than the limit, so every stash it writes reads back', () => {
    const object: KubeObject = { apiVersion: 'example.com/v1beta1', metadata: { name: 'n' } }
    expect(() => stashFields(object, down, { encryption: nested(MAX_STASH_DEPTH) })).toThrow(
      `nest more than ${MAX_STASH_DEPTH} levels deep`
    )
    const kept = stashFields(object, down, { encryption: nested(MAX_STASH_DEPTH - 4) })
    expect(restoreStashedFields(kept, up).fields?.['encryption']).toEqual(
      nested(MAX_STASH_DEPTH - 4)
    )
  })

  it('keeps an integer beyond 2^53 exact through the stash', () => {
    const object: KubeObject = { apiVersion: 'example.com/v1beta1', metadata: { name: 'n' } }
    const kept = stashFields(object, down, { encryption: { keyVersion: 2n ** 63n - 1n } })
    const stored = parseJson(JSON.stringify(kept)) as KubeObject
    expect(restoreStashedFields(stored, up).fields?.['encryption']).toEqual({
      keyVersion: 9223372036854775807n,
    })
  })
})
