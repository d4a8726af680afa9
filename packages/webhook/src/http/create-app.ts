import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { GetConnInfo } from 'hono/conninfo'
import { answerReview, DEFAULT_REVIEW_LIMITS } from '../review/index.ts'
import type { Scheme } from '../scheme/index.ts'
import { DEFAULT_MAX_BODY_BYTES } from './body-limits.ts'
import { answerInternalError } from './internal-error.ts'
import { checkPathTokens, CONVERT_PATH, encodeTokens, isConvertPath } from './path-token.ts'
import { refusalLog } from './refusal-log.ts'
import { busyAnswer, TOO_MANY_IN_FLIGHT } from './reviews-in-flight.ts'
import { readBodyText } from './request-body.ts'
import type { RequestObserver, RequestOutcome } from './request-outcome.ts'
import {
  abortedLogEntry,
  invalidLogEntry,
  logAsJsonLine,
  summaryLogEntry,
  type ReviewLogger,
} from './review-log.ts'
import { ServerTiming } from './server-timing.ts'
import { BODY_LIMIT_ADVICE, CLOSED_WITHOUT_TOKEN, LIMIT_ADVICE } from './setting-variables.ts'
import type { WebhookSettings } from './settings.ts'
import { answerRefusedSource, sourceRestriction } from './source-allow-list.ts'

export interface AppOptions extends Partial<WebhookSettings> {
  /** The resources this webhook converts. */
  readonly scheme: Scheme
  /** Where the one log line per review goes (default: a JSON line on stdout). */
  readonly log?: ReviewLogger
  /**
   * The platform's connection info, for `allowedSources`: `cloudflareConnInfo` (Workers), or
   * `getConnInfo` from `hono/aws-lambda` or `@hono/node-server/conninfo`.
   */
  readonly getConnInfo?: GetConnInfo
  /** Said after the 413 message: how to raise the body limit on this platform. */
  readonly bodyLimitAdvice?: string
  /**
   * Settings read from each request's platform bindings (`c.env`), over the options above: how a
   * Worker reads its secrets and variables, which exist only per request.
   */
  readonly settingsFromBindings?: (bindings: unknown) => Partial<WebhookSettings>
  /** Told what became of every request to /convert: how the platforms feed their metrics. */
  readonly observe?: RequestObserver
  /**
   * Most reviews read or converted at once (the Node server's `CONVERT_MAX_REVIEWS_IN_FLIGHT`);
   * past it `/convert` answers 429 with `Retry-After` before reading the body. Default: no cap.
   */
  readonly maxReviewsInFlight?: number
}

/** What guards `/convert` under one set of settings; built once per settings, not per request. */
interface Guard {
  readonly settings: WebhookSettings
  readonly tokens: readonly Uint8Array[]
  readonly restrictSource: MiddlewareHandler | undefined
  /** The 413 error: the limit and how to raise it on this platform. */
  readonly tooLarge: string
  /** No token and no opt-in: `/convert` answers 503 with this JSON. */
  readonly closed: string | undefined
}

const WRONG_TOKEN = 'wrong or missing path token'

/**
 * The conversion webhook as one Hono app: `POST /convert` (or `POST /convert/<token>` when path
 * tokens are set) answers ConversionReviews, `GET /healthz` answers `{"status":"ok"}`. Every
 * platform entry serves this same app and passes it the platform's configuration.
 *
 * @example
 * ```ts
 * const app = createApp({ scheme: createScheme([cronTab]), ...readSettings(process.env) })
 * ```
 */
export function createApp(options: AppOptions): Hono {
  const { scheme, log = logAsJsonLine, observe, maxReviewsInFlight = Infinity } = options
  const logRefusal = refusalLog(log)
  const busy = busyAnswer(maxReviewsInFlight)
  let reviewsInFlight = 0
  const fixedGuard = lazily(() => buildGuard(options, {}))
  const guards = new WeakMap<object, Guard>()
  const guardFor = (c: Context): Guard => {
    const bindings: unknown = c.env
    if (options.settingsFromBindings === undefined || typeof bindings !== 'object' || !bindings) {
      return fixedGuard()
    }
    let guard = guards.get(bindings)
    if (guard === undefined) {
      guard = buildGuard(options, options.settingsFromBindings(bindings))
      guards.set(bindings, guard)
    }
    return guard
  }
  if (options.settingsFromBindings === undefined) fixedGuard() // misconfiguration fails at start-up

  const app = new Hono()
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.all('/healthz', (c) => answerMethodNotAllowed(c, ['GET', 'HEAD']))

  // one handler, no middleware chain: each `next()` layer cost a promise and a closure per review
  const convert = (c: Context): Promise<Response> =>
    answerConvert(c, guardFor(c)).catch(rethrowAsError)
  const answerConvert = async (c: Context, guard: Guard): Promise<Response> => {
    const started = performance.now()
    const told = (outcome: RequestOutcome) => observe?.(outcome, c.env)
    if (guard.restrictSource !== undefined) {
      const refused = await guard.restrictSource(c, async () => {}).catch(answerRefusedSource(c))
      if (refused instanceof Response) {
        told({ type: 'bad_request', reason: 'source_not_allowed' })
        return refused
      }
    }
    if (guard.closed !== undefined) {
      logRefusal(503, CLOSED_WITHOUT_TOKEN)
      told({ type: 'bad_request', reason: 'closed_without_token' })
      return jsonResponse(guard.closed, 503, new ServerTiming(started))
    }
    if (!isConvertPath(c.req.path, guard.tokens)) {
      if (guard.tokens.length > 0) {
        logRefusal(404, WRONG_TOKEN)
        told({ type: 'wrong_token' })
      }
      return answerNotFound(c)
    }
    if (c.req.method !== 'POST') {
      told({ type: 'bad_request', reason: 'wrong_method' })
      return answerMethodNotAllowed(c, ['POST'])
    }
    const timing = new ServerTiming(started)
    const contentType = c.req.header('content-type')
    if (!isJsonMediaType(contentType)) {
      const error = `Content-Type must be application/json, got ${JSON.stringify(contentType ?? '(none)')}`
      told({ type: 'bad_request', reason: 'wrong_content_type' })
      return jsonResponse(JSON.stringify({ error }), 415, timing)
    }
    if (reviewsInFlight >= maxReviewsInFlight) {
      logRefusal(429, TOO_MANY_IN_FLIGHT)
      told({ type: 'bad_request', reason: 'too_many_in_flight' })
      // the body stays unread: close the connection rather than drain it
      return busy()
    }
    reviewsInFlight++
    try {
      return await answerReadable(c, guard, started, timing, told)
    } finally {
      reviewsInFlight--
    }
  }
  const answerReadable = async (
    c: Context,
    guard: Guard,
    started: number,
    timing: ServerTiming,
    told: (outcome: RequestOutcome) => void
  ): Promise<Response> => {
    const text = await readBodyText(c.req.raw, guard.settings.maxBodyBytes)
    if (!text.ok && 'aborted' in text) {
      const entry = abortedLogEntry(text.aborted, performance.now() - started)
      log(entry)
      told({ type: 'bad_request', reason: 'aborted', entry })
      return jsonResponse(JSON.stringify({ error: entry.problem }), 400, timing, 'close')
    }
    if (!text.ok) {
      told({ type: 'bad_request', reason: 'body_too_large' })
      // the unread rest of the body is still on the connection: close it, never reuse it
      return jsonResponse(JSON.stringify({ error: guard.tooLarge }), 413, timing, 'close')
    }
    const answer = answerReview(text.text, scheme, {
      limits: guard.settings,
      phaseEnded: timing.phaseEnded,
    })
    const durationMs = performance.now() - started
    if (answer.status === 200) {
      const entry = summaryLogEntry(answer.summary, durationMs)
      log(entry)
      if (observe !== undefined) {
        const { summary } = answer
        const convertSeconds = timing.phaseMilliseconds('convert') / 1000
        told({ type: 'review', summary, seconds: durationMs / 1000, convertSeconds, entry })
      }
    } else {
      const entry = invalidLogEntry(answer.problem, durationMs)
      log(entry)
      told({ type: 'bad_request', reason: 'invalid_review', entry })
    }
    return jsonResponse(answer.json, answer.status, timing)
  }
  app.all(CONVERT_PATH, convert)
  app.all(`${CONVERT_PATH}/:token`, convert)

  app.notFound(answerNotFound)
  app.onError(answerInternalError)
  return app
}

/**
 * A JSON answer with its Server-Timing. Built directly, not with `c.body`: hono turns two or more
 * headers into a `Headers` object, which @hono/node-server then has to copy back into a plain one.
 */
function jsonResponse(
  json: string,
  status: number,
  timing: ServerTiming,
  connection?: 'close'
): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'server-timing': timing.header(),
  }
  if (connection !== undefined) headers['connection'] = connection
  return new Response(json, { status, headers })
}

function buildGuard(options: AppOptions, fromBindings: Partial<WebhookSettings>): Guard {
  const settings: WebhookSettings = {
    tokens: checkPathTokens(fromBindings.tokens ?? options.tokens ?? []),
    allowUnauthenticated:
      fromBindings.allowUnauthenticated ?? options.allowUnauthenticated ?? false,
    allowedSources: fromBindings.allowedSources ?? options.allowedSources ?? [],
    maxBodyBytes: fromBindings.maxBodyBytes ?? options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxObjects: fromBindings.maxObjects ?? options.maxObjects ?? DEFAULT_REVIEW_LIMITS.maxObjects,
    maxDepth: fromBindings.maxDepth ?? options.maxDepth ?? DEFAULT_REVIEW_LIMITS.maxDepth,
    advice: LIMIT_ADVICE,
  }
  const { maxBodyBytes } = settings
  const advice = options.bodyLimitAdvice ?? BODY_LIMIT_ADVICE
  return {
    settings,
    tokens: encodeTokens(settings.tokens),
    restrictSource: sourceRestriction(settings.allowedSources, options.getConnInfo),
    tooLarge: `request body is larger than this webhook's limit of ${maxBodyBytes} bytes (${advice})`,
    closed:
      settings.tokens.length === 0 && !settings.allowUnauthenticated
        ? JSON.stringify({ error: CLOSED_WITHOUT_TOKEN })
        : undefined,
  }
}

// the same answer for an unknown path, a missing token and a wrong one: it reveals nothing
function answerNotFound(c: Context): Response {
  return c.json({ error: 'not found' }, 404)
}

function answerMethodNotAllowed(c: Context, allowed: string[]): Response {
  return c.json(
    { error: `method ${c.req.method} is not allowed here; use ${allowed.join(' or ')}` },
    405,
    {
      Allow: allowed.join(', '),
    }
  )
}

function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false
  if (contentType === 'application/json') return true // what the API server sends
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase()
  return mediaType === 'application/json'
}

// hono hands only Error instances to onError; anything else thrown would escape the app
function rethrowAsError(thrown: unknown): never {
  throw thrown instanceof Error ? thrown : new Error(`a ${typeof thrown} was thrown`)
}

function lazily<T>(build: () => T): () => T {
  let built: { value: T } | undefined
  return () => (built ??= { value: build() }).value
}
