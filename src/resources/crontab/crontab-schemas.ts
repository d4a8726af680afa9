import * as z from 'zod/mini'

const CronTabSpec = z.looseObject({
  cronSpec: z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'Schedule in cron format, like "*/5 * * * *"' }),
  image: z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'Container image that runs the job' }),
  replicas: z
    .optional(z.int())
    .register(z.globalRegistry, { description: 'How many copies run at once' }),
})

/** `example.com/v1beta1`: the address as one `hostPort` field, `"host:port"`. */
export const CronTabV1beta1 = z.looseObject({
  hostPort: z.optional(z.string()).register(z.globalRegistry, {
    description: 'Address as "host:port" ("[::1]:8080" for IPv6)',
  }),
  spec: z.optional(CronTabSpec),
  status: z.optional(z.looseObject({})),
})

/** `example.com/v1`: the address split into `host` and `port`. */
export const CronTabV1 = z.looseObject({
  host: z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'Host name or IP address' }),
  port: z.optional(z.string()).register(z.globalRegistry, { description: 'Port, as text' }),
  spec: z.optional(CronTabSpec),
  status: z.optional(z.looseObject({})),
})
