import { request } from 'node:https'
import { API_SERVER_CONVERSION_HISTOGRAMS } from './api-server-metric-names.ts'
import { httpGetText } from '../http-client/index.ts'
import type { ClusterClient } from '../cluster-client/index.ts'
import { prometheusSamples } from './prometheus-samples.ts'

/** The API server's own tally of conversion webhook calls for one CRD: seconds spent, calls made. */
export interface ConversionMetrics {
  readonly seconds: number
  readonly calls: number
}

// either name: v1.20 has the first, the current release the second
const HISTOGRAMS = new Set<string>(API_SERVER_CONVERSION_HISTOGRAMS)

/**
 * The successful conversion webhook calls the API server counted for `crdName` since it started,
 * read from `/metrics`; undefined where the user may not read it or it carries no such histogram.
 *
 * @example
 * ```ts
 * const before = await readConversionMetrics(client, 'crontabs.example.com')
 * // … reads at a version that is not the storage version …
 * const after = await readConversionMetrics(client, 'crontabs.example.com')
 * ```
 */
export async function readConversionMetrics(
  client: ClusterClient,
  crdName: string
): Promise<ConversionMetrics | undefined> {
  const text = await getText(client, '/metrics').catch(() => undefined)
  return text === undefined ? undefined : conversionMetrics(text, crdName)
}

/** The histogram's sum and count over every version pair of `crdName`, successful calls only. */
export function conversionMetrics(text: string, crdName: string): ConversionMetrics | undefined {
  let seconds = 0
  let calls = 0
  let seen = false
  for (const { name, labels, value } of prometheusSamples(text)) {
    const series = name.endsWith('_sum') ? 'sum' : name.endsWith('_count') ? 'count' : undefined
    if (series === undefined || !HISTOGRAMS.has(name.slice(0, -series.length - 1))) continue
    if (labels['crd_name'] !== crdName || labels['succeeded'] !== 'true') continue
    seen = true
    if (series === 'sum') seconds += value
    else calls += value
  }
  return seen ? { seconds, calls } : undefined
}

/** A GET of a non-resource path with the kubeconfig's credentials; the body of a 200, else throws. */
async function getText(client: ClusterClient, path: string): Promise<string> {
  const options: Parameters<typeof request>[1] = { headers: {} }
  await client.kubeConfig.applyToHTTPSOptions(options)
  return httpGetText(new URL(path, client.server), options, path)
}
