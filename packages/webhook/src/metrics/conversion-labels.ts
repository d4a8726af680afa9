import { parseApiVersion, type Resource, type Scheme } from '../scheme/index.ts'
import { CONVERSION_LABELS, UNKNOWN_LABEL } from './metric-catalog.ts'

/** The label values of one conversion series, in `CONVERSION_LABELS` order. */
export type ConversionLabelValues = readonly [string, string, string, string, string]

/** Which served resource and versions a conversion is, or `unknown` for anything not served. */
export interface ResolvedConversion {
  readonly resource: Resource | undefined
  readonly fromVersion: string
  readonly toVersion: string
}

/**
 * Resolves a (kind, from apiVersion, to apiVersion) as a client sent it to what this scheme
 * serves: an unknown kind or group becomes `unknown` in every resource label, a version the
 * resource does not serve becomes `unknown`. So a client can never add a series.
 *
 * @example
 * ```ts
 * resolveConversion(scheme, 'CronTab', 'example.com/v1beta1', 'example.com/v1')
 * // { resource: cronTab, fromVersion: 'v1beta1', toVersion: 'v1' }
 * ```
 */
export function resolveConversion(
  scheme: Scheme,
  kind: string,
  from: string,
  to: string
): ResolvedConversion {
  const fromVersion = parseApiVersion(from)
  const resource = fromVersion && scheme.resourceFor(fromVersion.group, kind)
  if (resource === undefined) {
    return { resource: undefined, fromVersion: UNKNOWN_LABEL, toVersion: UNKNOWN_LABEL }
  }
  const toVersion = parseApiVersion(to)
  return {
    resource,
    fromVersion: servedVersion(resource, fromVersion?.version),
    toVersion:
      toVersion?.group === resource.group
        ? servedVersion(resource, toVersion.version)
        : UNKNOWN_LABEL,
  }
}

function servedVersion(resource: Resource, version: string | undefined): string {
  return version !== undefined && resource.versionNames.includes(version) ? version : UNKNOWN_LABEL
}

/** The label values of a resolved conversion, in `CONVERSION_LABELS` order. */
export function conversionLabelValues(conversion: ResolvedConversion): ConversionLabelValues {
  const { resource, fromVersion, toVersion } = conversion
  if (resource === undefined) {
    return [UNKNOWN_LABEL, UNKNOWN_LABEL, UNKNOWN_LABEL, fromVersion, toVersion]
  }
  const { group, kind, crdName } = resource.identity
  return [group, kind, crdName, fromVersion, toVersion]
}

/** The labels of a resolved conversion as an object: `{ group, kind, crd_name, … }`. */
export function conversionLabels(
  conversion: ResolvedConversion
): Record<(typeof CONVERSION_LABELS)[number], string> {
  const values = conversionLabelValues(conversion)
  return Object.fromEntries(
    CONVERSION_LABELS.map((name, index) => [name, values[index]])
  ) as Record<(typeof CONVERSION_LABELS)[number], string>
}
