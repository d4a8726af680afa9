// The converters import writes between two versions, as declared field moves: what the versions'
// differences (`crdconv diff`) let it match, and a TODO for each difference it cannot.
import { sameJson } from '@crdconv/webhook/json'
import {
  describeSchemaDifference,
  schemaDifferences,
  type SchemaDifference,
} from '../diff/index.ts'
import { namesAgree } from './name-agreement.ts'
import { movePath, planAt, shapeKey, type MovePath } from './plan-paths.ts'
import type { MoveTodo, PairMoves, PlannedMove, PlannedVersion } from './move-plan.ts'
import type { ZodPlan } from './zod-plan.ts'
import { valueConversions } from './value-conversions.ts'
import { buildZod } from './zod-render.ts'

// the API server sets and checks these itself, whatever a version's schema says of them
const API_SERVER_FIELDS = /^\.(apiVersion|kind|metadata)(?![\w-])/

/**
 * The field moves `older → newer` the differences of the two schemas justify: a field removed and
 * one added beside it with the same shape and names that agree, each the other's only such
 * candidate, is `renamed`; a field removed is `removed` (stashed); a field added is `added` with
 * the schema's default (a TODO when it has none); where a removed or added field may still be a
 * rename (same shape beside it, names that agree with more than one), a TODO names the
 * candidates; a value that moves converted (a duration into `*Seconds`, `apiVersion` into
 * `apiGroup`) is a TODO naming both paths and the conversion; enum values spelt anew (`gold` →
 * `Gold`) are `mapped`. Every other difference is a TODO line naming it and what the author must
 * decide.
 *
 * @example
 * ```ts
 * planMoves(v1beta1, v1).moves // [{ kind: 'renamed', from: 'spec.keep', to: 'spec.retention', … }]
 * ```
 */
export function planMoves(older: PlannedVersion, newer: PlannedVersion): PairMoves {
  const [from, to] = [older.name, newer.name]
  const differences = schemaDifferences(older.schema, newer.schema).filter(
    (difference) => !API_SERVER_FIELDS.test(difference.path)
  )
  const declared: [MovePath, PlannedMove][] = []
  const todos: MoveTodo[] = []
  const todo = (difference: SchemaDifference, decide: string) =>
    todos.push({ ...todoOf(difference), decide })
  const reach = (difference: SchemaDifference, version: PlannedVersion) => {
    const found = planAt(version.plan, difference.path)
    const path = found === undefined ? 'the zod schema does not say it' : movePath(found.steps)
    if (typeof path === 'string')
      todo(difference, `${path}: write it in a \`then\` and \`thenBack\``)
    return typeof path === 'string' || found === undefined ? undefined : { path, plan: found.plan }
  }
  const fields = new Map<string, { removed: Located[]; added: Located[] }>()
  const enums = new Map<string, SchemaDifference[]>()
  // fields below one whose type changes are that field's other shape, not fields of their own
  const retyped = differences
    .filter(({ kind }) => kind === 'type' || kind === 'int-or-string')
    .map(({ path }) => path)
  const within = (path: string) =>
    retyped.find((parent) => path.startsWith(`${parent}.`) || path.startsWith(`${parent}[`))
  for (const difference of differences) {
    const parent = within(difference.path)
    if (parent !== undefined) {
      todo(difference, `part of ${parent}, whose type changes: convert it with ${parent}`)
    } else if (difference.kind === 'added' || difference.kind === 'removed') {
      const located = reach(difference, difference.kind === 'added' ? newer : older)
      if (located === undefined) continue
      const { lists, path } = located.path
      const beside = [...lists, path.split('.').slice(0, -1).join('.')].join('[]')
      const key = `${beside}\n${shapeKey(located.plan)}`
      const group = fields.get(key) ?? { removed: [], added: [] }
      group[difference.kind].push({ difference, ...located })
      fields.set(key, group)
    } else if (
      difference.kind === 'enum-values-removed' ||
      difference.kind === 'enum-values-added'
    ) {
      enums.set(difference.path, [...(enums.get(difference.path) ?? []), difference])
    } else {
      todo(difference, decision(difference, from, to))
    }
  }
  const conversions = valueConversions(differences, older, newer)
  for (const conversion of conversions.filter(({ added }) => added === undefined)) {
    const removed = differences.find(({ path }) => path === conversion.from)
    if (removed !== undefined) todo(removed, conversion.decide)
  }
  for (const { removed, added } of fields.values()) {
    const { renames, rest } = pairByName(removed, added)
    for (const [gone, come] of renames) {
      declared.push([
        gone.path,
        {
          kind: 'renamed',
          from: gone.path.path,
          to: come.path.path,
          note: `${from}'s ${gone.difference.path} and ${to}'s ${come.difference.path} have the same type and names that agree, and no other field beside them does: check they are one field`,
        },
      ])
    }
    // the rest is stashed or added, so nothing is lost; where names agree with more than one
    // field of the other side, it may still be a rename import could not settle: a TODO naming
    // the candidates
    const maybe = (field: Located, others: readonly Located[]) => {
      const candidates = agreeing(field, others).map(({ difference }) => difference.path)
      if (candidates.length === 0) return undefined
      return `it may be a rename ${others === rest.added ? 'to' : 'of'} ${candidates.join(', ')} (same type, side by side, names that agree with more than one): declare move.renamed if so`
    }
    for (const gone of rest.removed) {
      const candidates = maybe(gone, rest.added)
      if (candidates !== undefined) todo(gone.difference, `${candidates}; until then it is stashed`)
      declared.push([
        gone.path,
        {
          kind: 'removed',
          path: gone.path.path,
          note: `${to} has no place for it: kept in the stash for the way back`,
        },
      ])
    }
    for (const come of rest.added) {
      const move = addedMove(come, from, to)
      const conversion = conversions.find(({ added }) => added === come.difference)
      const candidates = maybe(come, rest.removed)
      const decide =
        conversion?.decide ??
        (candidates === undefined
          ? undefined
          : `${candidates}; until then objects from ${from} get ${'value' in move ? `${to}'s default` : 'no value'}`)
      declared.push([
        come.path,
        decide === undefined || move.kind !== 'added'
          ? move
          : { ...move, todo: { ...todoOf(come.difference), decide } },
      ])
    }
  }
  for (const found of enums.values()) {
    const mapped = enumMove(found, older, newer)
    if (typeof mapped !== 'string') declared.push(mapped)
    else for (const difference of found) todo(difference, decision(difference, from, to, mapped))
  }
  return { from, to, moves: nest(declared), todos }
}

const todoOf = (difference: SchemaDifference) => ({
  path: difference.path,
  kind: difference.kind,
  difference: describeSchemaDifference(difference),
})

/**
 * Which removed and added fields of one group (same place, same type) are renamed: a pair whose
 * names agree, each the other's only such candidate. The rest stay removed or added.
 */
function pairByName(
  removed: readonly Located[],
  added: readonly Located[]
): { renames: [Located, Located][]; rest: { removed: Located[]; added: Located[] } } {
  const renames: [Located, Located][] = []
  for (const gone of removed) {
    const [come, ...more] = agreeing(gone, added)
    if (come === undefined || more.length > 0) continue
    if (agreeing(come, removed).length === 1) renames.push([gone, come])
  }
  const paired = new Set(renames.flat())
  return {
    renames,
    rest: {
      removed: removed.filter((field) => !paired.has(field)),
      added: added.filter((field) => !paired.has(field)),
    },
  }
}

const lastName = ({ path }: Located) => path.path.split('.').at(-1) ?? path.path

/** The fields of `others` whose names agree with `field`'s. */
const agreeing = (field: Located, others: readonly Located[]) =>
  others.filter((other) => namesAgree(lastName(field), lastName(other)))

interface Located {
  readonly difference: SchemaDifference
  readonly path: MovePath
  readonly plan: ZodPlan
}

function addedMove({ difference, path, plan }: Located, from: string, to: string): PlannedMove {
  const value = plan.stated['default']
  const parsed = value == null ? undefined : buildZod(plan).safeParse(value)
  if (parsed?.success === true && sameJson(parsed.data, value)) {
    return { kind: 'added', path: path.path, value, note: `${to}'s default` }
  }
  const decide =
    value === undefined
      ? `objects from ${from} get no value: give one, move.added('${path.path}', value), or a default in ${to}'s schema, or fill it from ${from}'s fields in a \`then\``
      : `its default is not a value of the field's zod type: give the value objects from ${from} get`
  return {
    kind: 'added',
    path: path.path,
    note: 'stashed on the way back',
    todo: { ...todoOf(difference), decide },
  }
}

// values spelt anew: `gold` → `Gold`, `round-robin` → `RoundRobin`
const spelling = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '')

function enumMove(
  found: readonly SchemaDifference[],
  older: PlannedVersion,
  newer: PlannedVersion
): [MovePath, PlannedMove] | string {
  const path = found[0]?.path ?? ''
  const values = (kind: string) =>
    (found.find((difference) => difference.kind === kind)?.[
      kind === 'enum-values-added' ? 'to' : 'from'
    ] ?? []) as unknown[]
  const [gone, come] = [values('enum-values-removed'), values('enum-values-added')]
  const [there, here] = [planAt(newer.plan, path), planAt(older.plan, path)]
  if (there?.plan.kind !== 'enum' || here?.plan.kind !== 'enum')
    return 'not a string enum on both sides'
  const mapping: Record<string, string> = {}
  for (const value of [...gone, ...come]) {
    const others = (gone.includes(value) ? come : gone).filter(
      (other) => spelling(String(other)) === spelling(String(value))
    )
    if (others.length !== 1) {
      return gone.includes(value)
        ? `${JSON.stringify(value)} is not spelt anew as one value of ${newer.name}`
        : `${JSON.stringify(value)} is not spelt anew from one value of ${older.name}`
    }
    if (gone.includes(value)) mapping[String(value)] = String(others[0])
  }
  const reached = movePath(there.steps)
  if (typeof reached === 'string') return reached
  const note = `${older.name}'s values spelt anew in ${newer.name}`
  return [reached, { kind: 'mapped', path: reached.path, values: mapping, note }]
}

function decision(difference: SchemaDifference, from: string, to: string, why?: string): string {
  const because = why === undefined ? '' : `${why}; `
  switch (difference.kind) {
    case 'type':
    case 'int-or-string':
    case 'preserve-unknown-fields':
    case 'embedded-resource':
      return `the value changes shape: convert it in a \`then\`, and back in a \`thenBack\``
    case 'nullable':
      return `null is a value on one side only: say what it becomes in a \`then\` and \`thenBack\``
    case 'enum':
    case 'enum-values-removed':
      return `${because}say what each value ${to} refuses becomes: move.mapped(path, { old: 'New' }), or a \`then\``
    case 'enum-values-added':
      return `${because}${from} refuses these on the way back: give move.mapped a \`back\` for them, or a \`thenBack\``
    case 'default':
      return `an object keeps the value it has: decide whether one holding ${from}'s default should get ${to}'s`
    case 'required':
      return `required on one side only: fill it where the other leaves it out (\`then\`, \`thenBack\`), or leave it`
    default:
      return `values must pass both versions' checks: crdconv check names a converted value ${to} or ${from} refuses`
  }
}

// moves inside lists go into one `each` per list, since a field moves once
function nest(declared: readonly [MovePath, PlannedMove][]): PlannedMove[] {
  const top: PlannedMove[] = []
  const lists = new Map<string, [MovePath, PlannedMove][]>()
  for (const [path, move] of declared) {
    const [list, ...inner] = path.lists
    if (list === undefined) top.push(move)
    else lists.set(list, [...(lists.get(list) ?? []), [{ lists: inner, path: path.path }, move]])
  }
  for (const [path, inside] of lists) top.push({ kind: 'each', path, moves: nest(inside) })
  return top
}
