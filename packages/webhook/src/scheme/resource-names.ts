// The names a resource is served under, defaults filled in: what the runtime needs of them
// (the CRD's name in metrics) and what `crdconv crd` writes.
import type { ResourceNames } from './resource-definition.ts'

/**
 * The resource's names with the defaults filled in: singular is the kind lowercased, plural its
 * English plural (`Policy` → `policies`, `Ingress` → `ingresses`), listKind `<Kind>List`.
 *
 * @example
 * ```ts
 * resolveNames('Policy').plural // 'policies'
 * ```
 */
export function resolveNames(kind: string, names: Partial<ResourceNames> = {}): ResourceNames {
  const singular = names.singular ?? kind.toLowerCase()
  return {
    ...names,
    plural: names.plural ?? pluralize(singular),
    singular,
    listKind: names.listKind ?? `${kind}List`,
  }
}

function pluralize(word: string): string {
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`
  return `${word}s`
}
