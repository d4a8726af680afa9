// The root of a version's schema in zod: what crdconv crd adds itself (apiVersion, kind and
// metadata) said only where the CRD says it otherwise, so that it comes back as it was.
import type { RootField, RootFields, SchemaProps } from '@crdconv/webhook'
import { isPlainObject } from '@crdconv/webhook/scheme'
import { planSchema, type ZodPlan } from './zod-plan.ts'

const ROOT_FIELDS: readonly RootField[] = ['apiVersion', 'kind', 'metadata']

export interface RootPlan {
  readonly schema: ZodPlan
  /** Set when the CRD leaves out some of apiVersion, kind and metadata. */
  readonly rootFields?: RootFields
}

/**
 * The zod plan of a version's `openAPIV3Schema`. `metadata` that says nothing but "an object" is
 * left to crdconv crd, which adds it; `apiVersion` and `kind` are strings whose every keyword is
 * stated (crdconv crd drops what zod derives for them); a CRD that leaves some of the three out
 * says which with `crdRootFields`; a root `required` naming one of them stays stated (crdconv
 * crd drops them from what zod derives).
 *
 * @example
 * ```ts
 * planRoot({ type: 'object', required: ['metadata'], properties: { spec: { type: 'string' } } })
 * // { schema: …, rootFields: { add: [] } }
 * ```
 */
export function planRoot(root: SchemaProps): RootPlan {
  const properties = isPlainObject(root['properties']) ? { ...root['properties'] } : {}
  const present = ROOT_FIELDS.filter((field) => Object.hasOwn(properties, field))
  if (isBareObject(properties['metadata'])) delete properties['metadata']
  const planned = planSchema(root['properties'] === undefined ? root : { ...root, properties })
  const schema = planned.kind === 'object' ? withRootFields(planned, root) : planned
  if (present.length === ROOT_FIELDS.length) return { schema }
  return {
    schema,
    rootFields: { add: present.filter((field) => !Object.hasOwn(properties, field)) },
  }
}

function withRootFields(plan: ZodPlan & { kind: 'object' }, root: SchemaProps): ZodPlan {
  const fields = plan.fields.map((field) =>
    field.name === 'apiVersion' || field.name === 'kind'
      ? { ...field, plan: stringPlan(field.plan, rootProperty(root, field.name)) }
      : field
  )
  const required = root['required']
  const namesRootField =
    Array.isArray(required) && required.some((name) => ROOT_FIELDS.includes(name as RootField))
  const stated =
    namesRootField && plan.stated['required'] === undefined
      ? { ...plan.stated, required }
      : plan.stated
  return { ...plan, fields, stated }
}

// z.string() with the node's keywords stated as they are: crdconv crd keeps stated keywords on
// apiVersion and kind, and nothing it derives from zod
function stringPlan(plan: ZodPlan, node: SchemaProps): ZodPlan {
  if (node['type'] !== 'string') return plan
  const { type: _type, description: _description, ...stated } = node
  return {
    kind: 'string',
    stated,
    nullable: false,
    ...(plan.description === undefined ? {} : { description: plan.description }),
  }
}

function rootProperty(root: SchemaProps, field: string): SchemaProps {
  const properties = root['properties']
  const node = isPlainObject(properties) ? properties[field] : undefined
  return isPlainObject(node) ? node : {}
}

function isBareObject(node: unknown): boolean {
  return isPlainObject(node) && Object.keys(node).length === 1 && node['type'] === 'object'
}
