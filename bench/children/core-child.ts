// Runs in its own process, one per review size: CPU time per review through the whole review
// layer beside bare JSON.parse + JSON.stringify of the same bytes. Batches of each alternate
// for a fixed time and the totals are compared, so drift on a shared machine hits both alike.
// With a side (`floor` or `review`) as fourth argument it times that side alone: a review too
// big for the young generation leaves garbage whose collection would land in the other side's
// time (core-bench.ts runs those sizes as one process per side).
import { exampleScheme } from '../../src/resources/index.ts'
import { answerReview } from '../../src/review/index.ts'
import { cronTabReviewBody } from '../crontab-review.ts'

const objects = Number(process.argv[2] ?? 1)
const seconds = Number(process.argv[3] ?? 2.5)
const side = process.argv[4]

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

function alone(run: (body: string) => string, milliseconds: number) {
  const end = performance.now() + milliseconds
  let micros = 0
  let batches = 0
  while (performance.now() < end || batches < 4) {
    micros += cpuMicros(run)
    batches++
  }
  return { micros, calls: batches * calls }
}

if (side === 'floor' || side === 'review') {
  const run = side === 'floor' ? floor : review
  alone(run, 800) // warm-up: JIT and heap sizes settle
  const measured = alone(run, seconds * 1000)
  const micros = measured.micros / measured.calls
  console.log(
    JSON.stringify({
      objects,
      bodyBytes: body.length,
      calls: measured.calls,
      floorMicros: side === 'floor' ? micros : 0,
      reviewMicros: side === 'review' ? micros : 0,
    })
  )
} else {
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
}
