import {
  describeField,
  describeObject,
  type ConversionFailure,
  type KubeObject,
  type Scheme,
} from '../scheme/index.ts'
import { checkConvertedObject, type AnswerRule } from './answer-check.ts'

/** Why one object did not convert, with everything a message must name. */
export interface ConversionProblem extends ConversionFailure {
  readonly kind: string
  /** `namespace/name` or `name`. */
  readonly object: string
  readonly from: string
  readonly to: string
  /** Set when the converter answered but the API server would refuse the answer. */
  readonly rejected?: { readonly rule: AnswerRule; readonly answer: unknown }
}

export type CheckedConversion =
  | { readonly ok: true; readonly object: KubeObject }
  | { readonly ok: false; readonly problem: ConversionProblem }

/**
 * Converts one object and checks the answer against the API server's rules: the one step every
 * caller shares (the webhook, `crdconv check` and `convert`, the round-trip kit). A broken answer
 * becomes a problem like a failed conversion, so nothing the API server would refuse gets out.
 *
 * @example
 * ```ts
 * const result = convertChecked(scheme, stored, 'example.com/v1')
 * if (!result.ok) console.error(describeProblem(result.problem))
 * ```
 */
export function convertChecked(
  scheme: Scheme,
  object: unknown,
  desiredAPIVersion: string
): CheckedConversion {
  const result = scheme.convert(object, desiredAPIVersion)
  if (!result.ok)
    return {
      ok: false,
      problem: { ...problemSubject(object, desiredAPIVersion), ...result.failure },
    }
  const rule = checkConvertedObject(object, result.object, desiredAPIVersion)
  if (rule === undefined) return result
  return {
    ok: false,
    problem: {
      ...problemSubject(object, desiredAPIVersion),
      code: 'answer-refused',
      message: `the converted object would be rejected by the API server: ${rule.message}`,
      rejected: { rule, answer: result.object },
    },
  }
}

/** `CronTab ns/name, example.com/v1beta1 → example.com/v1: message (field spec.x)`. */
export function describeProblem(problem: ConversionProblem): string {
  const field = problem.path === undefined ? '' : ` (field ${problem.path})`
  return `${problem.kind} ${problem.object}, ${problem.from} → ${problem.to}: ${problem.message}${field}`
}

/** Which object a problem is about, and the conversion it was on: the fields every problem names. */
export function problemSubject(object: unknown, to: string) {
  return {
    kind: describeField(object, 'kind'),
    object: describeObject(object),
    from: describeField(object, 'apiVersion'),
    to,
  }
}
