// Stand-ins for secrets: the same shape as the secret (length, characters, base64 that still
// decodes to as many bytes), never the secret, and the same stand-in for the same secret in a run.
import { describe, expect, it } from 'vitest'
import { sameShape } from '../../../packages/crdconv/src/record/index.ts'

const pem = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAq7BFUpkGp3+XQZ2b',
  'w3oP1Q==',
  '-----END PRIVATE KEY-----',
].join('\n')
const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'

/** Each character's class: lowercase, uppercase, digit, or the character itself. */
const shapeOf = (text: string) =>
  text.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A').replace(/[0-9]/g, '9')

describe('sameShape, stand-ins for secrets', () => {
  const replace = sameShape()

  it.each([
    ['a password', 'hunter2-Rules!'],
    ['a short word', 'abc'],
    ['a UUID-like token', '123e4567-e89b-12d3-a456-426614174000'],
  ])('keeps the characters of %s class by class', (_, secret) => {
    const standIn = replace.text(secret)
    expect(standIn).not.toBe(secret)
    expect(shapeOf(standIn)).toBe(shapeOf(secret))
  })

  it.each([
    ['standard base64 with padding', Buffer.from('s3cr3t-p4ssw0rd!').toString('base64')],
    ['base64 with + and /', Buffer.from([0xfb, 0xff, 0xbf, 0x01, 0x02, 0x03]).toString('base64')],
  ])('gives %s that still decodes to as many bytes', (_, secret) => {
    const encoding = 'base64'
    const standIn = replace.text(secret)
    expect(standIn).not.toBe(secret)
    expect(standIn).toHaveLength(secret.length)
    expect(Buffer.from(standIn, encoding).toString(encoding)).toBe(standIn)
    expect(Buffer.from(standIn, encoding)).toHaveLength(Buffer.from(secret, encoding).length)
  })

  it('keeps a PEM block a PEM block: its lines, its armour, a body that decodes', () => {
    const standIn = replace.text(pem)
    expect(standIn).not.toBe(pem)
    const lines = standIn.split('\n')
    expect(lines.map((line) => line.length)).toEqual(pem.split('\n').map((line) => line.length))
    expect([lines[0], lines[3]]).toEqual([
      '-----BEGIN PRIVATE KEY-----',
      '-----END PRIVATE KEY-----',
    ])
    const body = lines.slice(1, 3).join('')
    expect(Buffer.from(body, 'base64').toString('base64')).toBe(body)
  })

  it('keeps a JWT three base64url segments of the same lengths', () => {
    const standIn = replace.text(jwt)
    expect(standIn).not.toBe(jwt)
    expect(standIn.split('.').map((part) => part.length)).toEqual(
      jwt.split('.').map((part) => part.length)
    )
  })

  it('keeps a hex string hex, its case too', () => {
    const secret = 'a3F09bC1d2e3f4a5b6c7d8e9f0a1b2c3'
    const standIn = replace.text(secret)
    expect(standIn).toMatch(/^[0-9a-fA-F]{32}$/)
    expect(standIn).not.toBe(secret)
  })

  it('gives a number a number, never the same one', () => {
    expect(typeof replace.number(424242)).toBe('number')
    expect(String(replace.number(424242))).toHaveLength(6)
    expect(replace.number(1e21)).not.toBe(1e21)
  })

  it.each([7, 0, -31, 424242, 100000, 2.5, 1099511627776])(
    'gives %d a stand-in of as many characters for every key, never the number itself',
    (value) => {
      for (let run = 0; run < 300; run++) {
        const standIn = sameShape().number(value)
        expect(String(standIn)).toHaveLength(String(value).length)
        expect(standIn).not.toBe(value)
      }
    }
  )

  it.each(['b', 'Z', '7', 'ab', '-x', 'fast'])(
    'gives the text %j a stand-in of its shape for every key, never the text itself',
    (secret) => {
      for (let run = 0; run < 300; run++) {
        const standIn = sameShape().text(secret)
        expect(shapeOf(standIn)).toBe(shapeOf(secret))
        expect(standIn).not.toBe(secret)
      }
    }
  )

  it('gives one byte of base64 another byte for every key, still one byte of base64', () => {
    for (let run = 0; run < 300; run++) {
      const standIn = sameShape().text('QQ==')
      expect(standIn).not.toBe('QQ==')
      expect(Buffer.from(standIn, 'base64').toString('base64')).toBe(standIn)
      expect(Buffer.from(standIn, 'base64')).toHaveLength(1)
    }
  })

  it('gives the same secret the same stand-in in one run, another in the next', () => {
    expect(replace.text('hunter2-Rules!')).toBe(replace.text('hunter2-Rules!'))
    expect(sameShape().text('hunter2-Rules!')).not.toBe(replace.text('hunter2-Rules!'))
  })
})
