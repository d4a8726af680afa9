// The samples of a Prometheus text exposition (version 0.0.4): what `status` reads from the API
// server's /metrics and the webhook's. Comments and TYPE lines are skipped; label values are
// unescaped. parse-prometheus-text-format, the npm parser, drops the labels, sum and count of a
// histogram with labels (1.1.1), which is every histogram read here.

/** One sample line: `name{labels} value`. */
export interface PrometheusSample {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  readonly value: number
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g
const UNESCAPE: Record<string, string> = { n: '\n', '\\': '\\', '"': '"' }

/**
 * Every sample of `text`, in order.
 *
 * @example
 * ```ts
 * prometheusSamples('crdconv_reviews_total{outcome="Success"} 3\n')
 * // [{ name: 'crdconv_reviews_total', labels: { outcome: 'Success' }, value: 3 }]
 * ```
 */
export function prometheusSamples(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = []
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = SAMPLE.exec(line.trim())
    if (match === null) continue
    const labels: Record<string, string> = {}
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key as string] = (raw as string).replace(
        /\\(.)/g,
        (all, char: string) => UNESCAPE[char] ?? all
      )
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}
