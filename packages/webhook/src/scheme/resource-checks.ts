// The checks of a resource's definition the tooling runs before anything is deployed: what the
// API server would refuse in the generated CRD (apiextensions validation of names, versions,
// columns, scale, the CRD's metadata) and examples crdconv cannot use. None of them changes an
// answer, so the runtime does not run them at its cold start (docs/converters.md).
import { SchemeError } from './conversion-error.ts'
import { columnProblems, crdMetadataProblems, subresourceProblems } from './crd-stanza-checks.ts'
import type { Resource } from './resource.ts'
import type { ResourceNames } from './resource-definition.ts'
import { isNonEmpty, schemeProblem as issue, type SchemeProblem } from './scheme-problem.ts'

export const DNS_SUBDOMAIN_WITH_DOT =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/
const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
export const CAMEL_CASE = /^[A-Z][A-Za-z0-9]*$/
const MAX_DEPRECATION_WARNING = 256

/**
 * Throws a `SchemeError` naming every mistake of the first resource whose definition has any
 * (`definitionProblems`). The tooling calls it wherever it loads a scheme or takes a resource: every `crdconv` command,
 * the CRD generator and the round-trip kit, so a scaffold's `npm test` fails on a mistake.
 *
 * @example
 * ```ts
 * checkDefinitions(scheme.resources) // throws SchemeError: Thing.example: group "example" must be …
 * ```
 */
export function checkDefinitions(resources: readonly Resource[]): void {
  for (const resource of resources) {
    const problems = definitionProblems(resource)
    if (isNonEmpty(problems)) throw new SchemeError(resource.identity.groupKind, problems)
  }
}

/**
 * Every mistake in a resource's definition that the API server would refuse in its CRD, or
 * crdconv in its examples, one each; `[]` for a definition without any.
 *
 * @example
 * ```ts
 * definitionProblems(cronTab).map((problem) => problem.code) // []
 * ```
 */
export function definitionProblems(
  definition: Pick<
    Resource,
    | 'group'
    | 'kind'
    | 'names'
    | 'scope'
    | 'versions'
    | 'additionalPrinterColumns'
    | 'subresources'
    | 'crd'
  >
): SchemeProblem[] {
  const names = definition.names
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
