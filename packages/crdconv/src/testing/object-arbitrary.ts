import * as fc from 'fast-check'
import { toCrdSchema } from '../crd/index.ts'
import {
  formatApiVersion,
  isPlainObject,
  stashAnnotationKey,
  type KubeObject,
  type Resource,
} from '@crdconv/webhook/scheme'
import {
  arbitraryFromJsonSchema,
  declaredPropertyNames,
  type JsonSchema,
} from './json-schema-arbitrary.ts'
import { schemaLeaves } from './schema-leaves.ts'

export interface ObjectArbitraryOptions {
  /** Any field may be absent, `metadata` and its parts included, as server-side apply sends them. */
  readonly partial?: boolean
}

const FRAMEWORK_FIELDS = ['apiVersion', 'kind', 'metadata', 'status']

const dnsLabel = fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,10}[a-z0-9])?$/)
const qualifiedKey = fc
  .tuple(
    fc.option(fc.stringMatching(/^[a-z0-9]{1,8}(\.[a-z0-9]{1,8}){0,2}$/), { nil: undefined }),
    fc.stringMatching(/^[A-Za-z0-9]([-A-Za-z0-9_.]{0,14}[A-Za-z0-9])?$/)
  )
  .map(([prefix, name]) => (prefix === undefined ? name : `${prefix}/${name}`))
const labelValue = fc.stringMatching(/^([A-Za-z0-9]([-A-Za-z0-9_.]{0,14}[A-Za-z0-9])?)?$/)
const annotationValue = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.json())

/**
 * One version's structural schema, the `openAPIV3Schema` `crdconv crd` puts in the CRD: the kit
 * generates objects from it and prunes by it, as the API server does. Where a part cannot be said
 * in a CRD (a Date), the schema keeps any value there, and `crdconv crd` refuses it.
 */
export function versionJsonSchema(resource: Resource, version: string): JsonSchema {
  const definition = resource.versions[version]
  if (definition === undefined) {
    throw new Error(`${resource.identity.groupKind} has no version ${version}`)
  }
  if (typeof (definition.schema as { _zod?: unknown })._zod !== 'object') {
    throw new Error(`${resource.identity.groupKind} ${version}: the schema is not a zod schema`)
  }
  return toCrdSchema(definition.schema).openAPIV3Schema
}

/**
 * Whole objects at `version` of `resource`: `apiVersion`, `kind`, metadata with labels and
 * annotations, the version's fields from its zod schema, a `status`, and fields no version
 * declares wherever the schema lets unknown fields in. Values go through JSON, as they
 * would on their way from the API server.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(arbitraryObjectAt(cronTab, 'v1'), (object) => { ... }))
 * ```
 */
export function arbitraryObjectAt(
  resource: Resource,
  version: string,
  options: ObjectArbitraryOptions = {}
): fc.Arbitrary<KubeObject> {
  const partial = options.partial === true
  const taken = new Set(FRAMEWORK_FIELDS)
  for (const name of resource.versionNames) {
    declaredPropertyNames(versionJsonSchema(resource, name), taken)
  }
  const unknownKey = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,9}$/).filter((name) => !taken.has(name))
  const schema = versionJsonSchema(resource, version)
  const notableAt = defaultsByField(resource)
  const body = arbitraryFromJsonSchema(schema, { partial, unknownKey, notableAt })
  const declaresStatus = isPlainObject(schema['properties']) && 'status' in schema['properties']
  const acceptsUnknown = schema['x-kubernetes-preserve-unknown-fields'] === true
  const status =
    declaresStatus || !acceptsUnknown
      ? fc.constant(undefined)
      : fc.option(fc.dictionary(unknownKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), {
          nil: undefined,
        })
  return fc
    .record({
      metadata: metadataArbitrary(resource, partial),
      body,
      status,
    })
    .map(({ metadata, body, status }) => {
      const generated = isPlainObject(body) ? body : {}
      // a schema that declares these too does not get to replace the framework's own
      const { apiVersion: _apiVersion, kind: _kind, metadata: _metadata, ...fields } = generated
      const object: KubeObject = {
        apiVersion: formatApiVersion(resource.group, version),
        kind: resource.kind,
        ...(metadata === undefined ? {} : { metadata }),
        ...fields,
        ...(status === undefined ? {} : { status }),
      }
      return JSON.parse(JSON.stringify(object)) as KubeObject
    })
}

/**
 * The defaults every version gives each leaf field: a converter that reads one version's default
 * as absence loses it where another version has none, so each version's objects hold them too.
 */
function defaultsByField(resource: Resource): Map<string, unknown[]> {
  const defaults = new Map<string, unknown[]>()
  for (const version of resource.versionNames) {
    for (const leaf of schemaLeaves(versionJsonSchema(resource, version))) {
      if (leaf.schema['default'] === undefined) continue
      defaults.set(leaf.field, [...(defaults.get(leaf.field) ?? []), leaf.schema['default']])
    }
  }
  return defaults
}

function metadataArbitrary(
  resource: Resource,
  partial: boolean
): fc.Arbitrary<Record<string, unknown> | undefined> {
  const stashKey = stashAnnotationKey(resource.group)
  const namespaced = resource.scope === 'Namespaced'
  const model = {
    name: dnsLabel,
    ...(namespaced ? { namespace: dnsLabel } : {}),
    uid: fc.uuid(),
    resourceVersion: fc.nat().map(String),
    generation: fc.integer({ min: 1, max: 1000 }),
    labels: fc.dictionary(qualifiedKey, labelValue, { maxKeys: 3 }),
    annotations: fc.dictionary(
      qualifiedKey.filter((key) => key !== stashKey),
      annotationValue,
      { maxKeys: 3 }
    ),
  }
  const metadata = fc.record(model, {
    requiredKeys: partial ? [] : namespaced ? ['name', 'namespace', 'uid'] : ['name', 'uid'],
  })
  return partial ? fc.option(metadata, { nil: undefined }) : metadata
}
