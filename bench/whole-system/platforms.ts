// The three runners the webhook ships for (the Node server, the Worker under wrangler dev, the
// Lambda runner), each behind a distance proxy in turn: the first review a runner just started
// answers on a new connection (the handshake at distance and the first conversion), then, through
// the real API server, the first review after each idle gap and whether it paid a new connection.
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:https'
import type { ServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import {
  lambdaTarget,
  nodeServerTarget,
  workerTarget,
  type WebhookTarget,
} from '../../test/support/webhook-targets.ts'
import { startDistanceProxy } from '../../tools/distance-proxy/distance-proxy.ts'
import { cronTabReviewBody } from '../crontab-review.ts'
import type { Api } from './cluster-client.ts'
import type { PlatformFigures } from './figures.ts'
import { changeCrd, collection, OTHER, type Subject } from './measure.ts'
import type { PlatformName } from './options.ts'

const PLATFORM_TARGETS: Readonly<Record<PlatformName, WebhookTarget>> = {
  node: nodeServerTarget,
  worker: workerTarget,
  lambda: lambdaTarget,
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const progress = (text: string) => process.stderr.write(`… ${text}\n`)

/** One review posted as the API server posts it, on a connection of its own; its wall time. */
function postReview(url: string, ca: string): Promise<{ status: number; ms: number }> {
  const body = cronTabReviewBody(1)
  const agent = new Agent({ keepAlive: false })
  const startedAt = performance.now()
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${url}?timeout=30s`,
      { method: 'POST', agent, ca, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume()
        response.on('end', () => {
          agent.destroy()
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - startedAt })
        })
        response.on('error', reject)
      }
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/**
 * Measures each runner in `platforms` at `rttMs`, in turn serving the CronTab CRD of `subject`
 * (with `stored` objects, `obj-0` among them): its first review after start, then the first review
 * through the API server after each of `gapsS` seconds of nothing.
 */
export async function measurePlatforms(
  api: Api,
  subject: Subject,
  tls: ServingCertificate,
  platforms: readonly PlatformName[],
  rttMs: number,
  gapsS: readonly number[],
  stored: number
): Promise<PlatformFigures[]> {
  const ca = readFileSync(tls.caCert, 'utf8')
  const figures: PlatformFigures[] = []
  for (const platform of platforms) {
    const target = PLATFORM_TARGETS[platform]
    progress(`${target.name}: starting it behind ${rttMs} ms of round trip`)
    const running = await target.start(tls)
    const webhook = new URL(running.url)
    const proxy = await startDistanceProxy({
      targetHost: '127.0.0.1',
      targetPort: Number(webhook.port),
      oneWayMs: rttMs / 2,
    })
    try {
      const proxied = `https://127.0.0.1:${proxy.port}${webhook.pathname}`
      const first = await postReview(proxied, ca)
      if (first.status !== 200) throw new Error(`${target.name}: first review HTTP ${first.status}`)
      const pointed = await changeCrd(api, subject, stored, (crd) => {
        crd.spec.conversion.webhook.clientConfig.url = proxied
      })
      if (pointed.status !== 200) {
        throw new Error(`the CRD pointed at ${proxied}: LIST at ${OTHER} never full`)
      }
      await sleep(SETTLE_MS)
      const idle = []
      for (const gapS of gapsS) {
        progress(`${target.name}: idle ${gapS} s, then a GET at ${OTHER}`)
        await sleep(gapS * 1000)
        const before = proxy.connections()
        const answer = await api('GET', `${collection(subject, OTHER)}/obj-0`)
        idle.push({
          gapS,
          getMs: answer.ms,
          status: answer.status,
          newConnection: proxy.connections() > before,
        })
      }
      figures.push({ platform: target.name, rttMs, firstReviewMs: first.ms, idle })
    } finally {
      await proxy.close()
      await running.stop()
    }
  }
  return figures
}

/** Time for the last reviews of a cache rebuild to end before an idle gap starts. */
const SETTLE_MS = 2_000
