import { defineResource, isPlainObject, restoreStashedFields, stashFields } from '@crdconv/webhook'
import { BackupV1, BackupV1alpha1, BackupV1beta1 } from './backup-schemas.ts'
import { joinDestination, splitDestination, type BucketAndPrefix } from './destination.ts'

/**
 * A three-version chain, v1alpha1 → v1beta1 → v1, stored at v1beta1. Going up, `keep` is renamed
 * `retention`, then `destination` splits into `bucket` and `prefix`. What has no place one
 * version down (v1's `encryption`, a bucket with a `/`, a destination that is not text) waits
 * in the `example.com/conversion-stash` annotation until the object comes back up.
 */
export const backup = defineResource({
  group: 'example.com',
  kind: 'Backup',
  names: { plural: 'backups', singular: 'backup', shortNames: ['bk'] },
  scope: 'Namespaced',
  versions: {
    v1alpha1: {
      schema: BackupV1alpha1,
      examples: [{ spec: { schedule: '0 3 * * *', destination: 'backups/db', keep: 7 } }],
    },
    v1beta1: {
      schema: BackupV1beta1,
      storage: true,
      examples: [{ spec: { schedule: '0 3 * * *', destination: 'backups/db', retention: 7 } }],
    },
    v1: {
      schema: BackupV1,
      examples: [
        {
          spec: {
            schedule: '0 3 * * *',
            bucket: 'backups',
            prefix: 'db',
            retention: 7,
            encryption: { keyRef: 'backup-key', algorithm: 'aws:kms' },
          },
        },
      ],
    },
  },
  // Fields are added with Object.assign, not after a spread, as in the CronTab (why is there)
  converters: [
    {
      from: 'v1alpha1',
      to: 'v1beta1',
      convert: ({ spec, ...rest }) => {
        if (!isPlainObject(spec)) return spec === undefined ? rest : Object.assign(rest, { spec })
        const { keep, ...others } = spec
        const renamed = keep === undefined ? others : Object.assign(others, { retention: keep })
        return Object.assign(rest, { spec: renamed })
      },
    },
    {
      from: 'v1beta1',
      to: 'v1alpha1',
      convert: ({ spec, ...rest }) => {
        if (!isPlainObject(spec)) return spec === undefined ? rest : Object.assign(rest, { spec })
        const { retention, ...others } = spec
        const renamed =
          retention === undefined ? others : Object.assign(others, { keep: retention })
        return Object.assign(rest, { spec: renamed })
      },
    },
    {
      from: 'v1beta1',
      to: 'v1',
      convert: (object, context) => {
        const { object: unstashed, fields } = restoreStashedFields(object, context)
        const { spec, ...rest } = unstashed
        if (!isPlainObject(spec)) return unstashed
        const { destination, ...others } = spec
        const address = fields?.['address']
        const encryption = fields?.['encryption']
        const restored = encryption === undefined ? others : Object.assign(others, { encryption })
        // a stashed address's keys come from the request: spread, never Object.assign
        if (isPlainObject(address)) {
          return Object.assign(rest, { spec: { ...restored, ...address } })
        }
        if (destination === undefined) return Object.assign(rest, { spec: restored })
        if (typeof destination !== 'string') {
          return stashFields(Object.assign(rest, { spec: restored }), context, { destination })
        }
        return Object.assign(rest, { spec: Object.assign(restored, splitDestination(destination)) })
      },
    },
    {
      from: 'v1',
      to: 'v1beta1',
      convert: (object, context) => {
        const { object: unstashed, fields } = restoreStashedFields(object, context)
        const { spec, ...rest } = unstashed
        if (!isPlainObject(spec)) return unstashed
        const { bucket, prefix, encryption, ...others } = spec
        const stashedDestination = fields?.['destination']
        if (stashedDestination !== undefined && bucket === undefined && prefix === undefined) {
          // what was there before, text or not: converters never validate
          const destination = stashedDestination as string
          const converted = Object.assign(rest, { spec: Object.assign(others, { destination }) })
          return stashFields(converted, context, { encryption })
        }
        const address = textOnly({ bucket, prefix })
        const { destination, lossless } = joinDestination(address ?? {})
        const joined = destination === undefined ? others : Object.assign(others, { destination })
        const converted = Object.assign(rest, { spec: joined })
        const keepAddress = address === undefined || !lossless
        return stashFields(converted, context, {
          encryption,
          address: keepAddress ? definedOnly({ bucket, prefix }) : undefined,
        })
      },
    },
  ],
})

/** `bucket` and `prefix` when each is text or absent; `undefined` when one is something else. */
function textOnly(fields: Record<string, unknown>): BucketAndPrefix | undefined {
  const address: BucketAndPrefix = {}
  for (const name of ['bucket', 'prefix'] as const) {
    const value = fields[name]
    if (value === undefined) continue
    if (typeof value !== 'string') return undefined
    address[name] = value
  }
  return address
}

function definedOnly(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}
