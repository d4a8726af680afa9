// The hooks' stash schema against the moves: a key both would stash is refused when the scheme is
// defined, since the moves' entry and the hooks' share one stash entry per version.
import { schemeProblem as issue, type SchemeProblem } from '../scheme-problem.ts'
import { isStashSchema, stashSchemaKeys } from '../stash/index.ts'
import type { ErasedMoveOptions, FieldMove } from './field-move.ts'
import { PATH_LISTS } from './move-steps.ts'

/** What the moves may stash: keys as they are, and the prefixes of list items (`spec.ports[`). */
interface MoveStashKeys {
  readonly keys: Map<string, string>
  readonly prefixes: Map<string, string>
}

/**
 * What is wrong with `options.stash`: not a zod object, or a key one of the moves stashes too.
 *
 * @example
 * ```ts
 * stashKeyProblems([{ kind: 'removed', path: 'spec.legacy' }], { stash: z.object({ 'spec.legacy': z.string() }) })
 * // → [{ code: 'stash-key-taken', path: 'spec.legacy', message: 'stash key spec.legacy: removed spec.legacy …' }]
 * ```
 */
export function stashKeyProblems(
  moves: readonly FieldMove[],
  options: ErasedMoveOptions
): SchemeProblem[] {
  const stash: unknown = options.stash
  if (stash === undefined) return []
  if (!isStashSchema(stash)) {
    return [
      issue(
        'stash-schema-invalid',
        '`stash` must be a zod object of the fields the hooks keep, z.object({ … })',
        'stash'
      ),
    ]
  }
  const taken: MoveStashKeys = { keys: new Map(), prefixes: new Map() }
  for (const list of PATH_LISTS) taken.keys.set(list, 'the moves, for the paths they list')
  collect(moves, '', taken)
  return stashSchemaKeys(stash).flatMap((key) => {
    const move =
      taken.keys.get(key) ?? [...taken.prefixes].find(([prefix]) => key.startsWith(prefix))?.[1]
    if (move === undefined) return []
    const message = `stash key ${key}: ${move} stashes it too, in the same entry; give the hooks' field a name of its own`
    return [issue('stash-key-taken', message, key)]
  })
}

function collect(moves: readonly FieldMove[], prefix: string, taken: MoveStashKeys): void {
  const take = (label: string, ...paths: string[]) => {
    for (const path of paths) taken.keys.set(prefix + path, label)
  }
  for (const move of moves) {
    switch (move.kind) {
      case 'renamed':
        if (move.values !== undefined) take(`renamed ${move.from} → ${move.to}`, move.from, move.to)
        break
      case 'split':
        take(`split ${move.from}`, move.from, ...Object.values(move.parts))
        break
      case 'joined':
        take(`joined ${move.to}`, move.to, ...Object.values(move.parts))
        break
      case 'added':
        take(`added ${move.path}`, move.path)
        break
      case 'removed':
        if (move.annotation === undefined) take(`removed ${move.path}`, move.path)
        break
      case 'each':
        taken.prefixes.set(`${prefix}${move.path}[`, `each ${move.path}`)
        break
    }
  }
}
