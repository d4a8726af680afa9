// crdconv's Node server in-process, with every review the API server sends counted: how many,
// how many objects each, to which version, and how many were in flight at once. Nothing of an
// object's content is kept.
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { createApp, type ReviewLogEntry } from '../../../packages/webhook/src/http/index.ts'
import { startNodeServer } from '../../../packages/webhook/src/platform/node/index.ts'
import type { ServingCertificate } from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import type { Scheme } from '../../../packages/webhook/src/scheme/index.ts'

/** What the webhook saw since the last `reset()`. */
export interface ReviewTally {
  /** Reviews answered. */
  readonly reviews: number
  /** Objects in them, all reviews together. */
  readonly objects: number
  /** Reviews per `desiredAPIVersion`, such as `{ 'example.com/v1': 3 }`. */
  readonly byVersion: Readonly<Record<string, number>>
  /** The most objects one review held. */
  readonly maxObjectsPerReview: number
  /** The most reviews being answered at one time (a held review does not count until let go). */
  readonly maxInFlight: number
}

/** How the webhook answers: converts, answers every review `Failed`, or answers HTTP 500. */
export type WebhookMode = 'convert' | 'failed' | 'http-500'

export interface CountingWebhook {
  /** `https://127.0.0.1:PORT`: where the distance proxy forwards to. */
  readonly port: number
  readonly tally: () => ReviewTally
  /** Starts a new count; returns the count so far. */
  readonly reset: () => ReviewTally
  /** Reviews started (arrived) so far, held ones included, since the last reset. */
  readonly started: () => number
  /**
   * Holds the next review to arrive until `release()` is called: a webhook stuck on one review.
   * `held` settles when that review has arrived.
   */
  readonly holdNext: () => { readonly held: Promise<void>; readonly release: () => void }
  /** From now on answers as `mode` (a webhook that breaks, then is redeployed). */
  readonly answer: (mode: WebhookMode) => void
  /** Settles once `count` reviews have arrived (held ones included) since the last reset. */
  readonly whenStarted: (count: number) => Promise<void>
  /** Settles once no review has started or ended for `quietMs`, counted from the call at the earliest. */
  readonly settle: (quietMs?: number) => Promise<ReviewTally>
  readonly close: () => Promise<void>
}

const emptyTally = (): ReviewTally => ({
  reviews: 0,
  objects: 0,
  byVersion: {},
  maxObjectsPerReview: 0,
  maxInFlight: 0,
})

/** The path token the webhook converts at: `/convert/<LAB_TOKEN>`, as a deployed one would. */
export const LAB_TOKEN = 'lab-token-0123456789abcdef0123456789abcdef'

/** Serves `scheme` over TLS on a free loopback port with counting around `/convert/<LAB_TOKEN>`. */
export async function startCountingWebhook(
  scheme: Scheme,
  tls: ServingCertificate
): Promise<CountingWebhook> {
  let tally = emptyTally()
  let started = 0
  let inFlight = 0
  let lastActivity = Date.now()
  let mode: WebhookMode = 'convert'
  let hold: { arrived: () => void; gate: Promise<void> } | undefined
  const log = (entry: ReviewLogEntry) => {
    const version = entry.desiredAPIVersion ?? '(none)'
    const objects = entry.objectCount ?? 0
    tally = {
      ...tally,
      reviews: tally.reviews + 1,
      objects: tally.objects + objects,
      byVersion: { ...tally.byVersion, [version]: (tally.byVersion[version] ?? 0) + 1 },
      maxObjectsPerReview: Math.max(tally.maxObjectsPerReview, objects),
    }
  }
  const inner = createApp({ scheme, log, tokens: [LAB_TOKEN] })
  const app = new Hono()
  app.use(`/convert/${LAB_TOKEN}`, async (context, next) => {
    started += 1
    lastActivity = Date.now()
    const current = hold
    hold = undefined
    if (current !== undefined) {
      current.arrived()
      await current.gate
    }
    if (mode === 'http-500') return context.text('broken on purpose', 500)
    if (mode === 'failed') {
      const review = (await context.req.json()) as { apiVersion: string; request: { uid: string } }
      return context.json({
        apiVersion: review.apiVersion,
        kind: 'ConversionReview',
        response: {
          uid: review.request.uid,
          result: { status: 'Failed', message: 'broken on purpose' },
        },
      })
    }
    inFlight += 1
    tally = { ...tally, maxInFlight: Math.max(tally.maxInFlight, inFlight) }
    try {
      await next()
    } finally {
      inFlight -= 1
      lastActivity = Date.now()
    }
  })
  app.route('/', inner)
  const server = await startNodeServer({
    app,
    port: 0,
    hostname: '127.0.0.1',
    tls: { cert: readFileSync(tls.cert), key: readFileSync(tls.key) },
  })
  return {
    port: Number(new URL(server.url).port),
    tally: () => tally,
    reset: () => {
      const before = tally
      tally = emptyTally()
      started = 0
      return before
    },
    started: () => started,
    answer: (next) => {
      mode = next
    },
    holdNext: () => {
      let release = () => undefined as void
      let arrived = () => undefined as void
      const gate = new Promise<void>((resolve) => (release = resolve))
      const held = new Promise<void>((resolve) => (arrived = resolve))
      hold = { arrived, gate }
      return { held, release }
    },
    whenStarted: async (count) => {
      while (started < count) await new Promise((resolve) => setTimeout(resolve, 20))
    },
    settle: async (quietMs = 1_500) => {
      const calledAt = Date.now()
      for (;;) {
        const waited = Date.now() - Math.max(lastActivity, calledAt)
        if (inFlight === 0 && waited >= quietMs) return tally
        await new Promise((resolve) => setTimeout(resolve, Math.max(100, quietMs - waited)))
      }
    },
    close: () => server.close(),
  }
}
