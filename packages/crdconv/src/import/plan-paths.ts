// Where a `crdconv diff` path lands in a version's zod plan, and how a declared move names it:
// `fieldMoves` paths are dotted field names, a list of objects starts them again (`each`).
import { canonicalJson, MAX_FIELD_PATH_DEPTH } from '@crdconv/webhook/scheme'
import type { ZodPlan } from './zod-plan.ts'

/** One step down a plan: a field of an object, the items of a list, the values of a map. */
export type PlanStep =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'items' }
  | { readonly kind: 'values' }

/**
 * The plan at a diff path (`.spec.ports[].name`) and the steps to it, or `undefined` when the plan
 * does not say that field (a map with fields of its own, an any-value node).
 *
 * @example
 * ```ts
 * planAt(plan, '.spec.ports[].name')?.steps // [{ kind: 'field', name: 'spec' }, …]
 * ```
 */
export function planAt(
  plan: ZodPlan,
  path: string
): { plan: ZodPlan; steps: PlanStep[] } | undefined {
  if (path === '') return { plan, steps: [] }
  if (plan.kind === 'array' && path.startsWith('[]')) {
    return prefixed({ kind: 'items' }, planAt(plan.items, path.slice(2)))
  }
  if (plan.kind === 'record' && path.startsWith('[*]')) {
    return prefixed({ kind: 'values' }, planAt(plan.value, path.slice(3)))
  }
  if (plan.kind !== 'object') return undefined
  for (const field of plan.fields) {
    const rest = path.slice(field.name.length + 1)
    if (!path.startsWith(`.${field.name}`) || !/^(\.|\[|$)/.test(rest)) continue
    const found = prefixed({ kind: 'field', name: field.name }, planAt(field.plan, rest))
    if (found !== undefined) return found
  }
  return undefined
}

function prefixed(step: PlanStep, found: ReturnType<typeof planAt>): ReturnType<typeof planAt> {
  return found && { plan: found.plan, steps: [step, ...found.steps] }
}

/** A field as moves name it: the lists to go into with `each`, then the path inside the last. */
export interface MovePath {
  readonly lists: readonly string[]
  readonly path: string
}

/**
 * How `fieldMoves` reaches the field at `steps`, or why no move can: a map's values, a list of
 * lists, a field name with a dot, deeper than the typed paths go.
 *
 * @example
 * ```ts
 * movePath(planAt(plan, '.spec.ports[].name')!.steps) // { lists: ['spec.ports'], path: 'name' }
 * ```
 */
export function movePath(steps: readonly PlanStep[]): MovePath | string {
  const lists: string[] = []
  let names: string[] = []
  for (const step of steps) {
    if (step.kind === 'values') return 'it is inside a map, where no move reaches'
    if (step.kind === 'items') {
      if (names.length === 0) return 'it is inside a list of lists, where no move reaches'
      lists.push(names.join('.'))
      names = []
      continue
    }
    if (step.name.includes('.') || step.name === '') {
      return `no dotted path can name the field ${JSON.stringify(step.name)}`
    }
    names.push(step.name)
    if (names.length > MAX_FIELD_PATH_DEPTH) {
      return `it is more than ${MAX_FIELD_PATH_DEPTH} fields deep, beyond the paths moves type-check`
    }
  }
  if (names.length === 0) return 'it is not a field'
  return { lists, path: names.join('.') }
}

/**
 * What a field is to TypeScript and to the API server, without its descriptions and checks: two
 * fields with the same key hold the same values.
 *
 * @example
 * ```ts
 * shapeKey({ kind: 'string', stated: { format: 'uri', description: '…' }, nullable: false })
 * // '{"format":"uri","kind":"string","nullable":false}'
 * ```
 */
export function shapeKey(plan: ZodPlan): string {
  return canonicalJson(shapeOf(plan))
}

function shapeOf(plan: ZodPlan): unknown {
  const { stated } = plan
  const shape: Record<string, unknown> = { kind: plan.kind, nullable: plan.nullable }
  for (const keyword of [
    'format',
    'x-kubernetes-preserve-unknown-fields',
    'x-kubernetes-embedded-resource',
  ]) {
    if (stated[keyword] !== undefined) shape[keyword] = stated[keyword]
  }
  switch (plan.kind) {
    case 'object':
      shape['fields'] = plan.fields.map(({ name, plan: field }) => [name, shapeOf(field)])
      break
    case 'array':
      shape['items'] = shapeOf(plan.items)
      break
    case 'record':
      shape['values'] = shapeOf(plan.value)
      break
    case 'enum':
      shape['values'] = [...plan.values].sort()
      break
  }
  return shape
}
