// Debian's Prometheus (tools/prometheus/install.sh) on a loopback port, scraping the targets a
// test names over HTTPS with the chart's alert rules loaded, and its HTTP API as the test reads it.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { stringify } from 'yaml'
import {
  freePort,
  startProcess,
  waitUntil,
} from '../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'

/** One HTTPS `/metrics` endpoint to scrape, with what it takes to be let in. */
export interface ScrapeTarget {
  readonly job: string
  /** `127.0.0.1:PORT` */
  readonly address: string
  /** The CA file to trust its serving certificate with. */
  readonly caFile: string
  /** A client certificate and key (the API server's way). */
  readonly client?: { readonly certFile: string; readonly keyFile: string }
  /** A file holding a bearer token (the webhook's `CONVERT_METRICS=token`). */
  readonly bearerTokenFile?: string
}

/** One series of an instant query: its labels and its value. */
export interface Sample {
  readonly metric: Readonly<Record<string, string>>
  readonly value: number
}

/** One rule as `/api/v1/rules` reports it. */
export interface LoadedRule {
  readonly name: string
  readonly type: string
  /** `ok` once evaluated without error, `err` with `lastError`, `unknown` before the first run. */
  readonly health: string
  readonly lastError?: string
}

export interface RunningPrometheus {
  readonly url: string
  /** An instant query; throws with Prometheus' error when it does not parse or evaluate. */
  readonly query: (expr: string) => Promise<Sample[]>
  /** Polls `query(expr)` until it returns a series, at most `timeoutMs`. */
  readonly waitForSeries: (expr: string, timeoutMs?: number) => Promise<Sample[]>
  /** Every rule of every loaded group. */
  readonly rules: () => Promise<LoadedRule[]>
  readonly stop: () => Promise<void>
}

/** How often each target is scraped and each rule evaluated: seconds, so a test waits little. */
const INTERVAL = '1s'

interface ApiAnswer<Data> {
  readonly status: 'success' | 'error'
  readonly data: Data
  readonly error?: string
}

/**
 * Starts `binary` with its data in `directory`, scraping `targets` and loading `ruleFiles`
 * (file name → rule file text), once it answers ready.
 */
export async function startPrometheus(
  binary: string,
  directory: string,
  targets: readonly ScrapeTarget[],
  ruleFiles: Readonly<Record<string, string>> = {}
): Promise<RunningPrometheus> {
  for (const [name, text] of Object.entries(ruleFiles)) writeFileSync(join(directory, name), text)
  const config = {
    global: { scrape_interval: INTERVAL, evaluation_interval: INTERVAL, scrape_timeout: INTERVAL },
    rule_files: Object.keys(ruleFiles),
    scrape_configs: targets.map((target) => ({
      job_name: target.job,
      scheme: 'https',
      tls_config: {
        ca_file: target.caFile,
        ...(target.client === undefined
          ? {}
          : { cert_file: target.client.certFile, key_file: target.client.keyFile }),
      },
      ...(target.bearerTokenFile === undefined
        ? {}
        : { authorization: { type: 'Bearer', credentials_file: target.bearerTokenFile } }),
      static_configs: [{ targets: [target.address] }],
    })),
  }
  const configFile = join(directory, 'prometheus.yml')
  writeFileSync(configFile, stringify(config))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const managed = startProcess('prometheus', binary, [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${join(directory, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ])
  await waitUntil(
    managed,
    'ready answer',
    async () => (await fetch(`${url}/-/ready`)).status === 200,
    60_000
  )
  const api = async <Data>(path: string): Promise<Data> => {
    const answer = (await (await fetch(`${url}${path}`)).json()) as ApiAnswer<Data>
    if (answer.status !== 'success') throw new Error(`Prometheus ${path}: ${answer.error}`)
    return answer.data
  }
  const query = async (expr: string) => {
    const data = await api<{
      result: { metric: Record<string, string>; value: [number, string] }[]
    }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)
    return data.result.map((one) => ({ metric: one.metric, value: Number(one.value[1]) }))
  }
  const waitForSeries = async (expr: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const samples = await query(expr)
      if (samples.length > 0) return samples
      if (Date.now() > deadline) throw new Error(`no series for ${expr} after ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  const rules = async () =>
    (await api<{ groups: { rules: LoadedRule[] }[] }>('/api/v1/rules')).groups.flatMap(
      (group) => group.rules
    )
  return { url, query, waitForSeries, rules, stop: () => managed.stop() }
}
