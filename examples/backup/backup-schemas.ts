import * as z from 'zod/mini'

// zod/mini, like the CronTab: the schemas type the converters and generate the CRD, and nothing
// parses with them at run time, so zod classic would only add weight to the Worker and Lambda.

const schedule = z
  .optional(z.string())
  .register(z.globalRegistry, { description: 'When to back up, in cron format, like "0 3 * * *"' })
const destination = z
  .optional(z.string())
  .register(z.globalRegistry, { description: 'Bucket and key prefix, as "bucket/prefix"' })
const count = () =>
  z
    .optional(z.int().check(z.minimum(0)))
    .register(z.globalRegistry, { description: 'How many backups to keep' })
const status = z.optional(z.looseObject({}))

/** `example.com/v1alpha1`: where to write as one `destination`, how many to keep as `keep`. */
export const BackupV1alpha1 = z.looseObject({
  spec: z.optional(z.looseObject({ schedule, destination, keep: count() })),
  status,
})

/** `example.com/v1beta1` (stored): `keep` renamed `retention`. */
export const BackupV1beta1 = z.looseObject({
  spec: z.optional(z.looseObject({ schedule, destination, retention: count() })),
  status,
})

/** `example.com/v1`: `destination` split into `bucket` and `prefix`, and a new `encryption`. */
export const BackupV1 = z.looseObject({
  spec: z.optional(
    z.looseObject({
      schedule,
      bucket: z
        .optional(z.string())
        .register(z.globalRegistry, { description: 'Bucket the backups go to' }),
      prefix: z
        .optional(z.string())
        .register(z.globalRegistry, { description: 'Key prefix inside the bucket' }),
      retention: count(),
      encryption: z
        .optional(
          z.object({
            keyRef: z
              .string()
              .register(z.globalRegistry, { description: 'Name of the Secret that holds the key' }),
            algorithm: z.optional(z.enum(['AES256', 'aws:kms'])),
          })
        )
        .register(z.globalRegistry, { description: 'Server-side encryption; only v1 has it' }),
    })
  ),
  status,
})
