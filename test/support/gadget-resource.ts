// A two-version resource for the field-move tests: every kind of move has a field to act on.
import * as z from 'zod/mini'
import {
  createScheme,
  defineResource,
  fieldMoves,
  type FieldMove,
  type FieldMoveBuilder,
  type KubeObject,
} from '../../packages/webhook/src/scheme/index.ts'

/** A Gadget at v1: `hostPort`, `keep`, a three-value `mode`, a `legacy` field, `ports` by `number`. */
export const GadgetV1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      hostPort: z.optional(z.string()),
      keep: z.optional(z.int()),
      mode: z.optional(z.enum(['Fast', 'Slow', 'Turbo'])),
      legacy: z.optional(z.string()),
      name: z.optional(z.string()),
      ports: z.optional(
        z.array(
          z.looseObject({
            number: z.optional(z.int()),
            protocol: z.optional(z.enum(['tcp', 'udp'])),
          })
        )
      ),
    })
  ),
  status: z.optional(
    z.looseObject({ phase: z.optional(z.string()), ready: z.optional(z.boolean()) })
  ),
})

/**
 * A Gadget at v2: `host` and `port`, `retention`, a two-value `mode`, `replicas` defaulting to 1,
 * `ports` by `port` with protocols in capitals and a `weight` defaulting to 1.
 */
export const GadgetV2 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      host: z.optional(z.string()),
      port: z.optional(z.string()),
      retention: z.optional(z.int()),
      mode: z.optional(z.enum(['fast', 'slow'])),
      replicas: z._default(z.int(), 1),
      name: z.optional(z.string()),
      ports: z.optional(
        z.array(
          z.looseObject({
            port: z.optional(z.int()),
            protocol: z.optional(z.enum(['TCP', 'UDP'])),
            weight: z._default(z.int(), 1),
          })
        )
      ),
    })
  ),
  status: z.optional(z.looseObject({ state: z.optional(z.string()) })),
})

export const gadgetVersions = { v1: { schema: GadgetV1, storage: true }, v2: { schema: GadgetV2 } }
export type GadgetMoves = FieldMoveBuilder<z.output<typeof GadgetV1>, z.output<typeof GadgetV2>>

/** `host:port` at the last colon; without one, all host (which does not join back). */
export const hostPort = {
  split: (whole: string) => {
    const colon = whole.lastIndexOf(':')
    return colon === -1
      ? { host: whole }
      : { host: whole.slice(0, colon), port: whole.slice(colon + 1) }
  },
  join: ({ host, port }: { host: string; port: string }) => `${host}:${port}`,
}

/** A Gadget resource whose v1 ↔ v2 converters are `declare`'s moves. */
export function gadget(declare: (move: GadgetMoves) => readonly FieldMove[]) {
  return defineResource({
    group: 'example.com',
    kind: 'Gadget',
    versions: gadgetVersions,
    converters: fieldMoves(gadgetVersions, 'v1', 'v2', declare),
  })
}

/** A Gadget at `version` with `fields`, named and annotated. */
export const objectAt = (version: string, fields: Record<string, unknown>): KubeObject => ({
  apiVersion: `example.com/${version}`,
  kind: 'Gadget',
  metadata: {
    name: 'g',
    namespace: 'default',
    uid: '00000000-0000-1000-8000-000000000001',
    annotations: { note: 'kept' },
  },
  ...fields,
})

/** `object` converted to `version` by the webhook's path; throws the failure's message. */
export function convert(resource: ReturnType<typeof gadget>, object: KubeObject, version: string) {
  const result = createScheme([resource]).convert(object, `example.com/${version}`)
  if (!result.ok) throw new Error(result.failure.message)
  return result.object
}

/** The object's own fields, without apiVersion, kind and metadata. */
export const withoutFramework = ({
  apiVersion: _a,
  kind: _k,
  metadata: _m,
  ...fields
}: KubeObject) => fields
