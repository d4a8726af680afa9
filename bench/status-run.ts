// `npm run bench:status`: `crdconv status`'s predictions beside the measured figures alone, on
// each release whose binaries are here; prints its tables and writes its figures under
// `statusPrediction` in bench/results.json, with their own date and commit, leaving the other
// figures there as they are.
import { execFileSync } from 'node:child_process'
import { readResults, repoRoot, writeResults } from './bench-support.ts'
import { benchStatusPrediction, printStatusPrediction } from './status-prediction-bench.ts'

const started = Date.now()
const figures = await benchStatusPrediction()
printStatusPrediction(figures)
if ('skipped' in figures) process.exit(1)
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' })
await writeResults({
  ...readResults(),
  statusPrediction: { ...figures, date: new Date().toISOString(), commit: commit.trim() },
})
console.log(
  `\nwritten: bench/results.json, key "statusPrediction" (${Math.round((Date.now() - started) / 1000)} s)`
)
