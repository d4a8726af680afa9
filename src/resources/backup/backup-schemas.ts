import * as z from 'zod'

const schedule = z.string().optional().describe('When to back up, in cron format, like "0 3 * * *"')
const status = z.looseObject({}).optional()

/** `example.com/v1alpha1`: where to write as one `destination`, how many to keep as `keep`. */
export const BackupV1alpha1 = z.looseObject({
  spec: z
    .looseObject({
      schedule,
      destination: z.string().optional().describe('Bucket and key prefix, as "bucket/prefix"'),
      keep: z.int().min(0).optional().describe('How many backups to keep'),
    })
    .optional(),
  status,
})

/** `example.com/v1beta1` (stored): `keep` renamed `retention`. */
export const BackupV1beta1 = z.looseObject({
  spec: z
    .looseObject({
      schedule,
      destination: z.string().optional().describe('Bucket and key prefix, as "bucket/prefix"'),
      retention: z.int().min(0).optional().describe('How many backups to keep'),
    })
    .optional(),
  status,
})

/** `example.com/v1`: `destination` split into `bucket` and `prefix`, and a new `encryption`. */
export const BackupV1 = z.looseObject({
  spec: z
    .looseObject({
      schedule,
      bucket: z.string().optional().describe('Bucket the backups go to'),
      prefix: z.string().optional().describe('Key prefix inside the bucket'),
      retention: z.int().min(0).optional().describe('How many backups to keep'),
      encryption: z
        .object({
          keyRef: z.string().describe('Name of the Secret that holds the key'),
          algorithm: z.enum(['AES256', 'aws:kms']).optional(),
        })
        .optional()
        .describe('Server-side encryption; only v1 has it'),
    })
    .optional(),
  status,
})
