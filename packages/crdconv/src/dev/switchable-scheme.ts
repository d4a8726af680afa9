// The scheme a long-running local webhook serves, swapped in place when the project's scheme is
// reloaded: the server keeps its port, its connections and its certificate.
import type { Scheme } from '@crdconv/webhook/scheme'

/** A scheme whose every call goes to the one last put in place. */
export interface SwitchableScheme {
  /** Hand this to the server once: it always answers with `current()`. */
  readonly scheme: Scheme
  readonly current: () => Scheme
  readonly replace: (next: Scheme) => void
}

/**
 * A `Scheme` that forwards to `initial`, then to whatever `replace` puts in its place; reviews
 * already in flight finish with the scheme they started with.
 *
 * @example
 * ```ts
 * const served = switchableScheme(await loadScheme(undefined, cwd))
 * const server = await nodeServer(served.scheme, { port: 9443 })
 * served.replace(await loadScheme(undefined, cwd, { fresh: true }))
 * ```
 */
export function switchableScheme(initial: Scheme): SwitchableScheme {
  let current = initial
  const scheme: Scheme = {
    get resources() {
      return current.resources
    },
    resourceFor: (group, kind) => current.resourceFor(group, kind),
    convert: (object, desiredAPIVersion) => current.convert(object, desiredAPIVersion),
  }
  return {
    scheme,
    current: () => current,
    replace: (next) => {
      current = next
    },
  }
}
