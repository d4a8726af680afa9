// Runs in its own `node --expose-gc --max-old-space-size=N` process: reads one review body from
// a file, converts it the way the HTTP app does (parse, review, serialize) and reports the heap
// that is live while the body, the parsed request, the answer and its text are all held.
import { readFileSync } from 'node:fs'
import { exampleScheme } from '../../examples/index.ts'
import { reviewConversion } from '../../packages/webhook/src/review/index.ts'

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {})
const body = readFileSync(process.argv[2] as string, 'utf8')
collect()
const before = process.memoryUsage().heapUsed
const parsed: unknown = JSON.parse(body)
const outcome = reviewConversion(parsed, exampleScheme)
const text = outcome.valid ? JSON.stringify(outcome.review) : ''
collect()
const held = process.memoryUsage().heapUsed
const converted = outcome.valid && outcome.review.response.result.status === 'Success'
console.log(
  JSON.stringify({
    converted,
    bodyBytes: body.length,
    answerBytes: text.length,
    heapBeforeBytes: before,
    heapHeldBytes: held,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    // read after the measurement, so the parsed request stays alive through it
    parsedObjects: (parsed as { request?: { objects?: unknown[] } }).request?.objects?.length,
  })
)
