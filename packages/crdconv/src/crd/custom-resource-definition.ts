import { REVIEW_API_VERSIONS } from '@crdconv/webhook/review'
import {
  checkDefinitions,
  type PrinterColumn,
  type Resource,
  type Subresources,
} from '@crdconv/webhook/scheme'
import type { CrdShape } from './crd-shape.ts'
import { toCrdSchema, type SchemaProps } from './openapi-schema.ts'
import { statusRootViolations, structuralViolations } from './structural-rules.ts'
import { sortByVersionPriority } from './version-priority.ts'

/** The `ConversionReview` versions crdconv answers, in the order the API server should try them. */
export const CONVERSION_REVIEW_VERSIONS = REVIEW_API_VERSIONS.map((apiVersion) =>
  apiVersion.slice(apiVersion.indexOf('/') + 1)
)

export interface CrdOptions {
  /** `conversion.webhook.clientConfig.url`: check it first with `checkWebhookUrl`. */
  readonly url: string
  /** Base64 PEM bundle for a webhook whose certificate no public CA signs; omit for Workers/Lambda. */
  readonly caBundle?: string
}

/** The CRD crdconv generates, as plain JSON, keys in kubectl's order: a {@link CrdShape}. */
export interface CustomResourceDefinition extends CrdShape {
  readonly apiVersion: 'apiextensions.k8s.io/v1'
  readonly kind: 'CustomResourceDefinition'
  readonly metadata: CrdShape['metadata'] & { readonly name: string }
  readonly spec: CrdShape['spec'] & {
    readonly scope: 'Namespaced' | 'Cluster'
    readonly conversion: Record<string, unknown>
  }
}

export interface CrdBuild {
  readonly crd: CustomResourceDefinition
  /** Validation that had to be widened to stay structural, by version: worth a warning. */
  readonly notes: readonly string[]
  /** What makes the CRD unusable (a schema that cannot be said, a non-structural result). */
  readonly problems: readonly string[]
}

/**
 * The CustomResourceDefinition of `resource`: its labels and annotations (`crd` of the
 * definition), names, scope, every version in Kubernetes priority
 * order with its structural schema, subresources and printer columns, and the webhook conversion
 * stanza pointing at `options.url`. Throws a `SchemeError` on a mistake in the definition that
 * the API server would refuse (`checkDefinitions`).
 *
 * @example
 * ```ts
 * const { crd, problems } = buildCustomResourceDefinition(cronTab, {
 *   url: 'https://crontab-webhook.example.workers.dev/convert',
 * })
 * ```
 */
export function buildCustomResourceDefinition(resource: Resource, options: CrdOptions): CrdBuild {
  checkDefinitions([resource])
  const notes: string[] = []
  const problems: string[] = []
  const versions = sortByVersionPriority(resource.versionNames).map((name) => {
    const version = resource.versions[name]
    if (version === undefined) throw new Error(`unreachable: version ${name} vanished`)
    const schema = toCrdSchema(version.schema)
    notes.push(...schema.notes.map((note) => `${name}: ${note}`))
    problems.push(...schema.problems.map((problem) => `${name}: ${problem}`))
    const subresources = version.subresources ?? resource.subresources
    if (schema.problems.length === 0) {
      const violations = structuralViolations(schema.openAPIV3Schema)
      if (subresources?.status === true) {
        violations.push(...statusRootViolations(schema.openAPIV3Schema))
      }
      problems.push(...violations.map((violation) => `${name}: not structural: ${violation}`))
    }
    const columns = version.additionalPrinterColumns ?? resource.additionalPrinterColumns
    return {
      name,
      served: version.served ?? true,
      storage: name === resource.storageVersion,
      ...(version.deprecated === true ? { deprecated: true } : {}),
      ...(version.deprecationWarning === undefined
        ? {}
        : { deprecationWarning: version.deprecationWarning }),
      schema: { openAPIV3Schema: schema.openAPIV3Schema },
      ...subresourcesStanza(subresources),
      ...(columns === undefined || columns.length === 0
        ? {}
        : { additionalPrinterColumns: columns.map(printerColumn) }),
      ...(version.selectableFields === undefined || version.selectableFields.length === 0
        ? {}
        : { selectableFields: version.selectableFields.map(({ jsonPath }) => ({ jsonPath })) }),
    }
  })
  const { names } = resource
  return {
    crd: {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: {
        name: resource.identity.crdName,
        ...(isEmpty(resource.crd?.labels) ? {} : { labels: { ...resource.crd?.labels } }),
        ...(isEmpty(resource.crd?.annotations)
          ? {}
          : { annotations: { ...resource.crd?.annotations } }),
      },
      spec: {
        group: resource.group,
        names: {
          plural: names.plural,
          singular: names.singular,
          kind: resource.kind,
          listKind: names.listKind ?? `${resource.kind}List`,
          ...(names.shortNames?.length ? { shortNames: [...names.shortNames] } : {}),
          ...(names.categories?.length ? { categories: [...names.categories] } : {}),
        },
        scope: resource.scope,
        versions,
        conversion: {
          strategy: 'Webhook',
          webhook: {
            conversionReviewVersions: [...CONVERSION_REVIEW_VERSIONS],
            clientConfig: {
              url: options.url,
              ...(options.caBundle === undefined ? {} : { caBundle: options.caBundle }),
            },
          },
        },
      },
    },
    notes,
    problems,
  }
}

const isEmpty = (map: Readonly<Record<string, string>> | undefined): boolean =>
  map === undefined || Object.keys(map).length === 0

// a stated `subresources: {}` is written as it is: the API server stores it so
function subresourcesStanza(subresources: Subresources | undefined): {
  subresources?: Record<string, unknown>
} {
  if (subresources === undefined) return {}
  const stanza: Record<string, unknown> = {}
  if (subresources.status === true) stanza['status'] = {}
  if (subresources.scale !== undefined) stanza['scale'] = { ...subresources.scale }
  return { subresources: stanza }
}

function printerColumn(column: PrinterColumn): SchemaProps {
  return {
    name: column.name,
    type: column.type,
    ...(column.format === undefined ? {} : { format: column.format }),
    ...(column.description === undefined ? {} : { description: column.description }),
    ...(column.priority === undefined ? {} : { priority: column.priority }),
    jsonPath: column.jsonPath,
  }
}
