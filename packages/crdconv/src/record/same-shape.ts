// Values of the same shape as a secret, from a key of this run: same length and characters, valid
// base64 (PEM bodies and JWT segments too) stays valid base64 of as many bytes. Letters and digits
// alone keep their classes, which keeps base64 without padding valid too.
import { createHmac, randomBytes } from 'node:crypto'

/** Replaces secret values with values of the same shape; the same secret gets the same stand-in in one run. */
export interface SameShape {
  readonly text: (value: string) => string
  readonly number: (value: number) => number
}

const PEM_BLOCK = /(-----BEGIN [A-Z0-9 ]+-----)([\s\S]*?)(-----END [A-Z0-9 ]+-----)/g
const JWT = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const HEX = /^[0-9a-fA-F]+$/

/**
 * A replacer whose stand-ins come from `key` (random unless given) and the secret by HMAC-SHA256:
 * a stand-in says nothing of the secret without the key, which is never written anywhere.
 *
 * @example
 * const replace = sameShape()
 * replace.text('hunter2') // 'qwzpxke', 7 lowercase letters and a digit
 */
export function sameShape(key: Buffer = randomBytes(32)): SameShape {
  const bytesFor = (value: string, length: number): Buffer => {
    const chunks: Buffer[] = []
    for (let block = 0; chunks.length * 32 < length; block++) {
      chunks.push(createHmac('sha256', key).update(`${block}\0${value}`).digest())
    }
    return Buffer.concat(chunks).subarray(0, length)
  }
  const charWise = (value: string): string => {
    const noise = bytesFor(value, value.length)
    let out = ''
    for (let index = 0; index < value.length; index++) {
      const char = value[index] as string
      const pick = noise[index] as number
      if (char >= 'a' && char <= 'z') out += String.fromCharCode(97 + (pick % 26))
      else if (char >= 'A' && char <= 'Z') out += String.fromCharCode(65 + (pick % 26))
      else if (char >= '0' && char <= '9') out += String.fromCharCode(48 + (pick % 10))
      else out += char
    }
    return out
  }
  const hexWise = (value: string): string =>
    [...bytesFor(value, value.length)]
      .map((pick, index) => {
        const digit = (pick % 16).toString(16)
        return value[index] === value[index]?.toUpperCase() ? digit.toUpperCase() : digit
      })
      .join('')
  // base64 of as many random bytes: the same length and padding, still decodable
  const base64Of = (value: string, encoding: 'base64' | 'base64url'): string | undefined => {
    const bytes = Buffer.from(value, encoding)
    if (bytes.toString(encoding) !== value) return undefined
    return bytesFor(value, bytes.length).toString(encoding)
  }
  const pemBody = (body: string): string => {
    const compact = body.replace(/\s+/g, '')
    const replaced = BASE64.test(compact) ? base64Of(compact, 'base64') : undefined
    if (replaced === undefined) return charWise(body)
    let next = 0
    return body.replace(/\S/g, () => replaced[next++] as string)
  }
  const text = (value: string): string => notItself(value, shaped(value))
  const shaped = (value: string): string => {
    if (value.includes('-----BEGIN ')) {
      return value.replace(PEM_BLOCK, (_, begin: string, body: string, end: string) => {
        return `${begin}${pemBody(body)}${end}`
      })
    }
    if (JWT.test(value)) {
      return value
        .split('.')
        .map((segment) => base64Of(segment, 'base64url') ?? charWise(segment))
        .join('.')
    }
    if (HEX.test(value) && value.length % 2 === 0 && value.length >= 16) return hexWise(value)
    // base64 by its marks (padding, + or /): letters and digits alone keep their classes instead
    if (BASE64.test(value) && value.length % 4 === 0 && /[+/=]/.test(value)) {
      return base64Of(value, 'base64') ?? charWise(value)
    }
    return charWise(value)
  }
  const number = (value: number): number => {
    if (!Number.isFinite(value)) return value
    const written = String(value)
    // `1e+21` has letters: its stand-in would be no number, and the value must not stay
    if (!/^-?\d+(\.\d+)?$/.test(written)) return 0
    // a 0 first in the integer part or last in the fraction would be dropped: those stay 1 to 9
    const digits = charWise(written).replace(
      /^(-?)0(?=\d)|0$(?<=\.\d*)/g,
      (_, sign?: string) => `${sign ?? ''}1`
    )
    const shaped = Number(digits)
    if (shaped !== value) return shaped
    return value === 0
      ? 1
      : value + (Math.abs(value % 10) >= 9 ? -Math.sign(value) : Math.sign(value))
  }
  return { text, number }
}

/**
 * The stand-in, unless the key happened to give back the secret itself (one in 26 for a
 * one-letter secret): then its first letter or digit moves to the next of its class, which keeps
 * base64 canonical (the first character's bits are all its own). A PEM block keeps its armour.
 */
function notItself(value: string, standIn: string): string {
  const index = value.search(/[a-zA-Z0-9]/)
  if (standIn !== value || index === -1 || value.includes('-----BEGIN ')) return standIn
  const char = value.charCodeAt(index)
  const [first, count] = char >= 97 ? [97, 26] : char >= 65 ? [65, 26] : [48, 10]
  const next = String.fromCharCode(first + ((char - first + 1) % count))
  return `${value.slice(0, index)}${next}${value.slice(index + 1)}`
}
