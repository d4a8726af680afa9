import * as z from 'zod/mini'

// zod/mini, not zod: the schemas type the converters and generate the CRD, and nothing parses
// with them at run time, so zod classic would only add weight to the Worker and Lambda bundles.
// Descriptions are registered where zod classic's .describe() puts them.

/** What `splitHostPort` splits losslessly: `host:port`, or `[ipv6]:port`. */
export const HOST_PORT_PATTERN = /^(\[[^[\]]*:[^[\]]*\]|[^:[\]]*):[^:[\]]*$/

// what v1 accepts joins into a hostPort that v1beta1 accepts: no brackets, no colon in the port
const HOST_PATTERN = /^[^[\]]*$/
const PORT_PATTERN = /^[^:[\]]*$/

// z.object, not z.looseObject: the documented CronTab CRD prunes fields it does not declare.
// Converters still receive the raw object, so nothing is lost on the way through.

const CronTabSpec = z.object({
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

const CronTabStatus = z.object({
  replicas: z
    .optional(z.int())
    .register(z.globalRegistry, { description: 'How many copies are running' }),
  labelSelector: z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'Label selector of the running copies' }),
})

/** `example.com/v1beta1`: the address as one `hostPort` field, `"host:port"`. */
export const CronTabV1beta1 = z.object({
  hostPort: z.optional(z.string().check(z.regex(HOST_PORT_PATTERN))).register(z.globalRegistry, {
    description: 'Address as "host:port" ("[::1]:8080" for IPv6)',
  }),
  spec: z.optional(CronTabSpec),
  status: z.optional(CronTabStatus),
})

/** `example.com/v1`: the address split into `host` and `port`. */
export const CronTabV1 = z.object({
  host: z
    .optional(z.string().check(z.regex(HOST_PATTERN)))
    .register(z.globalRegistry, { description: 'Host name or IP address' }),
  port: z
    .optional(z.string().check(z.regex(PORT_PATTERN)))
    .register(z.globalRegistry, { description: 'Port, as text' }),
  spec: z.optional(CronTabSpec),
  status: z.optional(CronTabStatus),
})
