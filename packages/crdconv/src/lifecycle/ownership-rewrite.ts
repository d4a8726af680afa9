// Moves an object's `metadata.managedFields` to the storage version: the entries server-side apply
// keeps per field manager name the version the manager wrote at, and the API server converts the
// object to that version on every apply, which fails once the version is gone.
import { buildCustomResourceDefinition } from '../crd/index.ts'
import {
  createScheme,
  describeObject,
  parseApiVersion,
  type KubeObject,
  type Resource,
} from '@crdconv/webhook/scheme'
import { convertFieldSet, type StorageTarget } from './field-set-conversion.ts'
import {
  fieldSetJson,
  isEmptyFieldSet,
  mergeFieldSets,
  parseFieldSet,
  type FieldSetNode,
} from './field-set.ts'

/** One `metadata.managedFields` entry, as the API server returns it. */
export interface ManagedFieldsEntry {
  readonly manager?: string
  readonly operation?: string
  readonly apiVersion?: string
  readonly time?: string
  readonly fieldsType?: string
  readonly fieldsV1?: unknown
  readonly subresource?: string
}

/** What a field manager lost: fields with no place at the storage version, or its whole entry. */
export interface OwnershipLoss {
  readonly object: string
  readonly manager: string
  /** `Apply` or `Update`, with the subresource: `Update status`. */
  readonly operation: string
  readonly version: string
  /** The fields dropped; empty when the whole entry was (its set could not be read). */
  readonly fields: readonly string[]
}

/** The managedFields to write back, and what was lost on the way. */
export interface OwnershipRewrite {
  readonly managedFields: readonly ManagedFieldsEntry[]
  /** Entries moved to the storage version. */
  readonly moved: number
  readonly losses: readonly OwnershipLoss[]
}

/**
 * The versions of `group` other than `storageVersion` that an object's managedFields name.
 *
 * @example
 * ```ts
 * staleOwnershipVersions(cronTab, 'example.com', 'v1') // ['v1beta1']
 * ```
 */
export function staleOwnershipVersions(
  object: KubeObject,
  group: string,
  storageVersion: string
): string[] {
  const versions = new Set<string>()
  for (const entry of managedFieldsOf(object)) {
    const version = staleVersion(entry, group, storageVersion)
    if (version !== undefined) versions.add(version)
  }
  return [...versions]
}

/**
 * A function that gives, for an object read at the storage version of `resource`, its
 * managedFields with every entry at another version of the group moved to the storage version
 * (`convertFieldSet`), or undefined when none needs it. Entries that end up with the same
 * manager, operation, subresource and version are merged; an entry left with no field is dropped.
 *
 * @example
 * ```ts
 * const rewrite = ownershipRewriter(cronTab)(object)
 * if (rewrite) object.metadata.managedFields = rewrite.managedFields
 * ```
 */
export function ownershipRewriter(
  resource: Resource
): (object: KubeObject) => OwnershipRewrite | undefined {
  const { group, storageVersion } = resource
  const generated = buildCustomResourceDefinition(resource, { url: 'https://unused.invalid/' }).crd
  const storage = generated.spec.versions.find((entry) => entry['name'] === storageVersion) as
    { schema?: { openAPIV3Schema?: unknown } } | undefined
  const target: StorageTarget = {
    scheme: createScheme([resource]),
    group,
    storageVersion,
    schema: storage?.schema?.openAPIV3Schema,
    versions: resource.versionNames,
  }
  const storageApiVersion = `${group}/${storageVersion}`
  return (object) => {
    const entries = managedFieldsOf(object)
    if (!entries.some((entry) => staleVersion(entry, group, storageVersion) !== undefined)) {
      return undefined
    }
    const label = describeObject(object)
    const losses: OwnershipLoss[] = []
    const kept: { entry: ManagedFieldsEntry; set?: FieldSetNode }[] = []
    let moved = 0
    for (const entry of entries) {
      const version = staleVersion(entry, group, storageVersion)
      if (version === undefined) {
        kept.push({ entry })
        continue
      }
      const loss = (fields: readonly string[]) =>
        losses.push({
          object: label,
          manager: entry.manager ?? '',
          operation: [entry.operation ?? 'Update', entry.subresource].filter(Boolean).join(' '),
          version,
          fields,
        })
      const set = entry.fieldsType === 'FieldsV1' ? parseFieldSet(entry.fieldsV1) : undefined
      if (set === undefined) {
        loss([])
        continue
      }
      const converted = convertFieldSet(set, version, object, target)
      if (converted.dropped.length > 0) loss(converted.dropped)
      if (isEmptyFieldSet(converted.set)) continue
      moved += 1
      kept.push({ entry: { ...entry, apiVersion: storageApiVersion }, set: converted.set })
    }
    return { managedFields: mergeSameManagers(kept), moved, losses }
  }
}

/** One entry per manager, operation, subresource and version: their sets merged, the latest time. */
function mergeSameManagers(
  kept: readonly { entry: ManagedFieldsEntry; set?: FieldSetNode }[]
): ManagedFieldsEntry[] {
  const byKey = new Map<string, { entry: ManagedFieldsEntry; set?: FieldSetNode }>()
  for (const item of kept) {
    const { manager, operation, subresource, apiVersion } = item.entry
    const key = JSON.stringify([manager, operation, subresource ?? '', apiVersion])
    const earlier = byKey.get(key)
    if (earlier === undefined) {
      byKey.set(key, { entry: item.entry, ...(item.set === undefined ? {} : { set: item.set }) })
      continue
    }
    const set = earlier.set ?? parseFieldSet(earlier.entry.fieldsV1)
    const more = item.set ?? parseFieldSet(item.entry.fieldsV1)
    if (set !== undefined && more !== undefined) mergeFieldSets(set, more)
    const time = [earlier.entry.time ?? '', item.entry.time ?? ''].sort().at(-1)
    byKey.set(key, {
      entry: { ...earlier.entry, ...(time ? { time } : {}) },
      ...(set === undefined ? {} : { set }),
    })
  }
  const entries = [...byKey.values()].map(({ entry, set }) =>
    set === undefined ? entry : { ...entry, fieldsV1: fieldSetJson(set) }
  )
  // an empty list would leave the live entries in place: one empty entry clears them
  return entries.length === 0 ? [{}] : entries
}

function managedFieldsOf(object: KubeObject): readonly ManagedFieldsEntry[] {
  const managed = (object.metadata as { managedFields?: unknown } | undefined)?.managedFields
  return Array.isArray(managed) ? (managed as ManagedFieldsEntry[]) : []
}

function staleVersion(
  entry: ManagedFieldsEntry,
  group: string,
  storageVersion: string
): string | undefined {
  const parsed = entry.apiVersion === undefined ? undefined : parseApiVersion(entry.apiVersion)
  if (parsed === undefined || parsed.group !== group || parsed.version === storageVersion) {
    return undefined
  }
  return parsed.version
}
