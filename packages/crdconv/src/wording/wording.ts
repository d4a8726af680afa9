// How messages write counts and the commands they suggest: "1 object", "3 objects", and
// arguments quoted only where a shell needs it, so a suggested command can be pasted.

/**
 * `amount` and `noun`, the noun plural unless the amount is one.
 *
 * @example
 * ```ts
 * countOf(1, 'object') // '1 object'
 * countOf(1500, 'object') // '1500 objects'
 * ```
 */
export function countOf(amount: number, noun: string, plural = `${noun}s`): string {
  return `${amount} ${nounFor(amount, noun, plural)}`
}

/**
 * `countOf`, with `all` before it when there are several: a verdict over a whole set.
 *
 * @example
 * ```ts
 * `${allOf(1, 'check')} passed` // '1 check passed'
 * `${allOf(12, 'check')} passed` // 'all 12 checks passed'
 * ```
 */
export function allOf(amount: number, noun: string, plural = `${noun}s`): string {
  return `${amount === 1 ? '' : 'all '}${countOf(amount, noun, plural)}`
}

/**
 * `noun` as `amount` of it needs: for a count written another way (`1,500`, rounded).
 *
 * @example
 * ```ts
 * nounFor(1, 'write') // 'write'
 * `${(1500).toLocaleString('en-US')} ${nounFor(1500, 'write')}` // '1,500 writes'
 * ```
 */
export function nounFor(amount: number, noun: string, plural = `${noun}s`): string {
  return amount === 1 ? noun : plural
}

/**
 * `word` as one shell word: as it is when it holds nothing a shell reads, else single-quoted.
 *
 * @example
 * ```ts
 * shellWord('src/scheme.ts') // 'src/scheme.ts'
 * shellWord('my schemes/a.ts') // "'my schemes/a.ts'"
 * ```
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * `word` after its indefinite article: `an` before a vowel, else `a`.
 *
 * @example
 * ```ts
 * withArticle('array') // 'an array'
 * withArticle('string') // 'a string'
 * ```
 */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`
}
