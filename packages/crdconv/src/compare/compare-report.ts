import type { Problem, ProblemCode } from '@crdconv/webhook/scheme'
import { REAL_DIFFERENCES, type DifferenceKind } from './answer-differences.ts'
import type { ObjectComparison } from './compare-answers.ts'
import { countOf } from '../command-io/index.ts'

/**
 * What `compare` finds, by field path: real differences (`only-crdconv`, `only-webhook`, `value`,
 * a side that refuses), differences the API server treats as equal (`zero-value`, `quantity`,
 * `timestamp`), and each side's own state annotation (`state`).
 */
export const COMPARE_DIFFERENCE_CODES = [
  'only-crdconv',
  'only-webhook',
  'value',
  'refused-by-crdconv',
  'refused-by-webhook',
  'zero-value',
  'quantity',
  'timestamp',
  'state',
] as const satisfies readonly (DifferenceKind | `refused-by-${string}`)[]

export type CompareDifferenceCode = ProblemCode<typeof COMPARE_DIFFERENCE_CODES>

/** One kind of difference at one field path of one version pair, over every object that has it. */
export interface DifferenceGroup extends Problem<CompareDifferenceCode> {
  readonly resource: string
  readonly from: string
  readonly to: string
  /** How many objects differ so. */
  readonly count: number
  /** The first object that does, and both sides' values there. */
  readonly example: {
    readonly label: string
    readonly object: string
    readonly crdconv?: unknown
    readonly webhook?: unknown
  }
}

export interface CompareReport {
  readonly objects: number
  /** Objects both sides refused: they agree. */
  readonly bothRefused: number
  /** What fails the comparison: a field one side drops, a value that differs, a side that refuses. */
  readonly real: readonly DifferenceGroup[]
  /** The same to the API server: Go's omitted zero values, canonical quantities, timestamps in seconds. */
  readonly equalToApiServer: readonly DifferenceGroup[]
  /** Each side's own state annotation (crdconv's stash, the webhook's): shown apart, never failing. */
  readonly state: readonly DifferenceGroup[]
}

const LABELS: Record<CompareDifferenceCode, string> = {
  'only-crdconv': 'the webhook drops',
  'only-webhook': 'crdconv drops',
  value: 'values differ at',
  'refused-by-crdconv': 'crdconv refuses',
  'refused-by-webhook': 'the webhook refuses',
  'zero-value': 'zero value left out at',
  quantity: 'quantity written another way at',
  timestamp: 'timestamp cut to seconds at',
  state: 'state annotation',
}

/**
 * Groups the comparisons by resource, version pair, kind and field path (list indexes as `[*]`).
 *
 * @example
 * ```ts
 * const report = compareReport(await compareAnswers(scheme, planned, post, options))
 * if (report.real.length > 0) process.exitCode = 1
 * ```
 */
export function compareReport(results: readonly ObjectComparison[]): CompareReport {
  const groups = new Map<string, DifferenceGroup>()
  const add = (
    result: ObjectComparison,
    code: CompareDifferenceCode,
    path: string | undefined,
    values: { crdconv?: unknown; webhook?: unknown }
  ) => {
    const key = JSON.stringify([result.resource, result.from, result.to, code, path])
    const found = groups.get(key)
    if (found !== undefined) {
      groups.set(key, { ...found, count: found.count + 1 })
      return
    }
    const where = `${result.resource} ${result.from} → ${result.to}`
    const message =
      path === undefined
        ? `${where}: ${LABELS[code]} ${result.object}`
        : `${where}: ${LABELS[code]} ${path}`
    groups.set(key, {
      code,
      message,
      ...(path === undefined ? {} : { path }),
      resource: result.resource,
      from: result.from,
      to: result.to,
      count: 1,
      example: { label: result.label, object: result.object, ...values },
    })
  }
  let bothRefused = 0
  for (const result of results) {
    const { crdconvRefused, webhookRefused } = result
    if (crdconvRefused !== undefined && webhookRefused !== undefined) bothRefused += 1
    else if (crdconvRefused !== undefined)
      add(result, 'refused-by-crdconv', undefined, { crdconv: crdconvRefused })
    else if (webhookRefused !== undefined)
      add(result, 'refused-by-webhook', undefined, { webhook: webhookRefused })
    for (const difference of result.differences) {
      const path = difference.path.replace(/\[\d+\]/g, '[*]')
      add(result, difference.kind, path, {
        crdconv: difference.crdconv,
        webhook: difference.webhook,
      })
    }
  }
  const all = [...groups.values()]
  const isReal = (group: DifferenceGroup) =>
    group.code.startsWith('refused-') || REAL_DIFFERENCES.has(group.code as DifferenceKind)
  return {
    objects: results.length,
    bothRefused,
    real: all.filter(isReal),
    equalToApiServer: all.filter((group) => !isReal(group) && group.code !== 'state'),
    state: all.filter((group) => group.code === 'state'),
  }
}

/** The report as `compare` prints it: one line per group, real differences first. */
export function describeCompareReport(report: CompareReport, webhook: string): string {
  const lines = [
    `compared ${countOf(report.objects, 'object')}: crdconv's scheme beside ${webhook}`,
  ]
  const section = (title: string, groups: readonly DifferenceGroup[]) => {
    if (groups.length === 0) return
    lines.push('', title)
    for (const group of groups) {
      const values = group.code.startsWith('refused-')
        ? `: ${String(group.example.crdconv ?? group.example.webhook)}`
        : group.code === 'state'
          ? ''
          : ` (crdconv ${show(group.example.crdconv)}, webhook ${show(group.example.webhook)})`
      lines.push(
        `  ${group.message}: ${countOf(group.count, 'object')}, e.g. ${group.example.label} ${group.example.object}${values}`
      )
    }
  }
  section('REAL DIFFERENCES (exit 1)', report.real)
  section('the same to the API server (Go typed decoding; not failing)', report.equalToApiServer)
  section("each side's own state annotation (shown apart; not failing)", report.state)
  if (report.bothRefused > 0)
    lines.push('', `both sides refuse ${countOf(report.bothRefused, 'object')} alike`)
  lines.push(
    '',
    report.real.length === 0
      ? 'no real difference: crdconv answers as the webhook does'
      : countOf(report.real.length, 'real difference')
  )
  return `${lines.join('\n')}\n`
}

function show(value: unknown): string {
  if (value === undefined) return 'absent'
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
