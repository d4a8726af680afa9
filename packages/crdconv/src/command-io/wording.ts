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
  return `${amount} ${amount === 1 ? noun : plural}`
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
