import * as z from 'zod'

const CronTabSpec = z.looseObject({
  cronSpec: z.string().optional().describe('Schedule in cron format, like "*/5 * * * *"'),
  image: z.string().optional().describe('Container image that runs the job'),
  replicas: z.int().optional().describe('How many copies run at once'),
})

/** `example.com/v1beta1`: the address as one `hostPort` field, `"host:port"`. */
export const CronTabV1beta1 = z.looseObject({
  hostPort: z.string().optional().describe('Address as "host:port" ("[::1]:8080" for IPv6)'),
  spec: CronTabSpec.optional(),
  status: z.looseObject({}).optional(),
})

/** `example.com/v1`: the address split into `host` and `port`. */
export const CronTabV1 = z.looseObject({
  host: z.string().optional().describe('Host name or IP address'),
  port: z.string().optional().describe('Port, as text'),
  spec: CronTabSpec.optional(),
  status: z.looseObject({}).optional(),
})
