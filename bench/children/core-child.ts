// Runs in its own process, one per review size: CPU time per review through the whole review
// layer beside bare JSON.parse + JSON.stringify of the same bytes. Batches of each alternate
// for a fixed time and the totals are compared, so drift on a shared machine hits both alike.
// With a side (`floor` or `review`) as fourth argument it times that side alone: a review too
// big for the young generation leaves garbage whose collection would land in the other side's
// time (core-bench.ts runs those sizes as one process per side).
import { exampleScheme } from '../../examples/index.ts'
import { answerReview } from '../../packages/webhook/src/review/index.ts'
import { cronTabReviewBody } from '../crontab-review.ts'
import { orderOfRound } from '../take-turns.ts'

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

type Side = (body: string) => string

/** CPU µs per call of each side, batches taking turns to go first, for `milliseconds`. */
function alternate(sides: readonly Side[], milliseconds: number) {
  const end = performance.now() + milliseconds
  const micros = sides.map(() => 0)
  let rounds = 0
  while (performance.now() < end || rounds < 4) {
    for (const run of orderOfRound(sides, rounds)) {
      const index = sides.indexOf(run)
      micros[index] = (micros[index] as number) + cpuMicros(run)
    }
    rounds++
  }
  return { perCall: micros.map((total) => total / (rounds * calls)), calls: rounds * calls }
}

const sides = side === 'floor' ? [floor] : side === 'review' ? [review] : [floor, review]
alternate(sides, 800) // warm-up: JIT and heap sizes settle
const measured = alternate(sides, seconds * 1000)
const perCall = (run: Side) => measured.perCall[sides.indexOf(run)] ?? 0
console.log(
  JSON.stringify({
    objects,
    bodyBytes: body.length,
    calls: measured.calls,
    floorMicros: perCall(floor),
    reviewMicros: perCall(review),
  })
)
