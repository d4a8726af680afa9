import { isPlainObject } from './kube-object.ts'

/** The value at the dotted `path` of `object`, `undefined` where an object on the way is missing. */
export function valueAt(object: unknown, path: string): unknown {
  let current = object
  for (const segment of path.split('.')) {
    if (!isPlainObject(current)) return undefined
    current = current[segment]
  }
  return current
}

/**
 * A copy of an object that is edited at dotted paths without ever writing to the original: each
 * nested object on an edited path is copied once, the first time it is written to. A removed
 * field is left out of a new copy rather than deleted, which would slow every later access.
 */
export class ObjectDraft {
  private root: Record<string, unknown>
  // nested objects the draft made or copied, made on the first nested edit
  private own: Set<object> | undefined

  constructor(original: Readonly<Record<string, unknown>>) {
    this.root = { ...original }
  }

  get object(): Record<string, unknown> {
    return this.root
  }

  get(path: string): unknown {
    return valueAt(this.root, path)
  }

  /** Whether the object holding the field at `path` is there (the top level always is). */
  hasParent(path: string): boolean {
    const dot = path.lastIndexOf('.')
    return dot === -1 || isPlainObject(valueAt(this.root, path.slice(0, dot)))
  }

  remove(path: string): void {
    const names = path.split('.')
    const last = names.pop() as string
    const parentName = names.pop()
    if (parentName === undefined) {
      if (Object.hasOwn(this.root, last)) this.root = without(this.root, last)
      return
    }
    const holder = this.ownObjectAt(names, false)
    const parent = holder?.[parentName]
    if (holder === undefined || !isPlainObject(parent) || !Object.hasOwn(parent, last)) return
    holder[parentName] = this.mark(without(parent, last))
  }

  /**
   * Sets the field at `path`, making the objects on the way if they are missing. Answers the
   * path of a field on the way that is there but is not an object, if any: then nothing is set.
   */
  set(path: string, value: unknown): string | undefined {
    const names = path.split('.')
    const last = names.pop() as string
    const parent = this.ownObjectAt(names, true)
    if (parent === undefined) {
      const blocking = names.findIndex((_, index) => {
        const above = valueAt(this.root, names.slice(0, index + 1).join('.'))
        return above !== undefined && !isPlainObject(above)
      })
      return names.slice(0, blocking + 1).join('.')
    }
    parent[last] = value
    return undefined
  }

  private mark<T extends object>(object: T): T {
    this.own ??= new Set()
    this.own.add(object)
    return object
  }

  /** The draft's own copy of the object at `names`, copied or made on the way if `make`. */
  private ownObjectAt(
    names: readonly string[],
    make: boolean
  ): Record<string, unknown> | undefined {
    let current = this.root
    for (const name of names) {
      const next = current[name]
      if (next === undefined && make) {
        current = current[name] = this.mark({})
      } else if (isPlainObject(next)) {
        current = this.own?.has(next) === true ? next : (current[name] = this.mark({ ...next }))
      } else {
        return undefined
      }
    }
    return current
  }
}

function without(object: Readonly<Record<string, unknown>>, key: string): Record<string, unknown> {
  const { [key]: _removed, ...rest } = object
  return rest
}
