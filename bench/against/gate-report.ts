// The comparison as a report in the shape of vitest's JSON reporter, so that .ci/run counts each
// figure in its "N passed, N failed" line beside the tests: a regression is a failed test.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { repoRoot } from '../bench-support.ts'
import type { Target } from '../targets.ts'
import type { FigureVerdict } from './paired-figures.ts'

export function writeGateReport(
  file: string,
  verdicts: readonly FigureVerdict[],
  targets: readonly Target[],
  seconds: number
): void {
  const assertionResults = verdicts.map((verdict) => ({
    title: `${verdict.name}: no slower than the commit measured against`,
    status: verdict.verdict === 'regression' ? 'failed' : 'passed',
    failureMessages:
      verdict.verdict === 'regression'
        ? [
            `${verdict.ratio.toFixed(2)}× the old figure, over the ${(1 + verdict.allowance).toFixed(2)}× this run's A/A pair allows`,
          ]
        : [],
  }))
  const failed = assertionResults.filter((result) => result.status === 'failed').length
  const report = {
    numPassedTests: assertionResults.length - failed,
    numFailedTests: failed,
    testResults: [
      {
        name: join(repoRoot, 'bench/against/run-against.ts'),
        status: failed > 0 ? 'failed' : 'passed',
        assertionResults,
        // reported, not counted: a MISS predates the change more often than not
        misses: targets.filter((target) => !target.pass),
        seconds,
      },
    ],
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
}
