// The bodies that cost most per byte, each sent once per platform (the Node server over HTTP, the
// Lambda handler in process, the Worker in workerd) beside JSON.parse of the same bytes in this
// process: every input must cost in proportion to its size (DESIGN.md, bad input).
import { randomBytes } from 'node:crypto'
import { exampleScheme } from '../examples/index.ts'
import { lambdaHandler } from '../packages/webhook/src/platform/lambda/index.ts'
import { nodeServer } from '../packages/webhook/src/platform/node/index.ts'
import { median, round } from './bench-support.ts'
import { cronTabReviewBody } from './crontab-review.ts'
import { startWorker } from './http-bench.ts'
import { reviewFunctionUrlEvent } from './review-event.ts'

/** Under every platform's body limit (Lambda's 5 MiB is the lowest). */
const BODY_BYTES = 4 * 1024 * 1024
const RUNS = 3

export interface WorstCaseLine {
  readonly body: string
  readonly bytes: number
  /** The statuses the platforms answered, `200` when all agree (0: the connection was dropped). */
  readonly status: string
  readonly parseMs: number
  readonly nodeMs: number
  readonly lambdaMs: number
  readonly workerMs: number
  /** Each platform's time over JSON.parse of the same bytes. */
  readonly nodeRatio: number
  readonly lambdaRatio: number
  readonly workerRatio: number
}

const fill = (piece: string, room: number) =>
  piece.repeat(Math.max(1, Math.floor(room / piece.length)))

/** A one-CronTab review with `spec.costly` set to the text `valueOf(room)` gives, about `BODY_BYTES` long. */
function withCostly(valueOf: (room: number) => string): string {
  const review = cronTabReviewBody(1)
  const room = BODY_BYTES - review.length - 32
  return review.replace('"spec":{', `"spec":{"costly":${valueOf(room)},`)
}

/** Each costly shape by name: what a client could send to make a byte cost the most. */
export const WORST_CASE_BODIES: Readonly<Record<string, () => string>> = {
  'one integer literal (refused past 21 digits)': () => withCostly((room) => fill('9', room)),
  'a digit string (the own parser reads it)': () =>
    withCostly((room) => `"${fill('1', room - 2)}"`),
  'a fraction of millions of digits': () => withCostly((room) => `1.${fill('3', room - 2)}`),
  'an exponent of millions of digits': () => withCostly((room) => `1e${fill('7', room - 2)}`),
  'one long string': () => withCostly((room) => `"${fill('x', room - 2)}"`),
  'one long key': () => withCostly((room) => `{"${fill('k', room - 6)}":1}`),
  'escapes only': () => withCostly((room) => `"${fill('\\n', room - 2)}"`),
  'a wide object': () =>
    withCostly((room) => {
      const keys = Math.floor(room / 12)
      return `{${Array.from({ length: keys }, (_, index) => `"k${index}":1`).join(',')}}`
    }),
  'a wide array with a 16-digit number (the own parser)': () =>
    withCostly((room) => `[1111111111111111,${fill('1,', room - 20)}1]`),
  'nesting as deep as the body allows (refused past the depth limit)': () =>
    withCostly((room) => `${fill('[', room / 2)}${fill(']', room / 2)}`),
}

function timed<T>(run: () => T): { ms: number; value: T } {
  const started = performance.now()
  const value = run()
  return { ms: performance.now() - started, value }
}

async function timedAsync<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await run()
  return { ms: performance.now() - started, value }
}

/**
 * Each worst-case body through each platform, median of three wall times, beside the median of
 * three `JSON.parse` of the same bytes. The platforms serve with a path token, as deployed.
 */
export async function benchWorstCase(workerScript: string): Promise<WorstCaseLine[]> {
  const token = randomBytes(32).toString('hex')
  const node = await nodeServer(exampleScheme, { port: 0, tokens: [token], log: () => {} })
  const previousToken = process.env['CONVERT_TOKEN']
  process.env['CONVERT_TOKEN'] = token
  const lambda = lambdaHandler(exampleScheme)
  if (previousToken === undefined) delete process.env['CONVERT_TOKEN']
  else process.env['CONVERT_TOKEN'] = previousToken
  const worker = await startWorker(workerScript, [], { CONVERT_TOKEN: token })
  // a platform that drops the connection (workerd past its memory) scores as status 0
  const post = async (origin: string, body: string) => {
    try {
      const response = await fetch(`${origin}/convert/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      await response.arrayBuffer()
      return response.status
    } catch {
      return 0
    }
  }
  const silenced = console.log
  try {
    const lines: WorstCaseLine[] = []
    for (const [name, make] of Object.entries(WORST_CASE_BODIES)) {
      const body = make()
      const event = { ...reviewFunctionUrlEvent(body), rawPath: `/convert/${token}` }
      const parse: number[] = []
      const runs = { node: [] as number[], lambda: [] as number[], worker: [] as number[] }
      const statuses = new Set<number>()
      for (let run = 0; run < RUNS; run++) {
        parse.push(
          timed(() => {
            try {
              JSON.parse(body)
            } catch {
              // a body too deep for V8 costs its parse all the same
            }
          }).ms
        )
        const onNode = await timedAsync(() => post(node.url, body))
        console.log = () => {} // the Lambda handler's log line
        const onLambda = await timedAsync(
          () => lambda(event as never) as Promise<{ statusCode: number }>
        )
        console.log = silenced
        const onWorker = await timedAsync(() => post(worker.url, body))
        runs.node.push(onNode.ms)
        runs.lambda.push(onLambda.ms)
        runs.worker.push(onWorker.ms)
        statuses.add(onNode.value).add(onLambda.value.statusCode).add(onWorker.value)
      }
      if (statuses.size !== 1) {
        process.stderr.write(
          `the platforms answered "${name}" differently: ${[...statuses].join(', ')}\n`
        )
      }
      const parseMs = median(parse)
      const line = (ms: number[]) => round(median(ms), 1)
      lines.push({
        body: name,
        bytes: body.length,
        status: [...statuses].join(', '),
        parseMs: round(parseMs, 1),
        nodeMs: line(runs.node),
        lambdaMs: line(runs.lambda),
        workerMs: line(runs.worker),
        nodeRatio: round(median(runs.node) / parseMs, 1),
        lambdaRatio: round(median(runs.lambda) / parseMs, 1),
        workerRatio: round(median(runs.worker) / parseMs, 1),
      })
    }
    return lines
  } finally {
    console.log = silenced
    await node.close()
    await worker.stop()
  }
}
