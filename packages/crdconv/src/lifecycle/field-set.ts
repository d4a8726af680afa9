// The field sets of `metadata.managedFields` (`fieldsType: FieldsV1`) as a tree: parsed from and
// written back to the API server's JSON form, merged, and named for people.
import { isPlainObject as isRecord } from '@crdconv/webhook/scheme'

/**
 * One step of a field path as server-side apply writes it: `f:name` (a field), `k:{"name":"a"}`
 * (the item of a keyed list), `v:"a"` (the item of a set), `i:3` (a list index), `.` (the node).
 */
export type PathElement = string

/** A node of a field set: whether the node itself is owned, and the owned paths below it. */
export interface FieldSetNode {
  member: boolean
  readonly children: Map<PathElement, FieldSetNode>
}

export const emptyFieldSet = (): FieldSetNode => ({ member: false, children: new Map() })

/** Parses a `fieldsV1` object; anything that is not one gives undefined. */
export function parseFieldSet(fieldsV1: unknown): FieldSetNode | undefined {
  if (!isRecord(fieldsV1)) return undefined
  const root = emptyFieldSet()
  return fillNode(root, fieldsV1, 0) ? root : undefined
}

function fillNode(node: FieldSetNode, json: Record<string, unknown>, depth: number): boolean {
  if (depth > 200) return false
  for (const [element, value] of Object.entries(json)) {
    if (!isRecord(value)) return false
    if (element === '.') {
      node.member = true
      continue
    }
    if (!/^[fkvi]:/.test(element)) return false
    const child = emptyFieldSet()
    if (Object.keys(value).length === 0) child.member = true
    else if (!fillNode(child, value, depth + 1)) return false
    node.children.set(element, child)
  }
  return true
}

/** The `fieldsV1` JSON of a field set. */
export function fieldSetJson(node: FieldSetNode): Record<string, unknown> {
  const json: Record<string, unknown> = {}
  if (node.member && node.children.size > 0) json['.'] = {}
  for (const [element, child] of [...node.children].sort(([a], [b]) => (a < b ? -1 : 1))) {
    json[element] = fieldSetJson(child)
  }
  return json
}

/** Adds the path `elements` to `root`, its last node owned. */
export function addPath(root: FieldSetNode, elements: readonly PathElement[]): void {
  let node = root
  for (const element of elements) {
    let child = node.children.get(element)
    if (child === undefined) {
      child = emptyFieldSet()
      node.children.set(element, child)
    }
    node = child
  }
  if (node !== root) node.member = true
}

/** Every owned path of a field set, shallow first. */
export function ownedPaths(root: FieldSetNode): PathElement[][] {
  const paths: PathElement[][] = []
  const walk = (node: FieldSetNode, path: PathElement[]) => {
    if (node.member && path.length > 0) paths.push(path)
    for (const [element, child] of node.children) walk(child, [...path, element])
  }
  walk(root, [])
  return paths
}

/** Puts every path of `from` into `into`. */
export function mergeFieldSets(into: FieldSetNode, from: FieldSetNode): void {
  if (from.member) into.member = true
  for (const [element, child] of from.children) {
    const mine = into.children.get(element)
    if (mine === undefined) into.children.set(element, child)
    else mergeFieldSets(mine, child)
  }
}

export const isEmptyFieldSet = (node: FieldSetNode) => !node.member && node.children.size === 0

/** A field path for people: `.spec.ports[name=http].port`, `.metadata.finalizers[="a"]`. */
export function describeFieldPath(elements: readonly PathElement[]): string {
  let text = ''
  for (const element of elements) {
    const rest = element.slice(2)
    if (element.startsWith('f:')) text += `.${rest}`
    else if (element.startsWith('i:')) text += `[${rest}]`
    else if (element.startsWith('v:')) text += `[=${rest}]`
    else if (element.startsWith('k:')) {
      const key = parseJson(rest)
      text += isRecord(key)
        ? `[${Object.entries(key)
            .map(
              ([name, value]) =>
                `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`
            )
            .join(',')}]`
        : `[${rest}]`
    }
  }
  return text || '.'
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
