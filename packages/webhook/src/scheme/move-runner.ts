import { restoreStashedFields, stashFields } from './annotation-stash.ts'
import { ConversionError } from './conversion-error.ts'
import { isPlainObject, type KubeObject } from './kube-object.ts'
import { ABSENT, stashAbsent, type MoveStep, type Run, type Write } from './move-steps.ts'
import { ObjectDraft, valueAt } from './object-draft.ts'
import type { ConversionContext } from './resource.ts'

/** One direction of a declared edge: its steps, and hand-written functions around them. */
export interface MovePlan {
  readonly steps: readonly MoveStep[]
  /** Runs before the steps (undoing a forward `then`). */
  readonly before?: ConvertFunction
  readonly after?: ConvertFunction
}

export type ConvertFunction = (object: KubeObject, context: ConversionContext) => unknown

/**
 * Runs a plan on one object: takes back what the opposite direction stashed, moves the declared
 * fields (every step reads the object as it came, then writes), carries everything else as it
 * is, and stashes what the way back needs to give the object back exactly.
 */
export function runMoves(plan: MovePlan, object: KubeObject, context: ConversionContext): unknown {
  const { object: unstashed, fields } = restoreStashedFields(object, context)
  const source =
    plan.before === undefined ? unstashed : asObject('thenBack', plan.before(unstashed, context))
  const run: Run = { restored: fields, stash: {} }
  const moved = moveAll(plan.steps, source, run)
  const converted = plan.after === undefined ? moved : asObject('then', plan.after(moved, context))
  return stashFields(converted, context, run.stash, stashOptions(run.stash, converted))
}

/** `source` with every step applied: each reads `source` as it came, then all of them write. */
function moveAll(
  steps: readonly MoveStep[],
  source: Readonly<Record<string, unknown>>,
  run: Run
): Record<string, unknown> {
  const draft = new ObjectDraft(source)
  const writes: (readonly Write[])[] = []
  for (const step of steps) {
    writes.push(step.apply(source, run))
    // a field written where it was read keeps its place among its siblings
    for (const path of step.reads) if (!step.writes.includes(path)) draft.remove(path)
  }
  steps.forEach((step, index) => {
    for (const { path, value, ifParent } of writes[index] ?? []) {
      if (ifParent === true) {
        if (draft.hasParent(path) && draft.get(path) === undefined) draft.set(path, value)
        continue
      }
      const blocking = draft.set(path, value)
      if (blocking !== undefined) {
        throw new ConversionError(
          `${step.label}: ${path} cannot be written, as ${blocking} is not an object; make ${blocking} an object or remove it`,
          { field: blocking }
        )
      }
    }
  })
  return draft.object
}

/**
 * `steps` inside every object item of the list at `path`; each item's stash entries are kept
 * under `path[index].`, so that the way back finds them item by item.
 */
export function eachStep(path: string, steps: readonly MoveStep[]): MoveStep {
  return {
    label: `each ${path}`,
    reads: [path],
    writes: [path],
    apply: (source, run) => {
      const list = valueAt(source, path)
      if (!Array.isArray(list)) return list === undefined ? [] : [{ path, value: list }]
      const items = list.map((item: unknown, index) => {
        if (!isPlainObject(item)) return item
        const prefix = `${path}[${index}].`
        const inner: Run = { restored: within(run.restored, prefix), stash: {} }
        const moved = moveAll(steps, item, inner)
        for (const [key, value] of Object.entries(inner.stash)) {
          if (key !== ABSENT) run.stash[prefix + key] = value
        }
        for (const absent of (inner.stash[ABSENT] as string[] | undefined) ?? []) {
          stashAbsent(run, prefix + absent)
        }
        return moved
      })
      return [{ path, value: items }]
    },
  }
}

/** The restored fields under `prefix`, without it. */
function within(
  restored: Readonly<Record<string, unknown>> | undefined,
  prefix: string
): Record<string, unknown> | undefined {
  if (restored === undefined) return undefined
  let found: Record<string, unknown> | undefined
  for (const [key, value] of Object.entries(restored)) {
    if (key.startsWith(prefix)) (found ??= {})[key.slice(prefix.length)] = value
  }
  const absent = restored[ABSENT]
  const inside = Array.isArray(absent)
    ? absent
        .filter((path): path is string => typeof path === 'string' && path.startsWith(prefix))
        .map((path) => path.slice(prefix.length))
    : []
  if (inside.length > 0) (found ??= {})[ABSENT] = inside
  return found
}

function asObject(name: 'then' | 'thenBack', value: unknown): KubeObject {
  if (isPlainObject(value)) return value
  throw new ConversionError(
    `\`${name}\` beside the field moves returned ${value === null ? 'null' : typeof value}, not an object`
  )
}

/** Stashed status fields are guarded by `status` too: the default guard leaves `status` out. */
function stashOptions(stash: Record<string, unknown>, converted: KubeObject) {
  const paths = [...Object.keys(stash), ...((stash[ABSENT] as string[] | undefined) ?? [])]
  if (!paths.some((path) => path === 'status' || path.startsWith('status.'))) return {}
  const watch = Object.keys(converted).filter(
    (name) => name !== 'apiVersion' && name !== 'kind' && name !== 'metadata'
  )
  return { watch }
}
