// `npm run bench:migrate`: the storage-migration bench alone (KUBEBUILDER_ASSETS); prints its
// table and writes its figures under `migrate` in bench/results.json, with their own date and
// commit, leaving the other figures there as they are.
import { execFileSync } from 'node:child_process'
import { readResults, repoRoot, writeResults } from './bench-support.ts'
import { benchMigrate, printMigrate } from './migrate-bench.ts'

const started = Date.now()
const figures = await benchMigrate()
printMigrate(figures)
if ('skipped' in figures) process.exit(1)
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' })
await writeResults({
  ...readResults(),
  migrate: { ...figures, date: new Date().toISOString(), commit: commit.trim() },
})
console.log(
  `\nwritten: bench/results.json, key "migrate" (${Math.round((Date.now() - started) / 1000)} s)`
)
