// Runs in its own process: CPU time per request through the whole HTTP app (createApp, answered
// in-process by app.fetch), with the metrics observer and without, batches taking turns so drift
// on a shared machine hits both alike. What the metrics add on the hot path, as a ratio.
import { exampleScheme } from '../../examples/index.ts'
import { createApp } from '../../packages/webhook/src/http/index.ts'
import { createConversionMetrics } from '../../packages/webhook/src/metrics/index.ts'
import { cronTabReviewBody } from '../crontab-review.ts'
import { orderOfRound } from '../take-turns.ts'

const objects = Number(process.argv[2] ?? 1)
const seconds = Number(process.argv[3] ?? 2.5)

const body = cronTabReviewBody(objects)
const quiet = () => {}
const metrics = createConversionMetrics(exampleScheme)
const withoutMetrics = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: quiet })
const withMetrics = createApp({
  allowUnauthenticated: true,
  scheme: exampleScheme,
  log: quiet,
  observe: metrics.observe,
})
const calls = Math.max(1, Math.round(300_000 / body.length))

type Side = typeof withMetrics
async function cpuMicros(app: Side): Promise<number> {
  const start = process.cpuUsage()
  for (let call = 0; call < calls; call++) {
    const request = new Request('http://bench/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const response = await app.fetch(request)
    if (response.status !== 200) throw new Error(`the bench review answered ${response.status}`)
    await response.text()
  }
  const used = process.cpuUsage(start)
  return used.user + used.system
}

async function alternate(milliseconds: number) {
  const sides = [withoutMetrics, withMetrics]
  const end = performance.now() + milliseconds
  const micros = [0, 0]
  let rounds = 0
  while (performance.now() < end || rounds < 4) {
    for (const app of orderOfRound(sides, rounds)) {
      const index = sides.indexOf(app)
      micros[index] = (micros[index] as number) + (await cpuMicros(app))
    }
    rounds++
  }
  return micros.map((total) => total / (rounds * calls))
}

await alternate(800) // warm-up: JIT and heap sizes settle
const [without = 0, withObserver = 0] = await alternate(seconds * 1000)
if (!metrics.prometheusText().includes('outcome="Success"} ')) throw new Error('nothing counted')
console.log(
  JSON.stringify({ objects, withoutMetricsMicros: without, withMetricsMicros: withObserver })
)
