// A zod plan as TypeScript source (the imported module) and as a live zod schema (`--check`,
// the bench): one plan, two renderings, so the check sees what the module says.
import * as z from 'zod'
import { crdKeywords, type SchemaProps } from '../crd/index.ts'
import type { ZodPlan } from './zod-plan.ts'

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * TypeScript source of `plan`: `z.…` calls, with `.register(crdKeywords, {…})` for stated
 * keywords; `z` and `crdKeywords` must be in scope.
 *
 * @example
 * ```ts
 * zodSource({ kind: 'string', stated: { format: 'uri' }, nullable: false })
 * // "z.string().register(crdKeywords, { format: 'uri' })"
 * ```
 */
export function zodSource(plan: ZodPlan): string {
  let source: string
  switch (plan.kind) {
    case 'object': {
      const fields = plan.fields.map(
        ({ name, plan: field, optional }) =>
          `${propertyKey(name)}: ${zodSource(field)}${optional ? '.optional()' : ''}`
      )
      source = `z.${plan.loose ? 'looseObject' : 'object'}({${fields.join(',\n')}})`
      break
    }
    case 'record':
      source = `z.record(z.string(), ${zodSource(plan.value)})`
      break
    case 'array':
      source = `z.array(${zodSource(plan.items)})`
      break
    case 'enum':
      source = `z.enum(${JSON.stringify(plan.values)})`
      break
    case 'integer':
      source = 'z.int()'
      break
    case 'intOrString':
      source = 'z.union([z.int(), z.string()])'
      break
    default:
      source = `z.${plan.kind}()`
  }
  if (Object.keys(plan.stated).length > 0) {
    source += `.register(crdKeywords, ${JSON.stringify(plan.stated)})`
  }
  return plan.nullable ? `${source}.nullable()` : source
}

/** The zod schema `zodSource(plan)` would build, built directly. */
export function buildZod(plan: ZodPlan): z.ZodType {
  let schema: z.ZodType
  switch (plan.kind) {
    case 'object': {
      const shape: Record<string, z.ZodType> = {}
      for (const { name, plan: field, optional } of plan.fields) {
        const built = buildZod(field)
        // defineProperty: a field named __proto__ is a field, not the prototype
        Object.defineProperty(shape, name, {
          value: optional ? built.optional() : built,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      schema = plan.loose ? z.looseObject(shape) : z.object(shape)
      break
    }
    case 'record':
      schema = z.record(z.string(), buildZod(plan.value))
      break
    case 'array':
      schema = z.array(buildZod(plan.items))
      break
    case 'enum':
      schema = z.enum(plan.values as [string, ...string[]])
      break
    case 'integer':
      schema = z.int()
      break
    case 'intOrString':
      schema = z.union([z.int(), z.string()])
      break
    case 'string':
      schema = z.string()
      break
    case 'number':
      schema = z.number()
      break
    case 'boolean':
      schema = z.boolean()
      break
    default:
      schema = z.unknown()
  }
  if (Object.keys(plan.stated).length > 0) schema.register(crdKeywords, plan.stated as SchemaProps)
  return plan.nullable ? schema.nullable() : schema
}

export function propertyKey(name: string): string {
  if (name === '__proto__') return '["__proto__"]'
  return IDENTIFIER.test(name) ? name : JSON.stringify(name)
}
