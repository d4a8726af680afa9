// The generated region `problem-codes` of docs/operations.md: every problem code crdconv gives, by
// the domain whose `as const` table holds it, read from those tables.
import { USAGE_ERROR_CODES } from '../packages/crdconv/src/command-io/index.ts'
import { CLUSTER_ERROR_CODES } from '../packages/crdconv/src/cluster-client/index.ts'
import { IMPORT_PROBLEM_CODES } from '../packages/crdconv/src/import/index.ts'
import {
  MIGRATION_PREFLIGHT_CODES,
  REWRITE_FAILURE_CODES,
  STATUS_PROBLEM_CODES,
} from '../packages/crdconv/src/lifecycle/index.ts'
import { CHECK_ITEM_CODES } from '../packages/crdconv/src/crd/index.ts'
import { COMPARE_DIFFERENCE_CODES } from '../packages/crdconv/src/compare/index.ts'
import { ANSWER_RULE_CODES } from '../packages/webhook/src/review/index.ts'
import {
  CONVERSION_FAILURE_CODES,
  SCHEME_PROBLEM_CODES,
} from '../packages/webhook/src/scheme/index.ts'
import {
  COVERAGE_FINDING_CODES,
  ROUND_TRIP_FAILURE_CODES,
} from '../packages/crdconv/src/testing/index.ts'

type Table = (header: readonly string[], rows: readonly (readonly string[])[]) => string

/** One domain's codes: what carries them, where a user meets them, and the table itself. */
export interface ProblemDomain {
  readonly carrier: string
  readonly shown: string
  readonly codes: readonly string[]
}

/** Every table of problem codes, in the order a CRD's life meets them. */
export const PROBLEM_DOMAINS: readonly ProblemDomain[] = [
  {
    carrier: '`SchemeError`, its `issues` (`SCHEME_PROBLEM_CODES`)',
    shown:
      '`defineResource`, `fieldMoves`, `createScheme`: thrown when the module loads (the converter graph, field moves); `checkDefinitions`: thrown by every `crdconv` command, the CRD generator and the round-trip kit (what only the CRD needs), so `npm test`, `crdconv check` and the deploy stop',
    codes: SCHEME_PROBLEM_CODES,
  },
  {
    carrier: '`ImportProblem` (`IMPORT_PROBLEM_CODES`)',
    shown: '`crdconv import`, exit 1 or 2, one line per problem: document, JSON path, message',
    codes: IMPORT_PROBLEM_CODES,
  },
  {
    carrier: '`ConversionFailure`, `ConversionProblem` (`CONVERSION_FAILURE_CODES`)',
    shown:
      "the webhook's `response.result.message` (the code stays in the data), `convert`, `check`, the test kit",
    codes: CONVERSION_FAILURE_CODES,
  },
  {
    carrier: '`AnswerRule`, `AnswerViolation` (`ANSWER_RULE_CODES`)',
    shown: 'inside `answer-refused`; `crdconv probe` for a deployed webhook',
    codes: ANSWER_RULE_CODES,
  },
  {
    carrier: '`RoundTripFailure` (`ROUND_TRIP_FAILURE_CODES`)',
    shown: '`npm test` (`expectLosslessRoundTrips`), `crdconv check`: the failed check in full',
    codes: ROUND_TRIP_FAILURE_CODES,
  },
  {
    carrier: '`CoverageFinding` (`COVERAGE_FINDING_CODES`)',
    shown: '`crdconv coverage` and `crdconv check`: `FAIL` and `warning:` lines',
    codes: COVERAGE_FINDING_CODES,
  },
  {
    carrier: '`CheckItem` (`CHECK_ITEM_CODES`)',
    shown: '`crdconv check`: the check a FAIL line and its problems belong to',
    codes: CHECK_ITEM_CODES,
  },
  {
    carrier: '`DifferenceGroup` (`COMPARE_DIFFERENCE_CODES`)',
    shown:
      '`crdconv compare`: real differences (exit 1), differences the API server reads as equal, state annotations',
    codes: COMPARE_DIFFERENCE_CODES,
  },
  {
    carrier: '`ClusterError` (`CLUSTER_ERROR_CODES`)',
    shown: 'every command that talks to a cluster, exit 2',
    codes: CLUSTER_ERROR_CODES,
  },
  {
    carrier: '`ClusterError`, `MigrationBlock` (`MIGRATION_PREFLIGHT_CODES`)',
    shown: '`crdconv migrate`: exit 2, or `not migrated:` and exit 1; nothing is written',
    codes: MIGRATION_PREFLIGHT_CODES,
  },
  {
    carrier: '`RewriteFailure` (`REWRITE_FAILURE_CODES`)',
    shown:
      "`crdconv migrate`: each object left at its old version, with the API server's message; or the list stopped part-way",
    codes: REWRITE_FAILURE_CODES,
  },
  {
    carrier: '`StatusProblem` (`STATUS_PROBLEM_CODES`)',
    shown: '`crdconv status`, under problems, each with its fix',
    codes: STATUS_PROBLEM_CODES,
  },
  {
    carrier: '`UsageError` (`USAGE_ERROR_CODES`)',
    shown:
      "any command, exit 2, one line on stderr; a cluster's refusal keeps its `ClusterError` code",
    codes: USAGE_ERROR_CODES,
  },
]

export function renderProblemCodes(markdownTable: Table): Record<string, string> {
  return {
    'problem-codes': markdownTable(
      ['problem', 'where it shows', 'codes'],
      PROBLEM_DOMAINS.map((domain) => [
        domain.carrier,
        domain.shown,
        domain.codes.map((code) => `\`${code}\``).join(', '),
      ])
    ),
  }
}
