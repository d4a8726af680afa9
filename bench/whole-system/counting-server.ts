// A webhook served by the Node platform over TLS, with the reviews it answers counted around
// `/convert`: how many, to which version (when the app reports it), how many at once. Nothing of a
// review's content is kept. The same counting as test/node/apiserver/counting-webhook.ts, for any
// app: crdconv's, or the bare one beside it.
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { createApp, type ReviewLogEntry } from '../../packages/webhook/src/http/index.ts'
import { startNodeServer } from '../../packages/webhook/src/platform/node/index.ts'
import type { ServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import type { Scheme } from '../../packages/webhook/src/scheme/index.ts'
import {
  startDistanceProxy,
  type DistanceProxy,
} from '../../tools/distance-proxy/distance-proxy.ts'
import { bareApp } from '../bare-webhook.ts'

/** What a webhook answered since the last `reset()`. */
export interface Tally {
  readonly reviews: number
  /** Reviews per `desiredAPIVersion` (crdconv reports it; the bare app does not: `{}`). */
  readonly byVersion: Readonly<Record<string, number>>
  readonly maxInFlight: number
}

export interface CountedWebhook {
  readonly port: number
  readonly tally: () => Tally
  /** Starts a new count; returns the one so far. */
  readonly reset: () => Tally
  /** Settles once no review has started or ended for `quietMs` (from the call at the earliest). */
  readonly settle: (quietMs?: number) => Promise<Tally>
  /** Settles once `count` reviews were answered since the last reset; false after `timeoutMs`. */
  readonly whenAnswered: (count: number, timeoutMs: number) => Promise<boolean>
  readonly close: () => Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** crdconv's app for `scheme`, or the bare baseline (`'bare'`), counted, on a free loopback port. */
export async function startCountedWebhook(
  app: { scheme: Scheme } | 'bare',
  tls: ServingCertificate
): Promise<CountedWebhook> {
  let reviews = 0
  let byVersion: Record<string, number> = {}
  let inFlight = 0
  let maxInFlight = 0
  let lastActivity = Date.now()
  const log = (entry: ReviewLogEntry) => {
    const version = entry.desiredAPIVersion ?? '(none)'
    byVersion = { ...byVersion, [version]: (byVersion[version] ?? 0) + 1 }
  }
  const inner =
    app === 'bare' ? bareApp() : createApp({ allowUnauthenticated: true, scheme: app.scheme, log })
  const counted = new Hono()
  counted.use('/convert', async (_context, next) => {
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    lastActivity = Date.now()
    try {
      await next()
    } finally {
      inFlight -= 1
      reviews += 1
      lastActivity = Date.now()
    }
  })
  counted.route('/', inner)
  const server = await startNodeServer({
    app: counted,
    port: 0,
    hostname: '127.0.0.1',
    tls: { cert: readFileSync(tls.cert), key: readFileSync(tls.key) },
  })
  const tally = (): Tally => ({ reviews, byVersion, maxInFlight })
  return {
    port: Number(new URL(server.url).port),
    tally,
    reset: () => {
      const before = tally()
      reviews = 0
      byVersion = {}
      maxInFlight = inFlight
      return before
    },
    settle: async (quietMs = 1_500) => {
      const calledAt = Date.now()
      for (;;) {
        const waited = Date.now() - Math.max(lastActivity, calledAt)
        if (inFlight === 0 && waited >= quietMs) return tally()
        await sleep(Math.max(50, quietMs - waited))
      }
    },
    whenAnswered: async (count, timeoutMs) => {
      const deadline = Date.now() + timeoutMs
      while (reviews < count) {
        if (Date.now() > deadline) return false
        await sleep(10)
      }
      return true
    },
    close: () => server.close(),
  }
}

/** A counted webhook behind a distance proxy of its own, at loopback until `proxy.setOneWayMs`. */
export interface ProxiedWebhook {
  readonly webhook: CountedWebhook
  readonly proxy: DistanceProxy
  /** Closes the proxy, then the webhook. */
  readonly close: () => Promise<void>
}

/** `startCountedWebhook`, reached through a distance proxy: what the API server is pointed at. */
export async function startProxiedWebhook(
  app: { scheme: Scheme } | 'bare',
  tls: ServingCertificate
): Promise<ProxiedWebhook> {
  const webhook = await startCountedWebhook(app, tls)
  try {
    const proxy = await startDistanceProxy({
      targetHost: '127.0.0.1',
      targetPort: webhook.port,
      oneWayMs: 0,
    })
    return {
      webhook,
      proxy,
      close: async () => {
        await proxy.close()
        await webhook.close()
      },
    }
  } catch (error) {
    await webhook.close()
    throw error
  }
}
