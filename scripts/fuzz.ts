// Sends hostile request bodies to the app in process and checks every answer: never a 5xx, a
// valid ConversionReview or a 4xx JSON error, Object.prototype untouched. Prints its figures.
// Usage: npm run fuzz [-- --runs 100000 --seed 42]
import fc from 'fast-check'
import { parseArgs } from 'node:util'
import { createApp } from '../packages/webhook/src/http/index.ts'
import { exampleScheme } from '../examples/index.ts'
import { answerProblem, hostileBody, prototypeSnapshot } from '../test/support/hostile-reviews.ts'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '100000' }, seed: { type: 'string' } },
})
const runs = Number(values.runs)
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed)

const app = createApp({ allowUnauthenticated: true, scheme: exampleScheme, log: () => {} })
const statuses = new Map<string, number>()
const prototypeBefore = prototypeSnapshot()
const started = performance.now()
let bytes = 0

const result = await fc.check(
  fc.asyncProperty(hostileBody, async (body) => {
    bytes += body.length
    const response = await app.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const text = await response.text()
    const outcome =
      response.status === 200
        ? `200 ${(JSON.parse(text) as { response: { result: { status: string } } }).response.result.status}`
        : String(response.status)
    statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1)
    const problem = answerProblem(body, response.status, text)
    if (problem !== undefined) throw new Error(problem)
  }),
  { numRuns: runs, seed, endOnFailure: true }
)
const seconds = (performance.now() - started) / 1000
const prototypeTouched = prototypeSnapshot() !== prototypeBefore

console.log(`fuzz: ${result.numRuns} inputs (seed ${seed}) in ${seconds.toFixed(1)} s`)
console.log(
  `  ${(bytes / 1024 / 1024).toFixed(1)} MiB sent, ${(result.numRuns / seconds).toFixed(0)} inputs/s`
)
for (const [outcome, count] of [...statuses].sort()) console.log(`  ${outcome}: ${count}`)
console.log(`  Object.prototype: ${prototypeTouched ? 'CHANGED' : 'untouched'}`)
console.log(`  failures: ${result.failed ? 1 : 0}`)
if (result.failed || prototypeTouched) {
  console.error(fc.defaultReportMessage(result))
  process.exit(1)
}
