import * as z from 'zod'

// z.object, not z.looseObject: the documented CronTab CRD prunes fields it does not declare.
// Converters still receive the raw object, so nothing is lost on the way through.
/** What `splitHostPort` splits losslessly: `host:port`, or `[ipv6]:port`. */
export const HOST_PORT_PATTERN = /^(\[[^[\]]*:[^[\]]*\]|[^:[\]]*):[^:[\]]*$/

const CronTabSpec = z.object({
  cronSpec: z.string().optional().describe('Schedule in cron format, like "*/5 * * * *"'),
  image: z.string().optional().describe('Container image that runs the job'),
  replicas: z.int().optional().describe('How many copies run at once'),
})

const CronTabStatus = z.object({
  replicas: z.int().optional().describe('How many copies are running'),
  labelSelector: z.string().optional().describe('Label selector of the running copies'),
})

/** `example.com/v1beta1`: the address as one `hostPort` field, `"host:port"`. */
export const CronTabV1beta1 = z.object({
  hostPort: z
    .string()
    .regex(HOST_PORT_PATTERN)
    .optional()
    .describe('Address as "host:port" ("[::1]:8080" for IPv6)'),
  spec: CronTabSpec.optional(),
  status: CronTabStatus.optional(),
})

/** `example.com/v1`: the address split into `host` and `port`. */
export const CronTabV1 = z.object({
  host: z.string().optional().describe('Host name or IP address'),
  port: z.string().optional().describe('Port, as text'),
  spec: CronTabSpec.optional(),
  status: CronTabStatus.optional(),
})
