import { describe, expect, it } from 'vitest'
import { canonicalJson, fnv1a64 } from '../../../packages/webhook/src/scheme/index.ts'

describe('fnv1a64', () => {
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('should give the published FNV-1a 64-bit value of %j', (text, hash) => {
    expect(fnv1a64(text)).toBe(hash)
  })

  it('should hash the UTF-8 bytes of text beyond ASCII', () => {
    expect(fnv1a64('é')).not.toBe(fnv1a64('e'))
    expect(fnv1a64('🎉')).toMatch(/^[0-9a-f]{16}$/)
  })
})

describe('canonicalJson', () => {
  it('should write equal data as equal text whatever the order of its keys', () => {
    const one = { b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } }
    const other = { a: { c: 'x', d: [1, { y: 2, z: 1 }] }, b: 1 }
    expect(canonicalJson(one)).toBe(canonicalJson(other))
    expect(canonicalJson(one)).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}')
  })

  it('should leave out undefined members as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: [undefined], c: Infinity })).toBe(
      '{"b":[null],"c":null}'
    )
  })

  it('should tell different data apart', () => {
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }))
  })
})
