// Runs in its own process: per-invocation CPU time of crdconv's Lambda bundle, the bare
// hono/aws-lambda bundle and the floor's (argv: the three files), each loaded once, invoked with
// the same Function URL event in rotating batches. Reports one JSON line per review size over IPC.
import { cronTabReviewBody } from '../crontab-review.ts'
import { reviewFunctionUrlEvent } from '../review-event.ts'
import { orderOfRound } from '../take-turns.ts'

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode?: number }>

const [crdconvFile, bareFile, floorFile, sizes, rounds] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
]
const load = async (file: string) => ((await import(file)) as { handler: Handler }).handler
const handlers = {
  bare: await load(bareFile),
  crdconv: await load(crdconvFile),
  floor: await load(floorFile),
}
type Name = keyof typeof handlers
const names = Object.keys(handlers) as Name[]
const context = {
  functionName: 'crdconv-bench',
  awsRequestId: 'bench',
  getRemainingTimeInMillis: () => 30_000,
}

for (const objects of sizes.split(',').map(Number)) {
  const body = cronTabReviewBody(objects)
  const event = reviewFunctionUrlEvent(body)
  // batches of about 10 ms for small reviews, one call for large ones
  const calls = Math.max(1, Math.round(1_500_000 / body.length))
  const batch = async (handler: Handler) => {
    const start = process.cpuUsage()
    for (let call = 0; call < calls; call++) {
      const result = await handler(event, context)
      if (result.statusCode !== 200)
        throw new Error(`the bench review answered ${result.statusCode}`)
    }
    const used = process.cpuUsage(start)
    return (used.user + used.system) / calls
  }
  for (let warm = 0; warm < 20; warm++)
    for (const handler of Object.values(handlers)) await batch(handler)
  const perReview: Record<Name, number[]> = { bare: [], crdconv: [], floor: [] }
  for (let round = 0; round < Number(rounds); round++) {
    for (const name of orderOfRound(names, round)) perReview[name].push(await batch(handlers[name]))
  }
  process.send?.({ objects, ...perReview })
}
process.disconnect?.()
