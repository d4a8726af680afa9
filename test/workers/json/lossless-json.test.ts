import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseJson, stringifyJson } from '../../../packages/webhook/src/json/index.ts'
import { codecProperties } from '../../support/json-codec-properties.ts'

describe('the lossless JSON codec inside workerd', () => {
  for (const { name, property } of codecProperties) {
    it(name, () => fc.assert(property as fc.IRawProperty<unknown[]>, { numRuns: 500 }))
  }

  it('keeps an int64 exactly where JSON.parse rounds it', () => {
    const text = '{"metadata":{"generation":9223372036854775807}}'
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text)
    expect(stringifyJson(parseJson(text))).toBe(text)
  })
})
