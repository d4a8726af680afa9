// The descriptions of an imported CRD, in a module of their own (`machine.descriptions.ts`): the
// schema module the webhook serves carries none of the text, and `crdconv crd` gives it back.
import { fieldSegment, type FieldDescriptions } from '../crd/index.ts'
import type { ResourcePlan } from './resource-plan.ts'
import type { ZodPlan } from './zod-plan.ts'

/**
 * Every description in `plan`, by field path (`.` the root, `[]` a list's items, `[*]` a map's
 * values), in the order the schema declares the fields.
 *
 * @example
 * ```ts
 * planDescriptions(planSchema({ type: 'object', description: 'A gadget.', properties: { spec: { type: 'object', description: 'What it does.' } } }))
 * // { '.': 'A gadget.', '.spec': 'What it does.' }
 * ```
 */
export function planDescriptions(plan: ZodPlan): FieldDescriptions {
  const descriptions: Record<string, string> = {}
  const walk = (node: ZodPlan, path: string) => {
    if (node.description !== undefined) descriptions[path === '' ? '.' : path] = node.description
    if (node.kind === 'object') {
      for (const field of node.fields) walk(field.plan, `${path}${fieldSegment(field.name)}`)
    } else if (node.kind === 'array') walk(node.items, `${path}[]`)
    else if (node.kind === 'record') walk(node.value, `${path}[*]`)
  }
  walk(plan, '')
  return descriptions
}

/** Whether `plan` has a description anywhere: a CRD without any gets no descriptions module. */
export function hasDescriptions(plan: ResourcePlan): boolean {
  return plan.versions.some((version) => Object.keys(planDescriptions(version.schema)).length > 0)
}

/**
 * The descriptions module of `plan` (unformatted): one `crdDescriptions.add` per version that has
 * any, on the schema the module `schemaImport` exports.
 */
export function descriptionsSource(plan: ResourcePlan, schemaImport: string): string {
  const described = plan.versions
    .map((version) => ({ version, descriptions: planDescriptions(version.schema) }))
    .filter(({ descriptions }) => Object.keys(descriptions).length > 0)
  const names = described.map(({ version }) => version.schemaName)
  const registrations = described.map(
    ({ version, descriptions }) =>
      `crdDescriptions.add(${version.schemaName}, ${JSON.stringify(descriptions, null, 2)})\n`
  )
  const { group } = plan.identity as { group: string }
  const plural = String((plan.identity['names'] as Record<string, unknown>)['plural'])
  return `// Written by \`crdconv import\` from the CRD ${plural}.${group}: the descriptions of its fields, by
// version and path. Only crdconv's commands load this file (\`crdconv crd\` writes them into the CRD),
// through the scheme module's \`.descriptions.ts\` sibling; the webhook never imports it, so no Worker
// or Lambda carries this text.
import { crdDescriptions } from 'crdconv/crd'
import { ${names.join(', ')} } from '${schemaImport}'

${registrations.join('\n')}`
}
