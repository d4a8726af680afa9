import type { $ZodType } from 'zod/v4/core'
import { invertMapping } from './field-move-checks.ts'
import type { FieldMove, FieldMovesOptions } from './field-moves.ts'
import { eachStep, type ConvertFunction, type MovePlan } from './move-runner.ts'
import {
  dropStep,
  fillStep,
  joinStep,
  renameStep,
  splitStep,
  type MoveStep,
  type Parts,
} from './move-steps.ts'
import type { VersionMap } from './resource.ts'
import { listItemSchema, schemaField } from './schema-fields.ts'

/** The steps of both directions of a checked declaration. */
export function movePlans(
  versions: VersionMap,
  to: string,
  moves: readonly FieldMove[],
  options: FieldMovesOptions<VersionMap, string>
): { forward: MovePlan; back: MovePlan } {
  const [forward, back] = stepsOfAll(moves, versions[to]?.schema)
  return {
    forward: withHook({ steps: forward }, 'after', options.then as ConvertFunction | undefined),
    back: withHook({ steps: back }, 'before', options.thenBack as ConvertFunction | undefined),
  }
}

function withHook(plan: MovePlan, hook: 'before' | 'after', run: ConvertFunction | undefined) {
  return run === undefined ? plan : { ...plan, [hook]: run }
}

/** The steps of `moves` both ways; `target` (the schema they move into) gives `added` its default. */
function stepsOfAll(
  moves: readonly FieldMove[],
  target: $ZodType | undefined
): [MoveStep[], MoveStep[]] {
  const forward: MoveStep[] = []
  const back: MoveStep[] = []
  for (const move of moves) {
    const [there, home] = stepsOf(move, target)
    forward.push(there)
    back.push(home)
  }
  return [forward, back]
}

function stepsOf(move: FieldMove, target: $ZodType | undefined): [MoveStep, MoveStep] {
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
      const value =
        'value' in move ? move.value : target && schemaField(target, move.path)?.defaultValue
      return [fillStep(move.path, value), dropStep(move.path, value)]
    }
    case 'removed':
      return [dropStep(move.path, undefined), fillStep(move.path, undefined)]
    case 'each': {
      const [forward, back] = stepsOfAll(move.moves, target && listItemSchema(target, move.path))
      return [eachStep(move.path, forward), eachStep(move.path, back)]
    }
  }
}

interface UntypedFunctions {
  readonly split: (value: unknown) => unknown
  readonly join: (parts: Record<string, unknown>) => unknown
}
