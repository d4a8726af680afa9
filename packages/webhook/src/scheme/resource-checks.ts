// Define-time checks of a resource: what the API server would reject in the generated CRD,
// caught where the author typed it (apiextensions validation of names, versions, columns, scale).
import {
  annotationsSize,
  labelValueProblem,
  MAX_ANNOTATIONS_BYTES,
  qualifiedNameProblem,
} from './kubernetes-validation.ts'
import type {
  CrdMetadata,
  PrinterColumn,
  ResourceDefinition,
  ResourceNames,
  Subresources,
  VersionMap,
} from './resource-definition.ts'

export const DNS_SUBDOMAIN_WITH_DOT =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/
const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
export const CAMEL_CASE = /^[A-Z][A-Za-z0-9]*$/
const COLUMN_TYPES = new Set(['integer', 'number', 'string', 'boolean', 'date'])
const COLUMN_FORMATS = new Set([
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'date',
  'date-time',
  'password',
])
const MAX_DEPRECATION_WARNING = 256

/**
 * The resource's names with the defaults filled in: singular is the kind lowercased, plural its
 * English plural (`Policy` → `policies`, `Ingress` → `ingresses`), listKind `<Kind>List`.
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

/** Every mistake in a definition the API server or the framework would refuse, one line each. */
export function definitionProblems(
  definition: Omit<ResourceDefinition<VersionMap>, 'converters'>,
  names: ResourceNames
): string[] {
  const problems: string[] = []
  if (!DNS_SUBDOMAIN_WITH_DOT.test(definition.group)) {
    problems.push(
      `group "${definition.group}" must be a lowercase DNS subdomain with at least one dot, like example.com`
    )
  }
  if (!CAMEL_CASE.test(definition.kind)) {
    problems.push(`kind "${definition.kind}" must be a CamelCase name like CronTab`)
  }
  problems.push(...nameProblems(definition.kind, names))
  const scope: unknown = definition.scope
  if (scope !== undefined && scope !== 'Namespaced' && scope !== 'Cluster') {
    problems.push(`scope must be Namespaced or Cluster, not ${JSON.stringify(scope)}`)
  }
  const versionNames = Object.keys(definition.versions)
  if (versionNames.length === 0) return [...problems, 'declares no versions']
  for (const version of versionNames) {
    if (!DNS_1035_LABEL.test(version) || version.length > 63) {
      problems.push(`version "${version}" must be a DNS-1035 label like v1 or v2beta1`)
    }
  }
  const storageVersions = versionNames.filter((version) => definition.versions[version]?.storage)
  if (storageVersions.length !== 1) {
    problems.push(
      `exactly one version must be the storage version (storage: true); found ${
        storageVersions.length === 0 ? 'none' : storageVersions.join(', ')
      }`
    )
  }
  if (versionNames.every((version) => definition.versions[version]?.served === false)) {
    problems.push('at least one version must be served')
  }
  problems.push(...columnProblems('additionalPrinterColumns', definition.additionalPrinterColumns))
  problems.push(...subresourceProblems('subresources', definition.subresources))
  problems.push(...crdMetadataProblems(definition.crd))
  for (const version of versionNames) {
    const spec = definition.versions[version]
    if (spec === undefined) continue
    const where = `versions.${version}`
    if (spec.deprecationWarning !== undefined) {
      if (spec.deprecated !== true) {
        problems.push(`${where}.deprecationWarning is set but the version is not deprecated`)
      }
      if (spec.deprecationWarning.length > MAX_DEPRECATION_WARNING) {
        problems.push(
          `${where}.deprecationWarning must be at most ${MAX_DEPRECATION_WARNING} characters`
        )
      }
    }
    problems.push(
      ...columnProblems(`${where}.additionalPrinterColumns`, spec.additionalPrinterColumns)
    )
    problems.push(...subresourceProblems(`${where}.subresources`, spec.subresources))
    spec.examples?.forEach((example, index) => {
      if (typeof example !== 'object' || example === null || Array.isArray(example)) {
        problems.push(`${where}.examples[${index}] must be an object`)
      } else if ('apiVersion' in example || 'kind' in example) {
        problems.push(`${where}.examples[${index}] must not set apiVersion or kind (crdconv does)`)
      }
    })
  }
  return problems
}

function nameProblems(kind: string, names: ResourceNames): string[] {
  const problems: string[] = []
  for (const field of ['plural', 'singular'] as const) {
    if (!DNS_1035_LABEL.test(names[field])) {
      problems.push(`names.${field} "${names[field]}" must be a lowercase DNS-1035 label`)
    }
  }
  for (const field of ['shortNames', 'categories'] as const) {
    const seen = new Set<string>()
    for (const name of names[field] ?? []) {
      if (!DNS_1035_LABEL.test(name)) {
        problems.push(`names.${field} entry "${name}" must be a lowercase DNS-1035 label`)
      }
      if (seen.has(name)) problems.push(`names.${field} lists "${name}" twice`)
      seen.add(name)
    }
  }
  for (const short of names.shortNames ?? []) {
    if (short === names.plural || short === names.singular) {
      problems.push(`names.shortNames entry "${short}" repeats the plural or singular name`)
    }
  }
  if (names.listKind !== undefined) {
    if (!CAMEL_CASE.test(names.listKind)) {
      problems.push(`names.listKind "${names.listKind}" must be a CamelCase name`)
    }
    if (names.listKind === kind) problems.push('names.listKind must differ from the kind')
  }
  return problems
}

// the API server's ValidateObjectMeta rules for the CRD's own labels and annotations
function crdMetadataProblems(crd: CrdMetadata | undefined): string[] {
  const problems: string[] = []
  for (const [key, value] of Object.entries(crd?.labels ?? {})) {
    const keyProblem = qualifiedNameProblem(key)
    if (keyProblem !== undefined) problems.push(`crd.labels key "${key}": ${keyProblem}`)
    const valueProblem = typeof value === 'string' ? labelValueProblem(value) : 'must be a string'
    if (valueProblem !== undefined) problems.push(`crd.labels["${key}"]: ${valueProblem}`)
  }
  const annotations = crd?.annotations ?? {}
  for (const [key, value] of Object.entries(annotations)) {
    const keyProblem = qualifiedNameProblem(key.toLowerCase())
    if (keyProblem !== undefined) problems.push(`crd.annotations key "${key}": ${keyProblem}`)
    if (typeof value !== 'string') problems.push(`crd.annotations["${key}"] must be a string`)
  }
  const strings = Object.entries(annotations).filter(([, value]) => typeof value === 'string')
  const size = annotationsSize(Object.fromEntries(strings))
  if (size > MAX_ANNOTATIONS_BYTES) {
    problems.push(
      `crd.annotations total ${size} bytes, more than the API server's ${MAX_ANNOTATIONS_BYTES}`
    )
  }
  return problems
}

function columnProblems(where: string, columns: readonly PrinterColumn[] | undefined): string[] {
  const problems: string[] = []
  // two columns may share a name: the API server accepts it (cluster-api's CRDs do it)
  columns?.forEach((column, index) => {
    const at = `${where}[${index}]`
    if (column.name === '') problems.push(`${at}.name must not be empty`)
    if (!COLUMN_TYPES.has(column.type)) {
      problems.push(`${at}.type must be one of ${[...COLUMN_TYPES].join(', ')}`)
    }
    if (column.format !== undefined && !COLUMN_FORMATS.has(column.format)) {
      problems.push(`${at}.format must be one of ${[...COLUMN_FORMATS].join(', ')}`)
    }
    if (
      column.priority !== undefined &&
      (!Number.isInteger(column.priority) || column.priority < 0)
    ) {
      problems.push(`${at}.priority must be a whole number, 0 or more`)
    }
    if (!column.jsonPath.startsWith('.')) {
      problems.push(`${at}.jsonPath "${column.jsonPath}" must start with "." (like .spec.replicas)`)
    }
  })
  return problems
}

function subresourceProblems(where: string, subresources: Subresources | undefined): string[] {
  const scale = subresources?.scale
  if (scale === undefined) return []
  const problems: string[] = []
  const dotted = (path: string, roots: readonly string[]) =>
    roots.some((root) => new RegExp(`^\\.${root}(\\.[^.\\[\\]\\s]+)+$`).test(path))
  if (!dotted(scale.specReplicasPath, ['spec'])) {
    problems.push(
      `${where}.scale.specReplicasPath "${scale.specReplicasPath}" must be a dotted path under .spec, like .spec.replicas`
    )
  }
  if (!dotted(scale.statusReplicasPath, ['status'])) {
    problems.push(
      `${where}.scale.statusReplicasPath "${scale.statusReplicasPath}" must be a dotted path under .status, like .status.replicas`
    )
  }
  if (
    scale.labelSelectorPath !== undefined &&
    !dotted(scale.labelSelectorPath, ['spec', 'status'])
  ) {
    problems.push(
      `${where}.scale.labelSelectorPath "${scale.labelSelectorPath}" must be a dotted path under .spec or .status`
    )
  }
  return problems
}
