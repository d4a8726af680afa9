// What one object did wrong in a round trip, and the conversions whose failures become one.
import { convertChecked } from '@crdconv/webhook/review'
import type { ConversionFailureCode, KubeObject, Scheme } from '@crdconv/webhook/scheme'
import type { RoundTripFailureCode } from './round-trip-report.ts'

/**
 * What one object did wrong: a headline, detail lines, and what came back, if anything. With
 * `stash-too-large`, nothing: the stash could not hold what a conversion had to keep.
 */
export interface Problem {
  readonly code: RoundTripFailureCode
  /** With `conversion-failed`: the code of the conversion's failure. */
  readonly conversionCode?: ConversionFailureCode
  readonly what: string
  readonly lines: readonly string[]
  readonly returned?: unknown
}

/** The converted object, or the problem the round-trip report shows for it. */
export function storedAnswer(
  scheme: Scheme,
  object: KubeObject,
  desiredAPIVersion: string
): Problem | { readonly object: KubeObject } {
  const result = convertChecked(scheme, object, desiredAPIVersion)
  if (result.ok) return result
  const versionOf = (apiVersion: string | undefined) => apiVersion?.split('/').pop() ?? '?'
  const step = `${versionOf(object.apiVersion)} → ${versionOf(desiredAPIVersion)}`
  const { code, message, path, rejected } = result.problem
  if (rejected !== undefined) {
    return {
      code: 'answer-refused',
      what: `${step} gave an answer the API server rejects: ${rejected.rule.message}`,
      lines: [],
      returned: rejected.answer,
    }
  }
  const field = path === undefined ? '' : ` (field ${path})`
  // a limit of the two versions: the API server gets a clear Failed answer and keeps the object
  if (code === 'stash-too-large') {
    return { code, what: `${step} was refused: ${message}${field}`, lines: [] }
  }
  const hint =
    code === 'converter-threw' &&
    /read.only|not extensible|Cannot (add|assign|delete|define)/.test(message)
      ? ['a converter wrote to the object it was given: build and return a new one instead']
      : []
  return {
    code: 'conversion-failed',
    conversionCode: code,
    what: `${step} failed: ${message}${field}`,
    lines: hint,
  }
}

/** The problem of a converter that wrote to its input. */
export function mutated(): Problem {
  return {
    code: 'input-mutated',
    what: 'a converter changed the object it was given',
    lines: ['converters must build and return a new object and leave their input as it was'],
  }
}
