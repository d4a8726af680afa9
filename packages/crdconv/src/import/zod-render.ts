// A zod plan as TypeScript source (the imported module) and as a live zod schema (`--check`,
// the bench): one plan, two renderings, so the check sees what the module says.
import * as z from 'zod'
import { crdKeywords, type SchemaProps } from '@crdconv/webhook'
import type { ZodPlan } from './zod-plan.ts'

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Object schemas said once each, as named constants, before what uses them. */
export interface SourceDefinitions {
  /** `const Name = …` lines, in the order they must be declared. */
  readonly lines: string[]
  readonly names: Map<string, string>
  readonly taken: Set<string>
}

export function newSourceDefinitions(): SourceDefinitions {
  return { lines: [], names: new Map(), taken: new Set() }
}

/**
 * TypeScript source of `plan`: `z.…` calls, with `.register(crdKeywords, {…})` for stated
 * keywords; `z` and `crdKeywords` must be in scope. Nested objects become constants in
 * `definitions`, named after where they first appear (`name`), one per distinct schema: the
 * module reads like the Go types behind the CRD, and stays quick to format and to typecheck.
 *
 * @example
 * ```ts
 * zodSource({ kind: 'string', stated: { format: 'uri' }, nullable: false })
 * // 'z.string().register(crdKeywords, {"format":"uri"})'
 * ```
 */
export function zodSource(
  plan: ZodPlan,
  name = 'Schema',
  definitions: SourceDefinitions = newSourceDefinitions(),
  hoist = false
): string {
  if (hoist && plan.kind === 'object' && plan.fields.length > 0) {
    // objects that differ only in their descriptions are one schema: those live apart
    const key = JSON.stringify(plan, function (this: unknown, field, value: unknown) {
      return field === 'description' && typeof value === 'string' && isPlanNode(this)
        ? undefined
        : value
    })
    const known = definitions.names.get(key)
    if (known !== undefined) return known
    const source = zodSource(plan, name, definitions, false)
    let unique = name
    for (let count = 2; definitions.taken.has(unique); count++) unique = `${name}${count}`
    definitions.taken.add(unique)
    definitions.names.set(key, unique)
    definitions.lines.push(`const ${unique} = ${source}\n`)
    return unique
  }
  let source: string
  switch (plan.kind) {
    case 'object': {
      const fields = plan.fields.map(
        ({ name: field, plan: child, optional }) =>
          `${propertyKey(field)}: ${zodSource(child, `${name}${pascal(field)}`, definitions, true)}${optional ? '.optional()' : ''}`
      )
      source = `z.${plan.loose ? 'looseObject' : 'object'}({${fields.join(',\n')}})`
      break
    }
    case 'record':
      source = `z.record(z.string(), ${zodSource(plan.value, `${name}Value`, definitions, true)})`
      break
    case 'array':
      source = `z.array(${zodSource(plan.items, `${name}Item`, definitions, true)})`
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

const isPlanNode = (value: unknown) =>
  typeof value === 'object' && value !== null && 'stated' in value && 'kind' in value

function pascal(field: string): string {
  const words = field.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')
  const joined = words.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('')
  return /^[0-9]/.test(joined) ? `_${joined}` : joined
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
