import { registry, util, type $ZodType } from 'zod/v4/core'
import type { SchemaProps } from './crd-keywords.ts'

/** Why a field breaks a rule, as the API server reports it (`reason` of a `ValidationRule`). */
export type CelRuleReason =
  'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate'

/**
 * One CEL validation rule of a CRD schema node (Kubernetes `ValidationRule`, in
 * `x-kubernetes-validations`), enforced by the API server from Kubernetes 1.25 on.
 */
export interface CelRule {
  /** A CEL expression that is true for a valid value: `self` is the node, `oldSelf` its value before an update. */
  readonly rule: string
  /** What the API server answers when the rule is false; default "failed rule: RULE". */
  readonly message?: string
  /** A CEL expression that builds the message (a string); `message` is the fallback when it fails. */
  readonly messageExpression?: string
  /** The reason the API server reports; default `FieldValueInvalid`. */
  readonly reason?: CelRuleReason
  /** The field the failure is reported at, relative to the node, like `.replicas` or `['key']`. */
  readonly fieldPath?: string
  /**
   * Run the transition rule also when there is no old value (create, or a field just added):
   * `oldSelf` is then an optional, so the rule reads it as `oldSelf.hasValue()`/`oldSelf.value()`.
   */
  readonly optionalOldSelf?: boolean
}

const RULE_KEYS = [
  'rule',
  'message',
  'messageExpression',
  'reason',
  'fieldPath',
  'optionalOldSelf',
] as const
// apart from crdKeywords, so that a later .register(crdKeywords, …) keeps them
const celRuleRegistry = /* @__PURE__ */ registry<{ readonly rules: readonly SchemaProps[] }>()

/**
 * A copy of `schema` that carries CEL validation `rules` into the CRD (`x-kubernetes-validations`
 * of its node, after any rules it has already); `schema` itself is unchanged. The API server
 * checks them on every write, before storing; the webhook never does, since a conversion must not
 * fail for validation. Kubernetes before 1.25 drops them.
 *
 * @example
 * ```ts
 * const GadgetSpec = celRules(z.object({ replicas: z.int(), maxReplicas: z.int() }), [
 *   { rule: 'self.replicas <= self.maxReplicas', message: 'replicas must not exceed maxReplicas' },
 * ])
 * ```
 */
export function celRules<Schema extends $ZodType>(
  schema: Schema,
  rules: readonly CelRule[]
): Schema {
  const added = rules.map(ruleProps)
  const copy = util.clone(schema)
  celRuleRegistry.add(copy, { rules: [...celRulesOf(schema), ...added] })
  return copy
}

/** The rules `celRules` gave this zod schema (a copy inherits its original's), as CRD JSON. */
export function celRulesOf(schema: $ZodType): readonly SchemaProps[] {
  return celRuleRegistry.get(schema)?.rules ?? []
}

// Kubernetes' field order; a rule must be a CEL expression, the rest only what is said
function ruleProps(rule: CelRule, index: number): SchemaProps {
  if (typeof rule.rule !== 'string' || rule.rule.trim() === '') {
    throw new TypeError(`celRules: rule ${index} has no CEL expression in \`rule\``)
  }
  const props: SchemaProps = {}
  for (const key of RULE_KEYS) if (rule[key] !== undefined) props[key] = rule[key]
  return props
}
