import { formatApiVersion, parseApiVersion, type GroupVersion } from './api-version.ts'
import { isConversionError, isStashTooLarge } from './conversion-error.ts'
import type { ConversionFailure, ConversionFailureCode } from './conversion-failure.ts'
import { isPlainObject, type KubeObject, type ObjectMeta } from './kube-object.ts'
import { problem } from './problem.ts'
import type { ConversionContext, Converter, Resource } from './resource.ts'

export type ObjectConversion =
  | { readonly ok: true; readonly object: KubeObject }
  | { readonly ok: false; readonly failure: ConversionFailure }

/** The resources of a scheme by group, then kind, and how messages list what it serves. */
export interface ResourceIndex {
  readonly byGroup: ReadonlyMap<string, ReadonlyMap<string, Resource>>
  /** `CronTab.example.com, Backup.example.com`, or `nothing`. */
  readonly served: string
}

const fail = (code: ConversionFailureCode, message: string, path?: string): ObjectConversion => ({
  ok: false,
  failure: problem(code, message, path),
})

/**
 * The scheme's `convert`: converts one raw object to `desiredAPIVersion` along the shortest
 * converter path of its resource, found in `index` in place (no lookup function between the
 * review and the converters). The framework never writes to the object it is given (pure
 * converters do not either); one already at the desired version comes back as is. Every
 * failure, converter exceptions included, comes back as data.
 *
 * @example
 * ```ts
 * const convert = objectConverter({ byGroup, served: 'CronTab.example.com' })
 * convert(storedObject, 'example.com/v1') // { ok: true, object: … }
 * ```
 */
export function objectConverter(
  index: ResourceIndex
): (object: unknown, desiredAPIVersion: string) => ObjectConversion {
  const { byGroup, served } = index
  return function convert(object, desiredAPIVersion) {
    if (!isPlainObject(object)) return fail('not-an-object', 'is not a JSON object')
    const source = parseRepeatedApiVersion(object['apiVersion'])
    if (source === undefined) {
      return fail('no-api-version', `has no apiVersion of the form group/version`, 'apiVersion')
    }
    const kind = object['kind']
    if (typeof kind !== 'string' || kind === '') return fail('no-kind', 'has no kind', 'kind')
    const target = parseRepeatedApiVersion(desiredAPIVersion)
    if (target === undefined) {
      return fail(
        'desired-api-version-invalid',
        `desired apiVersion "${desiredAPIVersion}" is not of the form group/version`
      )
    }
    const resource = byGroup.get(source.group)?.get(kind)
    if (resource === undefined) {
      return fail(
        'kind-not-served',
        `kind ${kind} of group ${source.group} is not served by this webhook (it serves ${served})`
      )
    }
    if (target.group !== source.group) {
      return fail(
        'group-changed',
        `a conversion cannot change the API group (${source.group} → ${target.group})`
      )
    }
    if (!Object.hasOwn(resource.versions, target.version)) {
      return fail(
        'desired-version-unknown',
        `${target.version} is not a version of ${kind}.${resource.group}; its versions are ${resource.versionNames.join(', ')}`
      )
    }
    if (!Object.hasOwn(resource.versions, source.version)) {
      return fail(
        'source-version-unknown',
        `${source.version} is not a version of ${kind}.${resource.group}; its versions are ${resource.versionNames.join(', ')}`,
        'apiVersion'
      )
    }
    const path = resource.paths.get(source.version)?.get(target.version) ?? []
    const contexts = contextsAlong(resource, path, source.version, target.version)
    let current = object as KubeObject
    for (let index = 0; index < path.length; index++) {
      const converter = path[index] as Converter
      const context = contexts[index] as ConversionContext
      // No defensive copy of the input: converters are pure (the round-trip kit freezes their
      // input to prove it), and one shallow copy per object per step pushed a 10,000-object
      // review past V8's young generation. What the framework reads afterwards is taken now.
      const input = current
      const inputMetadata = current.metadata
      let output: unknown
      try {
        output = converter.convert(input, context)
      } catch (error) {
        const step = path.length > 1 ? ` (in step ${converter.from} → ${converter.to})` : ''
        if (isConversionError(error)) {
          const code = isStashTooLarge(error) ? 'stash-too-large' : 'converter-refused'
          return fail(code, error.message + step, error.field)
        }
        return fail('converter-threw', `converter threw ${describeThrown(error)}${step}`)
      }
      if (!isPlainObject(output)) {
        return fail(
          'converter-returned-non-object',
          `converter ${converter.from} → ${converter.to} returned ${describeValue(output)}, not an object`
        )
      }
      // the last step's apiVersion is the desired one: reusing that string spares a concatenation per object
      const apiVersion =
        converter.to === target.version
          ? desiredAPIVersion
          : formatApiVersion(resource.group, converter.to)
      try {
        // reading and completing the answer runs the converter's getters and setters, if any
        current = withFrameworkFields(output, input, inputMetadata, apiVersion, kind)
      } catch (error) {
        return fail(
          'converter-answer-unreadable',
          `converter ${converter.from} → ${converter.to} returned an object that could not be read or completed: ${describeThrown(error)}`
        )
      }
    }
    return { ok: true, object: current }
  }
}

const contextsByPath = new WeakMap<readonly Converter[], readonly ConversionContext[]>()

/**
 * The context of each step of a path, made once per path and frozen: every object of a review
 * takes the same path, so building them per object only fed the garbage collector.
 */
function contextsAlong(
  resource: Resource,
  path: readonly Converter[],
  sourceVersion: string,
  targetVersion: string
): readonly ConversionContext[] {
  let contexts = contextsByPath.get(path)
  if (contexts === undefined) {
    contexts = path.map((converter) =>
      Object.freeze({
        group: resource.group,
        kind: resource.kind,
        from: converter.from,
        to: converter.to,
        sourceVersion,
        targetVersion,
        versions: resource.versions,
      })
    )
    contextsByPath.set(path, contexts)
  }
  return contexts
}

// a DNS subdomain group, a slash and a DNS label version; longer strings are not remembered
const MAX_API_VERSION_LENGTH = 253 + 1 + 63
const MAX_REMEMBERED_API_VERSIONS = 64
const parsedApiVersions = new Map<string, GroupVersion | undefined>()

/**
 * `parseApiVersion` for the few apiVersion strings every object of a review repeats: each is
 * split once, not once per object. Bounded, since the strings come from clients.
 */
function parseRepeatedApiVersion(apiVersion: unknown): GroupVersion | undefined {
  if (typeof apiVersion !== 'string' || apiVersion.length > MAX_API_VERSION_LENGTH) {
    return parseApiVersion(apiVersion)
  }
  const known = parsedApiVersions.get(apiVersion)
  if (known !== undefined || parsedApiVersions.has(apiVersion)) return known
  if (parsedApiVersions.size === MAX_REMEMBERED_API_VERSIONS) parsedApiVersions.clear()
  const parsed = parseApiVersion(apiVersion)
  parsedApiVersions.set(apiVersion, parsed)
  return parsed
}

/**
 * The converter's object with `apiVersion` and `kind` set by the framework and the input's
 * metadata carried over; only `labels` and `annotations` are taken from the converter, and
 * only when it sets them (`{}` removes them all; absent or null keeps the old ones).
 *
 * A new object the converter returned is the framework's to complete in place: converters
 * build it for this call (`{ ...rest, host, port }`), and copying it again per object per step
 * was the largest cost of a big review. The input itself, a frozen or sealed object, and an
 * object built without `apiVersion` (whose keys would end up out of order) are copied instead.
 */
function withFrameworkFields(
  output: Record<string, unknown>,
  input: KubeObject,
  inputMetadata: unknown,
  apiVersion: string,
  kind: string
): KubeObject {
  const metadata: ObjectMeta = isPlainObject(inputMetadata) ? inputMetadata : {}
  const merged = mergeLabelsAndAnnotations(metadata, output['metadata'])
  const completeInPlace =
    output !== input && Object.isExtensible(output) && Object.hasOwn(output, 'apiVersion')
  // A copy is one copy with keys in this order: the literal places the framework's fields
  // first, the spread brings the converter's; either way the assignments overrule what the
  // converter set for the framework's own fields.
  const object: KubeObject = completeInPlace
    ? (output as KubeObject)
    : { apiVersion, kind, metadata: merged, ...output }
  object.apiVersion = apiVersion
  object.kind = kind
  object.metadata = merged
  return object
}

// module-level: an array literal in the loop head was allocated on every call
const CONVERTER_METADATA_FIELDS = ['labels', 'annotations'] as const

function mergeLabelsAndAnnotations(metadata: ObjectMeta, returned: unknown): ObjectMeta {
  if (!isPlainObject(returned) || returned === metadata) return metadata
  let merged = metadata
  for (const field of CONVERTER_METADATA_FIELDS) {
    const value = returned[field]
    if (value === undefined || value === null || value === metadata[field]) continue
    if (merged === metadata) merged = { ...metadata }
    merged[field] = value as Record<string, string>
  }
  return merged
}

function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return describeValue(error)
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 200))}`
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
