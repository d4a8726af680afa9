import type { $ZodType } from 'zod/v4/core'
import { annotationKeepStep, annotationRestoreStep } from './annotation-steps.ts'
import { invertMapping } from './field-move-checks.ts'
import type { ErasedMoveOptions, FieldMove } from './field-move.ts'
import { eachStep, type MovePlan } from './move-runner.ts'
import {
  dropStep,
  fillStep,
  joinStep,
  renameStep,
  splitStep,
  type MoveStep,
  type Parts,
} from './move-steps.ts'
import type { VersionMap } from '../resource.ts'
import { listItemSchema, prunesField, schemaField } from '../schema-fields.ts'

/** The steps of both directions of a checked declaration. */
export function movePlans(
  versions: VersionMap,
  from: string,
  to: string,
  moves: readonly FieldMove[],
  options: ErasedMoveOptions
): { forward: MovePlan; back: MovePlan } {
  const target = versions[to]?.schema
  const source = versions[from]?.schema
  const [forward, back] = stepsOfAll(moves, target, source)
  return {
    forward: withHook({ steps: forward, clears: prunedParents(forward, target) }, 'then', options),
    back: withHook({ steps: back, clears: prunedParents(back, source) }, 'thenBack', options),
  }
}

/**
 * The objects on the way to what `steps` read that `schema` (the version they move into) does
 * not declare, deepest first: left empty by the moves, the API server would prune them.
 */
function prunedParents(steps: readonly MoveStep[], schema: $ZodType | undefined): string[] {
  if (schema === undefined) return []
  const parents = new Set<string>()
  for (const read of steps.flatMap((step) => step.reads)) {
    for (let dot = read.lastIndexOf('.'); dot !== -1; dot = read.lastIndexOf('.', dot - 1)) {
      parents.add(read.slice(0, dot))
    }
  }
  const depth = (path: string) => path.split('.').length
  return [...parents]
    .filter((parent) => prunesField(schema, parent))
    .sort((a, b) => depth(b) - depth(a))
}

function withHook(plan: MovePlan, name: 'then' | 'thenBack', options: ErasedMoveOptions): MovePlan {
  const run = options[name]
  if (run === undefined) return plan
  const stash = options.stash
  return { ...plan, hook: stash === undefined ? { name, run } : { name, run, stash } }
}

/**
 * The steps of `moves` both ways; `target` (the schema they move into) gives `added` its
 * default, and with `source` tells which emptied objects each way takes out.
 */
function stepsOfAll(
  moves: readonly FieldMove[],
  target: $ZodType | undefined,
  source: $ZodType | undefined
): [MoveStep[], MoveStep[]] {
  const forward: MoveStep[] = []
  const back: MoveStep[] = []
  for (const move of moves) {
    const [there, home] = stepsOf(move, target, source)
    forward.push(there)
    back.push(home)
  }
  return [forward, back]
}

function stepsOf(
  move: FieldMove,
  target: $ZodType | undefined,
  source: $ZodType | undefined
): [MoveStep, MoveStep] {
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
    case 'removed': {
      if (move.annotation === undefined) {
        return [dropStep(move.path, undefined), fillStep(move.path, undefined)]
      }
      const place = { path: move.path, annotation: move.annotation, holds: move.holds ?? 'field' }
      return [annotationKeepStep(place), annotationRestoreStep(place)]
    }
    case 'each': {
      const targetItem = target && listItemSchema(target, move.path)
      const sourceItem = source && listItemSchema(source, move.path)
      const [forward, back] = stepsOfAll(move.moves, targetItem, sourceItem)
      return [
        eachStep(move.path, forward, prunedParents(forward, targetItem)),
        eachStep(move.path, back, prunedParents(back, sourceItem)),
      ]
    }
  }
}

interface UntypedFunctions {
  readonly split: (value: unknown) => unknown
  readonly join: (parts: Record<string, unknown>) => unknown
}
