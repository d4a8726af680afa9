import { jsonCopy, sameJson } from '../../json/index.ts'
import { ConversionError, isConversionError } from '../conversion-error.ts'
import { isPlainObject } from '../kube-object.ts'
import { valueAt } from '../object-draft.ts'

/** Stash entry listing the fields that were absent where a move would have filled in a value. */
export const ABSENT = '(absent)'

/**
 * Stash entry listing the empty objects a move took out of the object because the other version
 * does not declare them (the API server would prune them): the way back puts them back.
 */
export const EMPTIED = '(emptied)'

/** The stash entries that list paths rather than hold a field's value. */
export const PATH_LISTS = [ABSENT, EMPTIED] as const

/** A field one step writes; `ifParent` values (defaults) go only where their object already is. */
export interface Write {
  readonly path: string
  readonly value: unknown
  readonly ifParent?: boolean
}

/** What a step sees: the fields the way here left in the stash, and the stash for the way back. */
export interface Run {
  readonly restored: Readonly<Record<string, unknown>> | undefined
  readonly stash: Record<string, unknown>
  /** Annotations of the author's own the steps write (a text) or take out (`undefined`). */
  readonly annotations: Map<string, string | undefined>
}

/** One move in one direction: the fields it takes out of the object and those it puts in. */
export interface MoveStep {
  readonly label: string
  readonly reads: readonly string[]
  readonly writes: readonly string[]
  readonly apply: (source: Readonly<Record<string, unknown>>, run: Run) => readonly Write[]
}

function restoredAt(run: Run, paths: readonly string[]): Write[] | undefined {
  const restored = run.restored
  if (restored === undefined || !paths.some((path) => Object.hasOwn(restored, path))) {
    return undefined
  }
  return paths
    .filter((path) => restored[path] !== undefined)
    .map((path) => ({ path, value: restored[path] }))
}

function wasAbsent(run: Run, path: string): boolean {
  const absent = run.restored?.[ABSENT]
  return Array.isArray(absent) && absent.includes(path)
}

/** Adds `path` to the stash's list `list` (`ABSENT` or `EMPTIED`). */
export function stashPath(run: Run, list: (typeof PATH_LISTS)[number], path: string): void {
  const paths = (run.stash[list] as string[] | undefined) ?? []
  run.stash[list] = [...paths, path]
}

/** Calls an author's function, turning what it throws into a `ConversionError` naming the field. */
function call<T>(label: string, field: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (isConversionError(error)) {
      if (error.field !== undefined) throw error
      throw new ConversionError(error.message, { field, cause: error })
    }
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    throw new ConversionError(`${label} threw ${why}`, { field, cause: error })
  }
}

/** Whether `back()` gives `original` again; a `back` that throws does not. */
function comesBack(original: unknown, back: () => unknown): boolean {
  try {
    return sameJson(back(), original)
  } catch {
    return false
  }
}

export type ValueMap = Readonly<Record<string, unknown>>

const mapValue = (map: ValueMap | undefined, value: unknown) =>
  map !== undefined && typeof value === 'string' && Object.hasOwn(map, value) ? map[value] : value

/** `from` becomes `to`, its value through `map` if any; `back` is the map of the way back. */
export function renameStep(from: string, to: string, map?: ValueMap, back?: ValueMap): MoveStep {
  const label = from === to ? `mapped ${from}` : `renamed ${from} → ${to}`
  return {
    label,
    reads: [from],
    writes: [to],
    apply: (source, run) => {
      const restored = restoredAt(run, [to])
      if (restored !== undefined) return restored
      const value = valueAt(source, from)
      if (value === undefined) return []
      const mapped = mapValue(map, value)
      if (map !== undefined && !sameJson(mapValue(back, mapped), value)) run.stash[from] = value
      return [{ path: to, value: mapped }]
    },
  }
}

export type Parts = readonly (readonly [name: string, path: string])[]
type PartValues = Record<string, unknown>

/** `from` split into `parts` by `split`; kept in the stash when `join` would not give it back. */
export function splitStep(
  from: string,
  parts: Parts,
  split: (value: unknown) => unknown,
  join: (parts: PartValues) => unknown
): MoveStep {
  const writes = parts.map(([, path]) => path)
  const label = `split ${from} into ${writes.join(', ')}`
  return {
    label,
    reads: [from],
    writes,
    apply: (source, run) => {
      const restored = restoredAt(run, writes)
      if (restored !== undefined) return restored
      const value = valueAt(source, from)
      if (value === undefined) return []
      const values = call(label, from, () => split(value))
      if (!isPlainObject(values)) {
        throw new ConversionError(
          `${label}: split returned ${typeof values}, not an object of parts`,
          { field: from }
        )
      }
      const whole = parts.every(([name]) => values[name] !== undefined)
      if (!whole || !comesBack(value, () => join(values))) run.stash[from] = value
      return parts
        .filter(([name]) => values[name] !== undefined)
        .map(([name, path]) => ({ path, value: values[name] }))
    },
  }
}

/** `parts` joined into `to` by `join` once every part is there; kept in the stash otherwise. */
export function joinStep(
  parts: Parts,
  to: string,
  join: (parts: PartValues) => unknown,
  split: (value: unknown) => unknown
): MoveStep {
  const reads = parts.map(([, path]) => path)
  const label = `joined ${reads.join(', ')} into ${to}`
  return {
    label,
    reads,
    writes: [to],
    apply: (source, run) => {
      const restored = restoredAt(run, [to])
      if (restored !== undefined) return restored
      const values: PartValues = {}
      for (const [name, path] of parts) {
        const value = valueAt(source, path)
        if (value !== undefined) values[name] = value
      }
      if (Object.keys(values).length === 0) return []
      const keep = () => {
        for (const [name, path] of parts)
          if (values[name] !== undefined) run.stash[path] = values[name]
      }
      if (Object.keys(values).length < parts.length) {
        keep()
        return []
      }
      const joined = call(label, reads[0] as string, () => join(values))
      if (!comesBack(values, () => split(joined))) keep()
      return joined === undefined ? [] : [{ path: to, value: joined }]
    },
  }
}

/** `path` gets `value` when it is absent, unless the way here found it absent. */
export function fillStep(path: string, value: unknown): MoveStep {
  return {
    label: `added ${path}`,
    reads: [],
    writes: [path],
    apply: (source, run) => {
      const restored = restoredAt(run, [path])
      if (restored !== undefined) return restored
      if (value === undefined || wasAbsent(run, path) || valueAt(source, path) !== undefined) {
        return []
      }
      return [
        {
          path,
          value: typeof value === 'object' && value !== null ? jsonCopy(value) : value,
          ifParent: true,
        },
      ]
    },
  }
}

/** `path` leaves the object, kept in the stash unless it holds `value`, what the way back fills in. */
export function dropStep(path: string, value: unknown): MoveStep {
  const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : undefined
  return {
    label: `removed ${path}`,
    reads: [path],
    writes: [],
    apply: (source, run) => {
      const held = valueAt(source, path)
      if (held === undefined) {
        const parentThere = parent === undefined || isPlainObject(valueAt(source, parent))
        if (value !== undefined && parentThere) stashPath(run, ABSENT, path)
      } else if (value === undefined || !sameJson(held, value)) {
        run.stash[path] = held
      }
      return []
    },
  }
}
