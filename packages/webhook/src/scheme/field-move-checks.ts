import type { $ZodType } from 'zod/v4/core'
import type { ErasedMoveOptions, FieldMove } from './field-move.ts'
import { qualifiedNameProblem } from './kubernetes-validation.ts'
import type { ValueMap } from './move-steps.ts'
import type { VersionMap } from './resource.ts'
import { schemeProblem as issue, type SchemeProblem } from './scheme-problem.ts'
import { listItemSchema, schemaField } from './schema-fields.ts'

type Side = 'from' | 'to'

/** One side of a declaration: where its paths start (`v1`'s schema, or an item of a v1 list). */
interface Scope {
  readonly where: string
  readonly schema: $ZodType | undefined
  /** Whether paths start at the object itself, where `apiVersion`, `kind` and `metadata` are. */
  readonly top: boolean
}

interface Touched {
  readonly side: Side
  readonly path: unknown
}

const KINDS = new Set<unknown>(['renamed', 'split', 'joined', 'added', 'removed', 'each'])
const FRAMEWORK_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

/**
 * What is wrong with a declaration, each naming the move and the field: paths no schema has, a
 * field moved twice, missing functions, and a move the way back cannot undo.
 */
export function moveProblems(
  versions: VersionMap,
  from: string,
  to: string,
  moves: readonly FieldMove[],
  options: ErasedMoveOptions
): SchemeProblem[] {
  const declared = Object.keys(versions).join(', ')
  const unknown = [from, to].filter((version) => !Object.hasOwn(versions, version))
  if (unknown.length > 0) {
    const message = `${unknown.join(' and ')} is not a version (declared: ${declared})`
    return [issue('move-version-unknown', message)]
  }
  if (from === to) return [issue('converter-to-itself', `a version cannot move fields to itself`)]
  if (!Array.isArray(moves)) {
    return [issue('move-list-missing', `the declaration returned no list of moves`)]
  }
  const oneWay = options.oneWay === true
  const reverseBlocked = (what: string, give: string) =>
    `${what}, so the way back ${to} → ${from} is not derived: give ${give}, or pass \`oneWay: true\` and write the converter ${to} → ${from} by hand`
  const problems = declarationProblems(
    {
      from: { where: `${from}'s schema`, schema: versions[from]?.schema, top: true },
      to: { where: `${to}'s schema`, schema: versions[to]?.schema, top: true },
    },
    moves,
    '',
    (label, why) =>
      oneWay
        ? undefined
        : issue('way-back-not-derived', `${label}: ${reverseBlocked(why, '`back`')}`)
  )
  if (options.then !== undefined && options.thenBack === undefined && !oneWay) {
    const message = reverseBlocked('`then` has no `thenBack` to undo it', '`thenBack`')
    problems.push(issue('way-back-not-derived', message))
  }
  return problems
}

function declarationProblems(
  scopes: Record<Side, Scope>,
  moves: readonly FieldMove[],
  prefix: string,
  blocked: (label: string, why: string) => SchemeProblem | undefined
): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  const seen: Record<Side, Map<string, string>> = { from: new Map(), to: new Map() }
  const annotations = new Map<string, { holds: string; label: string }>()
  for (const move of moves) {
    if (!KINDS.has(move?.kind)) {
      const message = `${prefix}${JSON.stringify(move?.kind)} is not a move (renamed, mapped, split, joined, added, removed, each)`
      problems.push(issue('move-kind-unknown', message))
      continue
    }
    const label = `${prefix}${describeMove(move)}`
    for (const { side, path } of touched(move)) {
      const problem = pathProblem(scopes[side], path)
      if (problem !== undefined) {
        problems.push({ ...problem, message: `${label}: ${problem.message}` })
        continue
      }
      const clash = overlapping(seen[side], path as string)
      if (clash !== undefined) {
        const message = `${label}: ${path as string} in ${scopes[side].where} is also moved by ${clash}; a field moves once`
        problems.push(issue('moved-twice', message, path as string))
      }
      seen[side].set(path as string, label)
    }
    problems.push(...functionProblems(move, label))
    if (move.kind === 'renamed' && move.values !== undefined && move.back === undefined) {
      const inverse = invertMapping(move.values)
      const problem = typeof inverse === 'string' ? blocked(label, inverse) : undefined
      if (problem !== undefined) problems.push(problem)
    }
    if (move.kind === 'each') problems.push(...eachProblems(scopes, move, label, blocked))
    if (move.kind === 'removed' && move.annotation !== undefined) {
      problems.push(...annotationProblems(move, label, prefix, annotations))
    }
  }
  return problems
}

/**
 * An annotation place's problems: a name the API server refuses, a place inside `each`
 * (`annotation-place-in-list`), one `field` annotation for two fields, one annotation held both
 * ways.
 */
function annotationProblems(
  move: Extract<FieldMove, { kind: 'removed' }>,
  label: string,
  prefix: string,
  seen: Map<string, { holds: string; label: string }>
): SchemeProblem[] {
  const name = move.annotation as unknown
  const holds = move.holds ?? 'field'
  if (typeof name !== 'string' || qualifiedNameProblem(name) !== undefined) {
    const why = typeof name === 'string' ? qualifiedNameProblem(name) : 'not text'
    const message = `${label}: annotation ${JSON.stringify(name)} is not an annotation name: ${why}`
    return [issue('annotation-place-invalid', message)]
  }
  if (holds !== 'field' && holds !== 'object') {
    const message = `${label}: holds ${JSON.stringify(holds)} is neither 'field' nor 'object'`
    return [issue('annotation-place-invalid', message)]
  }
  // the per-item formats Go webhooks write are their own, so no declared one would read theirs:
  // Tekton keys each embedded task's entry by the task's name and holds its steps' fields by
  // position; Cluster API keeps the whole object, lists included, in one annotation
  if (prefix !== '') {
    const message = `${label}: an annotation of your own keeps fields of the whole object, not of each list item: keep the item's field in crdconv's stash (removed without annotation), or write and read the format your Go webhook uses in a \`then\` and \`thenBack\``
    return [issue('annotation-place-in-list', message)]
  }
  const other = seen.get(name)
  seen.set(name, { holds, label })
  if (other === undefined || (other.holds === 'object' && holds === 'object')) return []
  const message =
    other.holds === holds
      ? `${label}: annotation ${name} already holds the field of ${other.label}; one field per annotation, or holds: 'object' for both`
      : `${label}: annotation ${name} is held as '${other.holds}' by ${other.label}; one annotation holds one way`
  return [issue('annotation-place-shared', message)]
}

function eachProblems(
  scopes: Record<Side, Scope>,
  move: Extract<FieldMove, { kind: 'each' }>,
  label: string,
  blocked: (label: string, why: string) => SchemeProblem | undefined
): SchemeProblem[] {
  const items = (scope: Scope) => ({
    where: `an item of ${move.path} in ${scope.where}`,
    schema: scope.schema && listItemSchema(scope.schema, move.path),
    top: false,
  })
  const inner = { from: items(scopes.from), to: items(scopes.to) }
  const notLists = (['from', 'to'] as const).filter(
    (side) => scopes[side].schema !== undefined && inner[side].schema === undefined
  )
  if (notLists.length > 0) {
    const where = notLists.map((side) => scopes[side].where).join(' and ')
    const message = `${label}: ${move.path} is not a list of objects in ${where}`
    return [issue('move-not-a-list', message, move.path)]
  }
  if (!Array.isArray(move.moves)) {
    return [issue('move-list-missing', `${label}: the declaration returned no list of moves`)]
  }
  return declarationProblems(inner, move.moves, `${label}: `, blocked)
}

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
    case 'each':
      return [
        { side: 'from', path: move.path },
        { side: 'to', path: move.path },
      ]
  }
}

function pathProblem({ where, schema, top }: Scope, path: unknown): SchemeProblem | undefined {
  if (typeof path !== 'string' || path === '' || path.split('.').includes('')) {
    const message = `${JSON.stringify(path)} is not a dotted field path like spec.hostPort`
    return issue('move-path-invalid', message)
  }
  if (top && FRAMEWORK_FIELDS.has(path.split('.')[0] as string)) {
    const message = `${path}: apiVersion, kind and metadata are the framework's; labels and annotations move in a \`then\``
    return issue('move-path-framework', message, path)
  }
  if (schema === undefined || schemaField(schema, path) === undefined) {
    const message = `${path} is not a field of ${where}; name a field the schema declares`
    return issue('move-path-unknown', message, path)
  }
  return undefined
}

function overlapping(seen: ReadonlyMap<string, string>, path: string): string | undefined {
  for (const [other, label] of seen) {
    if (other === path || other.startsWith(`${path}.`) || path.startsWith(`${other}.`)) return label
  }
  return undefined
}

function functionProblems(move: FieldMove, label: string): SchemeProblem[] {
  if (move.kind !== 'split' && move.kind !== 'joined') return []
  const problems: SchemeProblem[] = []
  if (Object.keys(move.parts ?? {}).length === 0) {
    problems.push(issue('move-parts-missing', `${label}: name at least one part`))
  }
  for (const name of ['split', 'join'] as const) {
    if (typeof move[name] !== 'function') {
      const message = `${label}: needs a \`${name}\` function, or neither the way back nor the check that a value comes back whole can be derived; give one, or write both converters by hand`
      problems.push(issue('move-function-missing', message))
    }
  }
  return problems
}

/** The mapping turned around, or why it cannot be (two values become one, or a value is not text). */
export function invertMapping(values: ValueMap): ValueMap | string {
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
