// What a CRD schema node becomes in zod: the shape zod can say (and TypeScript can type), and the
// rest of its keywords stated as they are (`crdKeywords`), so that `crdconv crd` gives them back.
import type { SchemaProps } from '@crdconv/webhook'
import { isPlainObject } from '@crdconv/webhook/scheme'

interface PlanBase {
  /** Keywords said verbatim in the CRD (`crdKeywords`): everything zod does not derive itself. */
  readonly stated: SchemaProps
  readonly nullable: boolean
  /** The node's description: written apart from the schema (`crdDescriptions`), never in it. */
  readonly description?: string
}

export interface ObjectField {
  readonly name: string
  readonly plan: ZodPlan
  readonly optional: boolean
}

export type ZodPlan = PlanBase &
  (
    | { readonly kind: 'object'; readonly loose: boolean; readonly fields: readonly ObjectField[] }
    | { readonly kind: 'record'; readonly value: ZodPlan }
    | { readonly kind: 'array'; readonly items: ZodPlan }
    | { readonly kind: 'enum'; readonly values: readonly string[] }
    | { readonly kind: 'string' | 'integer' | 'number' | 'boolean' | 'intOrString' | 'unknown' }
  )

const PRESERVE = 'x-kubernetes-preserve-unknown-fields'
const INT_OR_STRING = 'x-kubernetes-int-or-string'
const SCALARS = new Set(['string', 'integer', 'number', 'boolean'])

/**
 * The zod plan of a structural schema node (checked by `readCrdDocuments`).
 *
 * @example
 * ```ts
 * planSchema({ type: 'string', format: 'date-time' })
 * // { kind: 'string', stated: { format: 'date-time' }, nullable: false }
 * ```
 */
export function planSchema(node: SchemaProps): ZodPlan {
  const { description, ...described } = node
  if (typeof description !== 'string') return planNode(node)
  return { ...planNode(described), description }
}

function planNode(node: SchemaProps): ZodPlan {
  const { type, nullable: rawNullable, ...rest } = node
  const stated: SchemaProps = { ...rest }
  const typed = typeof type === 'string'
  // zod says nullable itself where it keeps a type; on any-value nodes it stays stated
  const nullable = rawNullable === true && typed
  if (rawNullable !== undefined && !nullable) stated['nullable'] = rawNullable
  if (type === 'object') return planObject(stated, nullable)
  if (type === 'array' && isPlainObject(rest['items'])) {
    delete stated['items']
    return { kind: 'array', items: planSchema(rest['items']), stated, nullable }
  }
  if (type === 'string' && isStringEnum(rest['enum'])) {
    delete stated['enum']
    return { kind: 'enum', values: rest['enum'], stated, nullable }
  }
  if (typeof type === 'string' && SCALARS.has(type)) {
    return { kind: type as 'string' | 'integer' | 'number' | 'boolean', stated, nullable }
  }
  if (typed) stated['type'] = type
  if (rest[INT_OR_STRING] === true) return { kind: 'intOrString', stated, nullable: false }
  return { kind: 'unknown', stated, nullable: false }
}

function planObject(stated: SchemaProps, nullable: boolean): ZodPlan {
  const properties = stated['properties']
  const additional = stated['additionalProperties']
  if (isPlainObject(additional) && Object.keys(additional).length > 0 && properties === undefined) {
    delete stated['additionalProperties']
    return { kind: 'record', value: planSchema(additional), stated, nullable }
  }
  const declared = isPlainObject(properties) ? properties : {}
  delete stated['properties']
  const required = Array.isArray(stated['required']) ? (stated['required'] as unknown[]) : []
  // zod's required list is the fields without .optional(), in the order they are declared; one
  // that says more (an undeclared field, another order, a name twice) stays stated
  const derived = Object.keys(declared).filter((name) => required.includes(name))
  if (
    required.length === derived.length &&
    required.every((name, index) => name === derived[index])
  ) {
    delete stated['required']
  }
  const fields = Object.entries(declared).map(([name, child]) => ({
    name,
    plan: planSchema(isPlainObject(child) ? child : {}),
    optional: !required.includes(name),
  }))
  return { kind: 'object', loose: stated[PRESERVE] === true, fields, stated, nullable }
}

function isStringEnum(values: unknown): values is string[] {
  return (
    Array.isArray(values) &&
    values.length > 0 &&
    values.every((value) => typeof value === 'string') &&
    new Set(values).size === values.length
  )
}
