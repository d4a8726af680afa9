import type { FieldMove, FieldMovesOptions } from './field-moves.ts'
import {
  dropStep,
  fillStep,
  joinStep,
  renameStep,
  splitStep,
  type ConvertFunction,
  type MovePlan,
  type MoveStep,
  type Parts,
  type ValueMap,
} from './move-steps.ts'
import type { VersionMap } from './resource.ts'
import { schemaField } from './schema-fields.ts'

type Options = FieldMovesOptions<VersionMap, string>
type Side = 'from' | 'to'

/** The fields a declared move reads in the source version and writes in the target version. */
interface Touched {
  readonly side: Side
  readonly path: unknown
}

const FRAMEWORK_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

function describeMove(move: FieldMove): string {
  switch (move.kind) {
    case 'renamed':
      return move.from === move.to ? `mapped ${move.from}` : `renamed ${move.from} → ${move.to}`
    case 'split':
      return `split ${move.from}`
    case 'joined':
      return `joined into ${move.to}`
    default:
      return `${move.kind} ${move.path}`
  }
}

function touched(move: FieldMove): Touched[] {
  switch (move.kind) {
    case 'renamed':
      return [
        { side: 'from', path: move.from },
        { side: 'to', path: move.to },
      ]
    case 'split':
      return [
        { side: 'from', path: move.from },
        ...Object.values(move.parts ?? {}).map((path) => ({ side: 'to' as const, path })),
      ]
    case 'joined':
      return [
        ...Object.values(move.parts ?? {}).map((path) => ({ side: 'from' as const, path })),
        { side: 'to', path: move.to },
      ]
    case 'added':
      return [{ side: 'to', path: move.path }]
    case 'removed':
      return [{ side: 'from', path: move.path }]
  }
}

/**
 * What is wrong with a declaration, each naming the move and the field: paths no schema has, a
 * field moved twice, missing functions, and a move the way back cannot undo.
 */
export function moveProblems(
  versions: VersionMap,
  from: string,
  to: string,
  moves: readonly FieldMove[],
  options: Options
): string[] {
  const declared = Object.keys(versions).join(', ')
  const unknown = [from, to].filter((version) => !Object.hasOwn(versions, version))
  if (unknown.length > 0)
    return [`${unknown.join(' and ')} is not a version (declared: ${declared})`]
  if (from === to) return [`a version cannot move fields to itself`]
  const problems: string[] = []
  const seen: Record<Side, Map<string, string>> = { from: new Map(), to: new Map() }
  for (const move of moves) {
    if (!KINDS.has(move?.kind)) {
      problems.push(
        `${JSON.stringify(move?.kind)} is not a move (renamed, mapped, split, joined, added, removed)`
      )
      continue
    }
    const label = describeMove(move)
    for (const { side, path } of touched(move)) {
      const version = side === 'from' ? from : to
      const problem = pathProblem(versions, version, path)
      if (problem !== undefined) {
        problems.push(`${label}: ${problem}`)
        continue
      }
      const clash = overlapping(seen[side], path as string)
      if (clash !== undefined) {
        problems.push(
          `${label}: ${path as string} in ${version} is also moved by ${clash}; a field moves once`
        )
      }
      seen[side].set(path as string, label)
    }
    problems.push(...functionProblems(move, label))
    if (options.oneWay !== true && move.kind === 'renamed' && move.values !== undefined) {
      const back = move.back ?? invertMapping(move.values)
      if (typeof back === 'string') {
        problems.push(
          `${label}: ${back}, so the way back ${to} → ${from} is not derived: give \`back\`, or pass \`oneWay: true\` and write the converter ${to} → ${from} by hand`
        )
      }
    }
  }
  if (options.then !== undefined && options.thenBack === undefined && options.oneWay !== true) {
    problems.push(
      `\`then\` has no \`thenBack\` to undo it, so the way back ${to} → ${from} is not derived: give \`thenBack\`, or pass \`oneWay: true\` and write the converter ${to} → ${from} by hand`
    )
  }
  return problems
}

const KINDS = new Set<unknown>(['renamed', 'split', 'joined', 'added', 'removed'])

function pathProblem(versions: VersionMap, version: string, path: unknown): string | undefined {
  if (typeof path !== 'string' || path === '' || path.split('.').includes('')) {
    return `${JSON.stringify(path)} is not a dotted field path like spec.hostPort`
  }
  const top = path.split('.')[0] as string
  if (FRAMEWORK_FIELDS.has(top)) {
    return `${path}: apiVersion, kind and metadata are the framework's; labels and annotations move in a \`then\``
  }
  const schema = versions[version]?.schema
  if (schema === undefined || schemaField(schema, path) === undefined) {
    return `${path} is not a field of ${version}'s schema; name a field the schema declares`
  }
  return undefined
}

function overlapping(seen: ReadonlyMap<string, string>, path: string): string | undefined {
  for (const [other, label] of seen) {
    if (other === path || other.startsWith(`${path}.`) || path.startsWith(`${other}.`)) return label
  }
  return undefined
}

function functionProblems(move: FieldMove, label: string): string[] {
  if (move.kind !== 'split' && move.kind !== 'joined') return []
  const problems: string[] = []
  if (Object.keys(move.parts ?? {}).length === 0) problems.push(`${label}: name at least one part`)
  for (const name of ['split', 'join'] as const) {
    if (typeof move[name] !== 'function') {
      problems.push(
        `${label}: needs a \`${name}\` function, or neither the way back nor the check that a value comes back whole can be derived; give one, or write both converters by hand`
      )
    }
  }
  return problems
}

/** The mapping turned around, or why it cannot be (two values become one, or a value is not text). */
function invertMapping(values: ValueMap): ValueMap | string {
  const inverse: Record<string, unknown> = {}
  for (const [value, mapped] of Object.entries(values)) {
    if (typeof mapped !== 'string') return `${JSON.stringify(mapped)} is not text`
    if (Object.hasOwn(inverse, mapped)) {
      return `${JSON.stringify(inverse[mapped])} and ${JSON.stringify(value)} both become ${JSON.stringify(mapped)}`
    }
    inverse[mapped] = value
  }
  return inverse
}

/** The steps of both directions of a checked declaration. */
export function movePlans(
  versions: VersionMap,
  to: string,
  moves: readonly FieldMove[],
  options: Options
): { forward: MovePlan; back: MovePlan } {
  const forward: MoveStep[] = []
  const back: MoveStep[] = []
  for (const move of moves) {
    const [there, home] = stepsOf(move, versions, to)
    forward.push(there)
    back.push(home)
  }
  return {
    forward: withHook({ steps: forward }, 'after', options.then as ConvertFunction | undefined),
    back: withHook({ steps: back }, 'before', options.thenBack as ConvertFunction | undefined),
  }
}

function withHook(plan: MovePlan, hook: 'before' | 'after', run: ConvertFunction | undefined) {
  return run === undefined ? plan : { ...plan, [hook]: run }
}

function stepsOf(move: FieldMove, versions: VersionMap, to: string): [MoveStep, MoveStep] {
  switch (move.kind) {
    case 'renamed': {
      const back = move.values === undefined ? undefined : (move.back ?? invertMapping(move.values))
      const backMap = typeof back === 'string' ? undefined : back
      return [
        renameStep(move.from, move.to, move.values, backMap),
        renameStep(move.to, move.from, backMap, move.values),
      ]
    }
    case 'split': {
      const parts: Parts = Object.entries(move.parts)
      const { split, join } = move as unknown as UntypedFunctions
      return [splitStep(move.from, parts, split, join), joinStep(parts, move.from, join, split)]
    }
    case 'joined': {
      const parts: Parts = Object.entries(move.parts)
      const { split, join } = move as unknown as UntypedFunctions
      return [joinStep(parts, move.to, join, split), splitStep(move.to, parts, split, join)]
    }
    case 'added': {
      const schema = versions[to]?.schema
      const value =
        'value' in move ? move.value : schema && schemaField(schema, move.path)?.defaultValue
      return [fillStep(move.path, value), dropStep(move.path, value)]
    }
    case 'removed':
      return [dropStep(move.path, undefined), fillStep(move.path, undefined)]
  }
}

interface UntypedFunctions {
  readonly split: (value: unknown) => unknown
  readonly join: (parts: Record<string, unknown>) => unknown
}
