// Runs in its own process, one per review size: CPU time per review through the whole review
// layer beside bare JSON.parse + JSON.stringify of the same bytes. Batches of each alternate
// for a fixed time and the totals are compared, so the garbage collections that a large review
// triggers are counted where they fall, as a long-running server pays them.
import { exampleScheme } from '../../src/resources/index.ts'
import { answerReview } from '../../src/review/index.ts'
import { cronTabReviewBody } from '../crontab-review.ts'

const objects = Number(process.argv[2] ?? 1)
const seconds = Number(process.argv[3] ?? 2.5)

function floor(body: string): string {
  return JSON.stringify(JSON.parse(body))
}

// the webhook's own call: parse, envelope, limits, convert, answer check, serialize
function review(body: string): string {
  const answer = answerReview(body, exampleScheme)
  if (answer.status !== 200 || answer.summary.outcome !== 'Success') {
    throw new Error('the bench review did not convert')
  }
  return answer.json
}

const body = cronTabReviewBody(objects)
// batches of about 10 ms for small reviews, one call for large ones
const calls = Math.max(1, Math.round(1_500_000 / body.length))

function cpuMicros(run: (body: string) => string): number {
  const start = process.cpuUsage()
  for (let call = 0; call < calls; call++) run(body)
  const used = process.cpuUsage(start)
  return used.user + used.system
}

function alternate(milliseconds: number) {
  const end = performance.now() + milliseconds
  let floorMicros = 0
  let reviewMicros = 0
  let rounds = 0
  while (performance.now() < end || rounds < 4) {
    // alternate which goes first, so drift on a shared machine hits both alike
    if (rounds % 2 === 0) {
      floorMicros += cpuMicros(floor)
      reviewMicros += cpuMicros(review)
    } else {
      reviewMicros += cpuMicros(review)
      floorMicros += cpuMicros(floor)
    }
    rounds++
  }
  return { floorMicros, reviewMicros, calls: rounds * calls }
}

alternate(800) // warm-up: JIT and heap sizes settle
const measured = alternate(seconds * 1000)
console.log(
  JSON.stringify({
    objects,
    bodyBytes: body.length,
    calls: measured.calls,
    floorMicros: measured.floorMicros / measured.calls,
    reviewMicros: measured.reviewMicros / measured.calls,
  })
)
