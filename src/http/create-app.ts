import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { reviewConversion } from '../review/index.ts'
import type { Scheme } from '../scheme/index.ts'
import { logAsJsonLine, summaryLogEntry, type ReviewLogger } from './review-log.ts'

export interface AppOptions {
  /** The resources this webhook converts. */
  readonly scheme: Scheme
  /** Largest request body accepted, in bytes (default 10 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number
  /** What a caller can do about a 413, appended to its message (each platform knows its own way out). */
  readonly bodyLimitAdvice?: string
  /** Where the one log line per review goes (default: a JSON line on stdout). */
  readonly log?: ReviewLogger
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024

/**
 * The conversion webhook as one Hono app: `POST /convert` answers ConversionReviews,
 * `GET /healthz` answers `{"status":"ok"}`. Every platform entry serves this same app.
 *
 * @example
 * ```ts
 * const app = createApp({ scheme: createScheme([cronTab]) })
 * export default app // Cloudflare Workers
 * ```
 */
export function createApp(options: AppOptions): Hono {
  const { scheme, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, log = logAsJsonLine } = options
  const tooLarge = `request body is larger than this webhook's limit of ${maxBodyBytes} bytes`
  const tooLargeMessage =
    options.bodyLimitAdvice === undefined ? tooLarge : `${tooLarge}. ${options.bodyLimitAdvice}`
  const app = new Hono()
  app.use(methodNotAllowed({ app, onMethodNotAllowed: answerMethodNotAllowed }))

  app.get('/healthz', (c) => c.json({ status: 'ok' }))

  app.post(
    '/convert',
    async function requireJson(c, next) {
      if (!isJsonMediaType(c.req.header('content-type'))) {
        return c.json(
          {
            error: `Content-Type must be application/json, got ${JSON.stringify(c.req.header('content-type') ?? '(none)')}`,
          },
          415
        )
      }
      await next()
    },
    bodyLimit({
      maxSize: maxBodyBytes,
      // the unread rest of the body is still on the connection: close it, never reuse it
      onError: (c) => c.json({ error: tooLargeMessage }, 413, { Connection: 'close' }),
    }),
    async (c) => {
      const started = performance.now()
      const body = await readJson(c)
      if (!body.ok) {
        // the parser's message quotes the body, which may hold secrets: log only the fact
        log(invalidEntry('request body is not valid JSON', started))
        return c.json({ error: body.error }, 400)
      }
      const outcome = reviewConversion(body.value, scheme)
      if (!outcome.valid) {
        log(invalidEntry(outcome.problem.message, started))
        return c.json({ error: outcome.problem.message, issues: outcome.problem.issues }, 400)
      }
      log(summaryLogEntry(outcome.summary, performance.now() - started))
      return c.json(outcome.review)
    }
  )

  app.notFound((c) => c.json({ error: `no route for ${c.req.method} ${c.req.path}` }, 404))
  app.onError((error, c) => {
    console.error(JSON.stringify({ message: 'internal error', error: String(error) }))
    return c.json({ error: 'internal error in the conversion webhook' }, 500)
  })
  return app
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
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase()
  return mediaType === 'application/json'
}

type JsonBody = { ok: true; value: unknown } | { ok: false; error: string }

async function readJson(c: Context): Promise<JsonBody> {
  const text = await c.req.text()
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, error: `request body is not valid JSON: ${reason}` }
  }
}

function invalidEntry(problem: string, started: number) {
  return {
    message: 'conversion review',
    status: 400,
    outcome: 'Invalid',
    durationMs: performance.now() - started,
    problem: problem.slice(0, 500),
  } as const
}
