// Runs in its own process: per-invocation CPU time of crdconv's Lambda bundle and the bare
// hono/aws-lambda bundle (argv: the two files), both loaded once, invoked with the same Function
// URL event in alternating batches. Reports one JSON line per review size over IPC.
import { functionUrlEvent } from '../../src/lambda-local/index.ts'
import { cronTabReviewBody } from '../crontab-review.ts'

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode?: number }>

const [crdconvFile, bareFile, sizes, rounds] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
]
const load = async (file: string) => ((await import(file)) as { handler: Handler }).handler
const handlers = { bare: await load(bareFile), crdconv: await load(crdconvFile) }
const context = {
  functionName: 'crdconv-bench',
  awsRequestId: 'bench',
  getRemainingTimeInMillis: () => 30_000,
}

for (const objects of sizes.split(',').map(Number)) {
  const body = cronTabReviewBody(objects)
  const event = functionUrlEvent({
    method: 'POST',
    url: '/convert?timeout=30s',
    headers: {
      'content-type': ['application/json'],
      // the API server sends it, and a Function URL passes it on
      'content-length': [String(Buffer.byteLength(body))],
      accept: ['application/json, */*'],
      'user-agent': ['kube-apiserver-admission'],
    },
    body: Buffer.from(body),
    sourceIp: '10.0.0.1',
    domainName: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws',
  })
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
  const perReview = { bare: [] as number[], crdconv: [] as number[] }
  for (let round = 0; round < Number(rounds); round++) {
    // alternate which goes first, so drift on a shared machine hits both alike
    const order = round % 2 === 0 ? (['bare', 'crdconv'] as const) : (['crdconv', 'bare'] as const)
    for (const name of order) perReview[name].push(await batch(handlers[name]))
  }
  process.send?.({ objects, ...perReview })
}
process.disconnect?.()
