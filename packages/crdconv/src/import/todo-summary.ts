// What an import leaves to the author, counted by what deciding it takes: a conversion (data is
// lost, invented or reshaped until it is decided), a validation (a value one version accepts and
// the other refuses) or a required-ness (a field one version requires).
import type { CrdShape } from '../crd/index.ts'
import type { DifferenceKind } from '../diff/index.ts'
import { isPlainObject } from '@crdconv/webhook/scheme'
import { pairTodos } from './moves-render.ts'
import type { ResourcePlan } from './resource-plan.ts'
import type { MoveTodo } from './move-plan.ts'

/** What a TODO asks the author to decide. */
export type TodoCategory = 'conversion' | 'validation' | 'required-ness'

/** The categories in the order the summary prints them. */
export const TODO_CATEGORIES: readonly TodoCategory[] = [
  'conversion',
  'validation',
  'required-ness',
]

const VALIDATION_KINDS: ReadonlySet<DifferenceKind> = new Set<DifferenceKind>([
  'format',
  'list-type',
  'list-map-keys',
  'map-type',
  'rules-added',
  'rules-removed',
  'validation',
])

/**
 * The category of a TODO from the kind of difference behind it.
 *
 * @example
 * ```ts
 * todoCategory({ kind: 'required', … }) // 'required-ness'
 * ```
 */
export function todoCategory(todo: Pick<MoveTodo, 'kind'>): TodoCategory {
  if (todo.kind === 'required') return 'required-ness'
  return VALIDATION_KINDS.has(todo.kind) ? 'validation' : 'conversion'
}

/** Every TODO of a resource's plan, in the order the module and its test list them. */
export function planTodos(plan: ResourcePlan): { pair: string; todo: MoveTodo }[] {
  return plan.converters.flatMap((pair) =>
    pairTodos(pair).map((todo) => ({ pair: `${pair.from} → ${pair.to}`, todo }))
  )
}

/** How many TODOs of each category `plan` leaves, every category present (0 where none). */
export function todoCounts(plan: ResourcePlan): Readonly<Record<TodoCategory, number>> {
  const counts: Record<TodoCategory, number> = { conversion: 0, validation: 0, 'required-ness': 0 }
  for (const { todo } of planTodos(plan)) counts[todoCategory(todo)]++
  return counts
}

/**
 * The fields of a CRD's versions whose schema says nothing of what they hold
 * (`x-kubernetes-preserve-unknown-fields`, `x-kubernetes-embedded-resource`), by path, each once:
 * a schema difference cannot show what converts inside them, so no TODO can name it.
 *
 * @example
 * ```ts
 * opaqueFields(crd) // ['.spec.template', '.status.outputs']
 * ```
 */
export function opaqueFields(crd: CrdShape): string[] {
  const found = new Set<string>()
  const walk = (node: unknown, path: string): void => {
    if (!isPlainObject(node)) return
    if (
      node['x-kubernetes-preserve-unknown-fields'] === true ||
      node['x-kubernetes-embedded-resource'] === true
    ) {
      found.add(path === '' ? '(the whole object)' : path)
      return
    }
    for (const [name, child] of Object.entries(node['properties'] ?? {})) {
      if (path === '' && name === 'metadata') continue
      walk(child, `${path}.${name}`)
    }
    walk(node['items'], `${path}[]`)
    walk(node['additionalProperties'], `${path}.*`)
  }
  for (const version of crd.spec.versions) walk(version.schema?.openAPIV3Schema, '')
  return [...found]
}
