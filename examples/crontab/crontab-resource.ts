import {
  ConversionError,
  defineResource,
  restoreStashedFields,
  stashFields,
} from '@crdconv/webhook'
import { CronTabV1, CronTabV1beta1 } from './crontab-schemas.ts'
import { joinHostPort, splitHostPort } from './host-port.ts'

const cronTabSpecExample = {
  cronSpec: '* * * * */5',
  image: 'my-awesome-cron-image',
  replicas: 1,
}

/**
 * The CronTab of the Kubernetes documentation: v1beta1 (stored) keeps `hostPort: "host:port"`,
 * v1 has `host` and `port`. Everything else, spec, status and unknown fields, passes through.
 * Printer columns, status and scale subresources are those of the documented CronTab CRD.
 */
export const cronTab = defineResource({
  group: 'example.com',
  kind: 'CronTab',
  names: { plural: 'crontabs', singular: 'crontab', shortNames: ['ct'] },
  scope: 'Namespaced',
  versions: {
    v1beta1: {
      schema: CronTabV1beta1,
      storage: true,
      examples: [{ hostPort: 'localhost:1234', spec: cronTabSpecExample }],
    },
    v1: {
      schema: CronTabV1,
      examples: [{ host: 'example.com', port: '2345', spec: cronTabSpecExample }],
    },
  },
  additionalPrinterColumns: [
    {
      name: 'Spec',
      type: 'string',
      description: 'The cron spec defining the interval a CronJob is run',
      jsonPath: '.spec.cronSpec',
    },
    {
      name: 'Replicas',
      type: 'integer',
      description: 'The number of jobs launched by the CronJob',
      jsonPath: '.spec.replicas',
    },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
  subresources: {
    status: true,
    scale: {
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.labelSelector',
    },
  },
  // Each converter adds its own fields to `rest`, a fresh copy already, with Object.assign. On
  // Node 20 (V8 11.3) a spread followed by new fields (`{ ...rest, host, port }`) gives every
  // object a hidden class of its own, and every later read of it (the answer check,
  // JSON.stringify) goes slow: 1.7× the review's CPU (docs/performance.md, "Writing fast
  // converters"). Fields restored from the stash are spread: their keys come from the request,
  // and Object.assign would run the `__proto__` setter where a spread defines a field.
  converters: [
    {
      from: 'v1beta1',
      to: 'v1',
      convert: (object, context) => {
        // what v1 → v1beta1 could not put in hostPort waits in an annotation: the stash
        const { object: unstashed, fields } = restoreStashedFields(object, context)
        // `rest` keeps spec, status and every field this version does not know about
        const { hostPort, ...rest } = unstashed
        if (fields !== undefined) return { ...rest, ...fields }
        if (hostPort === undefined) return rest // partial objects (server-side apply) are normal
        if (typeof hostPort !== 'string') {
          throw new ConversionError(
            `hostPort must be a string "host:port", not ${typeof hostPort}`,
            {
              field: 'hostPort',
            }
          )
        }
        // the v1beta1 schema keeps a hostPort that does not split out of new objects: only data
        // stored before it had that pattern fails here, with splitHostPort's message
        return Object.assign(rest, splitHostPort(hostPort))
      },
    },
    {
      from: 'v1',
      to: 'v1beta1',
      convert: (object, context) => {
        const { object: unstashed, fields } = restoreStashedFields(object, context)
        const { host, port, ...rest } = unstashed
        if (fields !== undefined) return { ...rest, ...fields }
        if (host === undefined && port === undefined) return rest
        const hostPort = joinHostPort({ host: String(host ?? ''), port: String(port ?? '') })
        const converted = Object.assign(rest, { hostPort })
        // host and port that are not text have no exact form to keep: the API server stores only
        // text there (the CRD says `type: string`)
        if (typeof (host ?? '') !== 'string' || typeof (port ?? '') !== 'string') return converted
        if (splitsBackTo(hostPort, host, port)) return converted
        // a host without a port (or the reverse) would come back different: keep both as they were
        return stashFields(converted, context, { host, port })
      },
    },
  ],
})

/** Whether `hostPort` splits back into exactly `host` and `port`. */
function splitsBackTo(hostPort: string, host: unknown, port: unknown): boolean {
  try {
    const back = splitHostPort(hostPort)
    return back.host === host && back.port === port
  } catch {
    return false
  }
}
