// Define-time checks of a resource: what the API server would reject in the generated CRD,
// caught where the author typed it (apiextensions validation of names, versions, columns, scale).
import { schemeProblem as issue, type SchemeProblem } from './scheme-problem.ts'
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

/** Every mistake in a definition the API server or the framework would refuse, one each. */
export function definitionProblems(
  definition: Omit<ResourceDefinition<VersionMap>, 'converters'>,
  names: ResourceNames
): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  if (!DNS_SUBDOMAIN_WITH_DOT.test(definition.group)) {
    problems.push(
      issue(
        'group-invalid',
        `group "${definition.group}" must be a lowercase DNS subdomain with at least one dot, like example.com`,
        'group'
      )
    )
  }
  if (!CAMEL_CASE.test(definition.kind)) {
    problems.push(
      issue(
        'kind-invalid',
        `kind "${definition.kind}" must be a CamelCase name like CronTab`,
        'kind'
      )
    )
  }
  problems.push(...nameProblems(definition.kind, names))
  const scope: unknown = definition.scope
  if (scope !== undefined && scope !== 'Namespaced' && scope !== 'Cluster') {
    problems.push(
      issue(
        'scope-invalid',
        `scope must be Namespaced or Cluster, not ${JSON.stringify(scope)}`,
        'scope'
      )
    )
  }
  const versionNames = Object.keys(definition.versions)
  if (versionNames.length === 0) {
    return [...problems, issue('no-versions', 'declares no versions', 'versions')]
  }
  for (const version of versionNames) {
    if (!DNS_1035_LABEL.test(version) || version.length > 63) {
      problems.push(
        issue(
          'version-name-invalid',
          `version "${version}" must be a DNS-1035 label like v1 or v2beta1`,
          `versions.${version}`
        )
      )
    }
  }
  const storageVersions = versionNames.filter((version) => definition.versions[version]?.storage)
  if (storageVersions.length !== 1) {
    problems.push(
      issue(
        'storage-version-count',
        `exactly one version must be the storage version (storage: true); found ${
          storageVersions.length === 0 ? 'none' : storageVersions.join(', ')
        }`,
        'versions'
      )
    )
  }
  if (versionNames.every((version) => definition.versions[version]?.served === false)) {
    problems.push(issue('nothing-served', 'at least one version must be served', 'versions'))
  }
  problems.push(...columnProblems('additionalPrinterColumns', definition.additionalPrinterColumns))
  problems.push(...subresourceProblems('subresources', definition.subresources))
  problems.push(...crdMetadataProblems(definition.crd))
  for (const version of versionNames) {
    const spec = definition.versions[version]
    if (spec === undefined) continue
    const where = `versions.${version}`
    if (spec.deprecationWarning !== undefined) {
      const at = `${where}.deprecationWarning`
      if (spec.deprecated !== true) {
        problems.push(
          issue('deprecation-warning-invalid', `${at} is set but the version is not deprecated`, at)
        )
      }
      if (spec.deprecationWarning.length > MAX_DEPRECATION_WARNING) {
        problems.push(
          issue(
            'deprecation-warning-invalid',
            `${at} must be at most ${MAX_DEPRECATION_WARNING} characters`,
            at
          )
        )
      }
    }
    problems.push(
      ...columnProblems(`${where}.additionalPrinterColumns`, spec.additionalPrinterColumns)
    )
    problems.push(...subresourceProblems(`${where}.subresources`, spec.subresources))
    spec.examples?.forEach((example, index) => {
      const at = `${where}.examples[${index}]`
      if (typeof example !== 'object' || example === null || Array.isArray(example)) {
        problems.push(issue('example-invalid', `${at} must be an object`, at))
      } else if ('apiVersion' in example || 'kind' in example) {
        problems.push(
          issue('example-invalid', `${at} must not set apiVersion or kind (crdconv does)`, at)
        )
      }
    })
  }
  return problems
}

function nameProblems(kind: string, names: ResourceNames): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  for (const field of ['plural', 'singular'] as const) {
    if (!DNS_1035_LABEL.test(names[field])) {
      const message = `names.${field} "${names[field]}" must be a lowercase DNS-1035 label`
      problems.push(issue('name-invalid', message, `names.${field}`))
    }
  }
  for (const field of ['shortNames', 'categories'] as const) {
    const seen = new Set<string>()
    for (const name of names[field] ?? []) {
      if (!DNS_1035_LABEL.test(name)) {
        const message = `names.${field} entry "${name}" must be a lowercase DNS-1035 label`
        problems.push(issue('name-invalid', message, `names.${field}`))
      }
      if (seen.has(name)) {
        problems.push(
          issue('name-repeated', `names.${field} lists "${name}" twice`, `names.${field}`)
        )
      }
      seen.add(name)
    }
  }
  for (const short of names.shortNames ?? []) {
    if (short === names.plural || short === names.singular) {
      const message = `names.shortNames entry "${short}" repeats the plural or singular name`
      problems.push(issue('name-repeated', message, 'names.shortNames'))
    }
  }
  if (names.listKind !== undefined) {
    if (!CAMEL_CASE.test(names.listKind)) {
      const message = `names.listKind "${names.listKind}" must be a CamelCase name`
      problems.push(issue('name-invalid', message, 'names.listKind'))
    }
    if (names.listKind === kind) {
      problems.push(
        issue('name-repeated', 'names.listKind must differ from the kind', 'names.listKind')
      )
    }
  }
  return problems
}

// the API server's ValidateObjectMeta rules for the CRD's own labels and annotations
function crdMetadataProblems(crd: CrdMetadata | undefined): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  const metadata = (path: string, message: string) =>
    problems.push(issue('crd-metadata-invalid', message, path))
  for (const [key, value] of Object.entries(crd?.labels ?? {})) {
    const keyProblem = qualifiedNameProblem(key)
    if (keyProblem !== undefined) metadata('crd.labels', `crd.labels key "${key}": ${keyProblem}`)
    const valueProblem = typeof value === 'string' ? labelValueProblem(value) : 'must be a string'
    if (valueProblem !== undefined) {
      metadata('crd.labels', `crd.labels["${key}"]: ${valueProblem}`)
    }
  }
  const annotations = crd?.annotations ?? {}
  for (const [key, value] of Object.entries(annotations)) {
    const keyProblem = qualifiedNameProblem(key.toLowerCase())
    if (keyProblem !== undefined) {
      metadata('crd.annotations', `crd.annotations key "${key}": ${keyProblem}`)
    }
    if (typeof value !== 'string') {
      metadata('crd.annotations', `crd.annotations["${key}"] must be a string`)
    }
  }
  const strings = Object.entries(annotations).filter(([, value]) => typeof value === 'string')
  const size = annotationsSize(Object.fromEntries(strings))
  if (size > MAX_ANNOTATIONS_BYTES) {
    metadata(
      'crd.annotations',
      `crd.annotations total ${size} bytes, more than the API server's ${MAX_ANNOTATIONS_BYTES}`
    )
  }
  return problems
}

function columnProblems(
  where: string,
  columns: readonly PrinterColumn[] | undefined
): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  const column = (field: string, message: string) =>
    problems.push(issue('column-invalid', `${field} ${message}`, field))
  // two columns may share a name: the API server accepts it (cluster-api's CRDs do it)
  columns?.forEach(({ name, type, format, priority, jsonPath }, index) => {
    const at = `${where}[${index}]`
    if (name === '') column(`${at}.name`, 'must not be empty')
    if (!COLUMN_TYPES.has(type))
      column(`${at}.type`, `must be one of ${[...COLUMN_TYPES].join(', ')}`)
    if (format !== undefined && !COLUMN_FORMATS.has(format)) {
      column(`${at}.format`, `must be one of ${[...COLUMN_FORMATS].join(', ')}`)
    }
    if (priority !== undefined && (!Number.isInteger(priority) || priority < 0)) {
      column(`${at}.priority`, 'must be a whole number, 0 or more')
    }
    if (!jsonPath.startsWith('.')) {
      column(`${at}.jsonPath`, `"${jsonPath}" must start with "." (like .spec.replicas)`)
    }
  })
  return problems
}

function subresourceProblems(
  where: string,
  subresources: Subresources | undefined
): SchemeProblem[] {
  const scale = subresources?.scale
  if (scale === undefined) return []
  const problems: SchemeProblem[] = []
  const path = (field: string, message: string) =>
    problems.push(
      issue('scale-path-invalid', `${where}.scale.${field} ${message}`, `${where}.scale.${field}`)
    )
  const dotted = (path: string, roots: readonly string[]) =>
    roots.some((root) => new RegExp(`^\\.${root}(\\.[^.\\[\\]\\s]+)+$`).test(path))
  if (!dotted(scale.specReplicasPath, ['spec'])) {
    path(
      'specReplicasPath',
      `"${scale.specReplicasPath}" must be a dotted path under .spec, like .spec.replicas`
    )
  }
  if (!dotted(scale.statusReplicasPath, ['status'])) {
    path(
      'statusReplicasPath',
      `"${scale.statusReplicasPath}" must be a dotted path under .status, like .status.replicas`
    )
  }
  if (
    scale.labelSelectorPath !== undefined &&
    !dotted(scale.labelSelectorPath, ['spec', 'status'])
  ) {
    path(
      'labelSelectorPath',
      `"${scale.labelSelectorPath}" must be a dotted path under .spec or .status`
    )
  }
  return problems
}
