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
 * nested object on an edited path is copied once, the first time it is written to.
 */
export class ObjectDraft {
  readonly object: Record<string, unknown>
  private readonly own = new Set<object>()

  constructor(original: Readonly<Record<string, unknown>>) {
    this.object = { ...original }
    this.own.add(this.object)
  }

  get(path: string): unknown {
    return valueAt(this.object, path)
  }

  /** Whether the object holding the field at `path` is there (the top level always is). */
  hasParent(path: string): boolean {
    const dot = path.lastIndexOf('.')
    return dot === -1 || isPlainObject(valueAt(this.object, path.slice(0, dot)))
  }

  remove(path: string): void {
    const names = path.split('.')
    const last = names.pop() as string
    const parent = this.ownObjectAt(names, false)
    if (parent !== undefined && Object.hasOwn(parent, last)) delete parent[last]
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
        const above = valueAt(this.object, names.slice(0, index + 1).join('.'))
        return above !== undefined && !isPlainObject(above)
      })
      return names.slice(0, blocking + 1).join('.')
    }
    parent[last] = value
    return undefined
  }

  /** The draft's own copy of the object at `names`, copied or made on the way if `make`. */
  private ownObjectAt(
    names: readonly string[],
    make: boolean
  ): Record<string, unknown> | undefined {
    let current = this.object
    for (const name of names) {
      const next = current[name]
      if (next === undefined && make) {
        const made: Record<string, unknown> = {}
        this.own.add(made)
        current[name] = made
        current = made
      } else if (isPlainObject(next)) {
        if (!this.own.has(next)) {
          const copy = { ...next }
          this.own.add(copy)
          current[name] = copy
          current = copy
        } else {
          current = next
        }
      } else {
        return undefined
      }
    }
    return current
  }
}
