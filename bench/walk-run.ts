// `npm run bench:walk`: gathers the time of each step of the walk from an empty folder to each
// deploy's dry run, which test/node/package/scaffold-walk.test.ts records on every Node it runs on
// (npm test on Node 20, .ci/run's reruns on 22 and 24), prints them as a table, and writes them
// under `walk` in bench/results.json with their own date and commit, leaving the rest as it is.
// It runs nothing itself: the walk's steps are the test's.
import { execFileSync } from 'node:child_process'
import { readWalkTimes, WALK_TIMES_DIR } from '../test/support/scaffold-walk-times.ts'
import { readResults, repoRoot, writeResults } from './bench-support.ts'

const walks = readWalkTimes()
const nodes = Object.keys(walks)
if (nodes.length === 0) {
  console.error(
    `no walk times in ${WALK_TIMES_DIR}: run npx vitest run --project package test/node/package/scaffold-walk.test.ts first`
  )
  process.exit(1)
}

const steps = [...new Set(nodes.flatMap((node) => walks[node]!.steps.map(({ step }) => step)))]
const cell = (node: string, step: string) => {
  const time = walks[node]!.steps.find((entry) => entry.step === step)
  if (time === undefined) return '-'
  return 'seconds' in time ? `${time.seconds} s` : 'skipped'
}
console.log(
  `\nThe walk from an empty folder, per step (${nodes.map((node) => walks[node]!.node).join(', ')})`
)
console.log(['step', ...nodes].join(' | '))
for (const step of steps) console.log([step, ...nodes.map((node) => cell(node, step))].join(' | '))

const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' })
await writeResults({
  ...readResults(),
  walk: { ...walks, date: new Date().toISOString(), commit: commit.trim() },
})
console.log('\nwritten: bench/results.json, key "walk"')
