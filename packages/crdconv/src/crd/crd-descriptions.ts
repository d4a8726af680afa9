// Descriptions a version's CRD schema carries, kept beside the zod schema rather than in it: only
// `crdconv crd` reads them, so a Worker or Lambda that serves the schema carries none of the text.
import { registry } from 'zod/v4/core'
import { asRecord, label, type SchemaProps } from './schema-props.ts'

/** Field path → description: `.` the version's root, `.spec.ports[]` a list's items, `.spec.labels[*]` a map's values. */
export type FieldDescriptions = Readonly<Record<string, string>>

/**
 * The descriptions of a version's fields, registered on the version's root zod schema from a
 * module the webhook never imports. `crdconv crd` writes each into the CRD's `openAPIV3Schema`
 * at its path; the tooling loads `<scheme module>.descriptions.ts` beside the scheme module
 * (`src/scheme.descriptions.ts`), which `crdconv import` writes. A description said in zod
 * (`.describe()`, `.meta()`) still goes into the CRD; one registered here for the same field wins.
 *
 * @example
 * ```ts
 * crdDescriptions.add(MachineV1beta2, {
 *   '.': 'Machine is the Schema for the machines API.',
 *   '.spec.clusterName': 'clusterName is the name of the Cluster this object belongs to.',
 * })
 * ```
 */
export const crdDescriptions = /* @__PURE__ */ registry<FieldDescriptions>()

const SIMPLE_NAME = /^[A-Za-z0-9_$-]+$/

/**
 * The path segment of a field named `name`: `.name`, or `["a.b"]` where the name holds anything
 * but letters, digits, `_`, `$` and `-`.
 */
export function fieldSegment(name: string): string {
  return SIMPLE_NAME.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`
}

const SEGMENT = /^(?:\.([A-Za-z0-9_$-]+)|\[("(?:[^"\\]|\\.)*")\]|(\[\])|(\[\*\]))/

/**
 * `schema` (a structural schema, changed in place) with each description at its path; a path
 * the schema does not declare, or one in `metadata` (which the CRD says as Kubernetes does), is a
 * note naming it.
 */
export function describeFields(
  schema: SchemaProps,
  descriptions: FieldDescriptions,
  notes: string[]
): void {
  for (const [path, text] of Object.entries(descriptions)) {
    if (/^\.metadata(?![\w$-])/.test(path)) {
      notes.push(`${path}: crdconv crd says metadata itself, without a description`)
      continue
    }
    const node = path === '.' ? schema : nodeAt(schema, path)
    if (node === undefined) {
      notes.push(`${label(path)}: has a description but the schema declares no such field`)
    } else node['description'] = text
  }
}

function nodeAt(root: SchemaProps, path: string): SchemaProps | undefined {
  let node: SchemaProps | undefined = root
  let rest = path
  while (rest !== '' && node !== undefined) {
    const match = SEGMENT.exec(rest)
    if (match === null) return undefined
    rest = rest.slice(match[0].length)
    const [, simple, quoted, items, values] = match
    if (items !== undefined) node = child(node['items'])
    else if (values !== undefined) node = child(node['additionalProperties'])
    else {
      const name = simple ?? (JSON.parse(quoted as string) as string)
      const properties = asRecord(node['properties'])
      node = Object.hasOwn(properties, name) ? child(properties[name]) : undefined
    }
  }
  return node
}

const child = (value: unknown): SchemaProps | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as SchemaProps)
    : undefined
