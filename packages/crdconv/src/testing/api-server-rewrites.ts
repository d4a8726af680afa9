// What the API server changes in a webhook's answer before the next review sees it, one place at a
// time, and how a converter author fixes a loss that one of these changes causes.
import { isPlainObject, jsonDifferences, showValue } from '@crdconv/webhook/json'
import { storedByApiServer } from './api-server-storage.ts'
import type { JsonSchema } from './json-schema-arbitrary.ts'

/**
 * One change the API server makes to an answer at a version: `pruned-empty` (an object holding no
 * value the schema does not declare), `pruned` (any other value it does not declare), `null-dropped`
 * (a `null` the schema does not allow), `defaulted` (absent, or a refused `null`, filled with its
 * default).
 */
export interface ApiServerRewrite {
  readonly kind: 'pruned-empty' | 'pruned' | 'null-dropped' | 'defaulted'
  /** Dotted path of the place rewritten: `spec.legacy`, `spec.ports[0].weight`. */
  readonly path: string
  /** Its parent's path, `undefined` at the top of the object. */
  readonly parent: string | undefined
  /** What the answer had there (`undefined`: absent). */
  readonly answered: unknown
  /** What the API server keeps there (`undefined`: absent). */
  readonly kept: unknown
}

/** At most this many places are named: the first ones tell the author what to look at. */
const MAX_REWRITES = 20

/**
 * Where the API server's `storedByApiServer(answer, schema)` differs from `answer`, as rewrites.
 *
 * @example
 * ```ts
 * apiServerRewrites({ kind: 'Gadget', spec: { timeout: '30s', legacy: {} } }, v2Schema)
 * // → [{ kind: 'pruned-empty', path: 'spec.legacy', parent: 'spec', answered: {}, kept: undefined }]
 * ```
 */
export function apiServerRewrites(
  answer: unknown,
  schema: JsonSchema | boolean
): ApiServerRewrite[] {
  const kept = storedByApiServer(answer, schema)
  return jsonDifferences(answer, kept, MAX_REWRITES).map((difference) => ({
    kind: rewriteKind(difference.expected, difference.actual),
    path: difference.path,
    parent: parentPath(difference.path),
    answered: difference.expected,
    kept: difference.actual,
  }))
}

function rewriteKind(answered: unknown, kept: unknown): ApiServerRewrite['kind'] {
  if (kept !== undefined) return 'defaulted'
  if (answered === null) return 'null-dropped'
  return holdsNoValue(answered) ? 'pruned-empty' : 'pruned'
}

/** An object with nothing in it but other such objects: what a move or a converter leaves behind. */
function holdsNoValue(value: unknown): boolean {
  return isPlainObject(value) && Object.values(value).every((member) => holdsNoValue(member))
}

/** `spec.ports[0]` of `spec.ports[0].weight`, `spec` of `spec["a.b"]`, `undefined` of `spec`. */
function parentPath(path: string): string | undefined {
  const last = /(\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/.exec(path)
  if (last === null || last.index === 0) return undefined
  return path.slice(0, last.index)
}

/** Where a rewrite happened and which converters can fix the loss it causes. */
export interface RewriteScene {
  /** The version the answer was at, whose schema the API server applied. */
  readonly at: string
  /** The version the object came from on that step. */
  readonly from: string
  /** Whether the step ends the round trip, back at the object's own version. */
  readonly returning?: boolean
}

/**
 * One line that names the place, what the API server did to it, why, and the fix.
 *
 * @example
 * ```ts
 * describeRewrite({ kind: 'pruned-empty', path: 'spec.legacy', parent: 'spec', answered: {}, kept: undefined }, { at: 'v2', from: 'v1' })
 * // → 'spec.legacy is left empty at v2 and pruned by the API server (v2's schema does not declare it under spec); remove it in the converter v1 → v2 (`then`, with field moves), or declare it at v2'
 * ```
 */
export function describeRewrite(
  rewrite: ApiServerRewrite,
  { at, from, returning = false }: RewriteScene
): string {
  const { path } = rewrite
  const under = rewrite.parent === undefined ? 'at the top' : `under ${rewrite.parent}`
  const converter = `the converter ${from} → ${at}`
  switch (rewrite.kind) {
    case 'pruned-empty':
      return `${path} is left empty at ${at} and pruned by the API server (${at}'s schema does not declare it ${under}); remove it in ${converter} (\`then\`, with field moves), or declare it at ${at}`
    case 'pruned':
      return `${path} is pruned by the API server at ${at}: ${at}'s schema does not declare it ${under}, which keeps no unknown fields (no x-kubernetes-preserve-unknown-fields); keep it in the stash (stashFields in ${converter}, restoreStashedFields on the way back), declare it at ${at}, or let ${rewrite.parent ?? 'the object'} keep unknown fields (z.looseObject)`
    case 'null-dropped':
      return `${path} is null at ${at}, which ${at}'s schema does not allow, and the API server drops it; leave it out in ${converter}, or make it nullable at ${at}`
    case 'defaulted':
      if (returning) {
        return `${path} is ${rewrite.answered === null ? 'null' : 'absent'} in the answer at ${at} and the API server fills in its default ${showValue(rewrite.kept)}; keep what the object had there in the stash in the converter ${at} → ${from} (stashFields) and give it back in ${converter}`
      }
      return `${path} is ${rewrite.answered === null ? 'null' : 'absent'} at ${at} and the API server fills in its default ${showValue(rewrite.kept)} before the next review; stash that it was absent in ${converter} (stashFields) and leave it out on the way back, or give ${from} the same default`
  }
}
