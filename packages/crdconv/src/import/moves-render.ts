// A pair's planned moves as TypeScript source (the imported module) and as live `fieldMoves`
// converters (the in-memory check): one plan, two renderings, so the check runs what is written.
import {
  fieldMoves,
  type Converter,
  type FieldMove,
  type FieldMoveBuilder,
  type VersionMap,
} from '@crdconv/webhook/scheme'
import type { MoveTodo, PairMoves, PlannedMove } from './move-plan.ts'

/**
 * `...fieldMoves(versions, 'v1beta1', 'v1', (move) => [...]),` with the TODOs above it and a note
 * after each move; `versions` must be in scope.
 *
 * @example
 * ```ts
 * movesSource(planMoves(v1beta1, v1)) // "// TODO …\n...fieldMoves(versions, 'v1beta1', 'v1', …"
 * ```
 */
export function movesSource(pair: PairMoves): string {
  const settled = pair.todos.length === 0 && todosOf(pair.moves).length === 0
  const header =
    pair.moves.length === 0 && settled
      ? `// ${pair.from} and ${pair.to} declare the same fields: everything is carried as it is`
      : settled
        ? `// ${pair.from} → ${pair.to}, and the way back: every difference is a declared move`
        : `// ${pair.from} → ${pair.to}, and the way back: what import matched is declared; each TODO is yours to decide`
  const todos = pair.todos.map((todo) => todoComment(pair, todo))
  const parameter = pair.moves.length === 0 ? '()' : '(move)'
  return [
    header,
    ...todos,
    `...fieldMoves(versions, '${pair.from}', '${pair.to}', ${parameter} => [${listSource(pair, pair.moves, 'move')}\n]),`,
  ].join('\n')
}

// a comment line: a CEL rule or a description may hold line breaks
const oneLine = (text: string) => text.replace(/\s+/g, ' ')

const todoComment = ({ from, to }: PairMoves, { difference, decide }: MoveTodo) =>
  `// TODO ${oneLine(difference)} (${from} → ${to}): ${oneLine(decide)}`

function listSource(pair: PairMoves, moves: readonly PlannedMove[], builder: string): string {
  return moves.map((move) => `\n${moveSource(pair, move, builder)}`).join('')
}

function moveSource(pair: PairMoves, move: PlannedMove, builder: string): string {
  // Prettier turns these into single quotes where that needs no escape
  const text = (value: string) => JSON.stringify(value)
  switch (move.kind) {
    case 'renamed':
      return `${builder}.renamed(${text(move.from)}, ${text(move.to)}), // ${oneLine(move.note)}`
    case 'mapped':
      return `${builder}.mapped(${text(move.path)}, ${JSON.stringify(move.values)}), // ${oneLine(move.note)}`
    case 'removed':
      return `${builder}.removed(${text(move.path)}), // ${oneLine(move.note)}`
    case 'added': {
      const value = 'value' in move ? `, ${JSON.stringify(move.value)}` : ''
      const todo = move.todo === undefined ? '' : `${todoComment(pair, move.todo)}\n`
      return `${todo}${builder}.added(${text(move.path)}${value}), // ${oneLine(move.note)}`
    }
    case 'each': {
      const item = builder === 'move' ? 'item' : `${builder}Item`
      return `${builder}.each(${text(move.path)}, (${item}) => [${listSource(pair, move.moves, item)}\n]),`
    }
  }
}

/**
 * The TODO lines of a pair, those beside its `added` moves included: what the author must decide.
 *
 * @example
 * ```ts
 * pairTodos(planMoves(v1beta1, v1)) // [{ difference: '.spec.colour: added (string)', decide: … }]
 * ```
 */
export function pairTodos(pair: PairMoves): MoveTodo[] {
  return [...pair.todos, ...todosOf(pair.moves)]
}

function todosOf(moves: readonly PlannedMove[]): MoveTodo[] {
  return moves.flatMap((move) =>
    move.kind === 'each'
      ? todosOf(move.moves)
      : move.kind === 'added' && move.todo !== undefined
        ? [move.todo]
        : []
  )
}

/**
 * The converters `movesSource(pair)` declares, built now: `fieldMoves` checks their paths against
 * the versions' schemas and throws a `SchemeError` naming a move it refuses.
 *
 * @example
 * ```ts
 * const converters = plan.converters.flatMap((pair) => liveMoves(versions, pair))
 * ```
 */
export function liveMoves(versions: VersionMap, pair: PairMoves): Converter[] {
  const between = fieldMoves as unknown as (
    versions: VersionMap,
    from: string,
    to: string,
    declare: (move: unknown) => readonly FieldMove[]
  ) => Converter[]
  return between(versions, pair.from, pair.to, (move) =>
    pair.moves.map((planned) => liveMove(move as FieldMoveBuilder<unknown, unknown>, planned))
  )
}

function liveMove(move: FieldMoveBuilder<unknown, unknown>, planned: PlannedMove): FieldMove {
  const untyped = move as unknown as Record<string, (...values: unknown[]) => FieldMove>
  switch (planned.kind) {
    case 'renamed':
      return untyped['renamed']!(planned.from, planned.to)
    case 'mapped':
      return untyped['mapped']!(planned.path, planned.values)
    case 'removed':
      return untyped['removed']!(planned.path)
    case 'added':
      return 'value' in planned
        ? untyped['added']!(planned.path, planned.value)
        : untyped['added']!(planned.path)
    case 'each':
      return untyped['each']!(planned.path, (item: FieldMoveBuilder<unknown, unknown>) =>
        planned.moves.map((inner) => liveMove(item, inner))
      )
  }
}
