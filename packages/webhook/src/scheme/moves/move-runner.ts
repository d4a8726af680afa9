import { withAnnotations } from './annotation-steps.ts'
import {
  readStashed,
  restoreStashedFields,
  stashEntryOf,
  stashFields,
  stashTextOf,
  type StashSchema,
} from '../stash/index.ts'
import { ConversionError } from '../conversion-error.ts'
import { describeObject, isPlainObject, type KubeObject } from '../kube-object.ts'
import {
  EMPTIED,
  PATH_LISTS,
  stashPath,
  type MoveStep,
  type Run,
  type Write,
} from './move-steps.ts'
import { ObjectDraft, valueAt } from '../object-draft.ts'
import type { MoveHook } from './field-move.ts'
import type { ConversionContext } from '../resource.ts'

/** One direction of a declared edge: its steps, and hand-written functions around them. */
export interface MovePlan {
  readonly steps: readonly MoveStep[]
  /**
   * Objects on the way to the fields the steps read that the target version does not declare,
   * deepest first: taken out once the moves leave them empty, as the API server would prune them.
   */
  readonly clears: readonly string[]
  /** The author's `then` or `thenBack`, run after the steps, and the stash schema they share. */
  readonly hook?: {
    readonly name: 'then' | 'thenBack'
    readonly run: MoveHook
    readonly stash?: StashSchema
  }
}

/**
 * Runs a plan on one object: takes back what the opposite direction stashed, moves the declared
 * fields (every step reads the object as it came, then writes), carries everything else as it
 * is, runs the author's hook, and stashes what the way back needs to give the object back
 * exactly: the moves' fields and what the hook stashed, in one entry.
 */
export function runMoves(plan: MovePlan, object: KubeObject, context: ConversionContext): unknown {
  const unstashed = restoreStashedFields(object, context)
  const source = unstashed.object
  const { fields, stashed } = hookFields(plan.hook?.stash, unstashed.fields, object, context)
  const run: Run = { restored: fields, stash: {}, annotations: new Map() }
  const moved = withAnnotations(moveAll(plan.steps, plan.clears, source, run), run.annotations)
  if (plan.hook === undefined) {
    return stashFields(moved, context, run.stash, stashOptions(run.stash, moved))
  }
  const { name, run: hook } = plan.hook
  const converted = asObject(name, hook(moved, context, stashed))
  const own =
    stashTextOf(converted, context.group) === stashTextOf(moved, context.group)
      ? undefined
      : stashEntryOf(converted, context)
  if (own !== undefined && plan.hook.stash !== undefined) {
    const outside = Object.keys(own.fields).filter(
      (key) => !Object.hasOwn(plan.hook?.stash?._zod.def.shape ?? {}, key)
    )
    if (outside.length > 0) {
      throw new ConversionError(
        `\`${name}\` stashed ${outside.join(', ')}, which the \`stash\` schema does not name: add it there`,
        { field: outside[0] as string }
      )
    }
  }
  const stash = own === undefined ? run.stash : joinStashes(name, own.fields, run.stash)
  const options = stashOptions(stash, converted)
  const watch =
    own?.watch === undefined ? options.watch : joinWatch(own.watch, options.watch, converted)
  return stashFields(converted, context, stash, watch === undefined ? {} : { watch })
}

/**
 * The restored entry, and what of it the hook gets: with a stash schema, the fields it names,
 * read through it; an entry that fails it is stale as a whole, the moves' fields with it.
 */
function hookFields(
  schema: StashSchema | undefined,
  restored: Readonly<Record<string, unknown>> | undefined,
  object: KubeObject,
  context: ConversionContext
): {
  fields: Readonly<Record<string, unknown>> | undefined
  stashed: Readonly<Record<string, unknown>>
} {
  if (restored === undefined) return { fields: undefined, stashed: {} }
  if (schema === undefined) return { fields: restored, stashed: restored }
  const shape = schema._zod.def.shape
  const own: Record<string, unknown> = {}
  for (const key of Object.keys(restored)) if (Object.hasOwn(shape, key)) own[key] = restored[key]
  const entry = `the stash entry of ${context.to} on ${context.kind} ${describeObject(object)}`
  const read = readStashed(schema, own, entry)
  return 'problem' in read
    ? { fields: undefined, stashed: {} }
    : { fields: restored, stashed: read.fields }
}

/** What the hook stashed and what the moves stash, in one entry; a field both stash is a bug. */
function joinStashes(
  hook: string,
  own: Readonly<Record<string, unknown>>,
  moves: Readonly<Record<string, unknown>>
): Record<string, unknown> {
  const joined: Record<string, unknown> = { ...own }
  for (const [key, value] of Object.entries(moves)) {
    const mine = joined[key]
    if (isPathList(key) && Array.isArray(mine) && Array.isArray(value)) {
      joined[key] = [...mine, ...(value as unknown[])]
    } else if (Object.hasOwn(joined, key)) {
      throw new ConversionError(
        `\`${hook}\` stashed ${key}, which the field moves stash too: keep it under a name of its own`,
        { field: key }
      )
    } else joined[key] = value
  }
  return joined
}

/** The fields both guards watch; the default guard (`undefined`) is every field but `status`. */
function joinWatch(
  own: readonly string[],
  moves: readonly string[] | undefined,
  converted: KubeObject
): string[] {
  const everything = Object.keys(converted).filter(
    (name) => !['apiVersion', 'kind', 'metadata', 'status'].includes(name)
  )
  return [...new Set([...own, ...(moves ?? everything)])]
}

/**
 * `source` with every step applied: each reads `source` as it came, then all of them write; the
 * objects in `clears` that this leaves empty go, and those that came empty are noted for the way back.
 */
function moveAll(
  steps: readonly MoveStep[],
  clears: readonly string[],
  source: Readonly<Record<string, unknown>>,
  run: Run
): Record<string, unknown> {
  const draft = new ObjectDraft(source)
  const emptied = run.restored?.[EMPTIED]
  if (Array.isArray(emptied)) {
    for (const path of emptied) {
      // `spec.ports[0].old` is an item's, put back by `eachStep`
      if (typeof path !== 'string' || ITEM_PATH.test(path)) continue
      if (draft.get(path) === undefined) draft.set(path, {})
    }
  }
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
  for (const path of clears) {
    const left = draft.get(path)
    if (!isPlainObject(left) || Object.keys(left).length > 0) continue
    draft.remove(path)
    const came = valueAt(source, path)
    if (isPlainObject(came) && Object.keys(came).length === 0) stashPath(run, EMPTIED, path)
  }
  return draft.object
}

/**
 * `steps` inside every object item of the list at `path`; each item's stash entries are kept
 * under `path[index].`, so that the way back finds them item by item.
 */
export function eachStep(
  path: string,
  steps: readonly MoveStep[],
  clears: readonly string[]
): MoveStep {
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
        const inner: Run = {
          restored: within(run.restored, prefix),
          stash: {},
          annotations: run.annotations,
        }
        const moved = moveAll(steps, clears, item, inner)
        for (const [key, value] of Object.entries(inner.stash)) {
          if (!isPathList(key)) run.stash[prefix + key] = value
        }
        for (const list of PATH_LISTS) {
          for (const listed of (inner.stash[list] as string[] | undefined) ?? []) {
            stashPath(run, list, prefix + listed)
          }
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
  for (const list of PATH_LISTS) {
    const paths = restored[list]
    const inside = Array.isArray(paths)
      ? paths
          .filter((path): path is string => typeof path === 'string' && path.startsWith(prefix))
          .map((path) => path.slice(prefix.length))
      : []
    if (inside.length > 0) (found ??= {})[list] = inside
  }
  return found
}

const ITEM_PATH = /\[\d+\]\./

const isPathList = (key: string) => (PATH_LISTS as readonly string[]).includes(key)

function asObject(name: 'then' | 'thenBack', value: unknown): KubeObject {
  if (isPlainObject(value)) return value
  throw new ConversionError(
    `\`${name}\` beside the field moves returned ${value === null ? 'null' : typeof value}, not an object`
  )
}

/** Stashed status fields are guarded by `status` too: the default guard leaves `status` out. */
function stashOptions(stash: Record<string, unknown>, converted: KubeObject) {
  const paths = [
    ...Object.keys(stash),
    ...PATH_LISTS.flatMap((list) => (stash[list] as string[] | undefined) ?? []),
  ]
  if (!paths.some((path) => path === 'status' || path.startsWith('status.'))) return {}
  const watch = Object.keys(converted).filter(
    (name) => name !== 'apiVersion' && name !== 'kind' && name !== 'metadata'
  )
  return { watch }
}
