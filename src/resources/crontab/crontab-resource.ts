import { ConversionError, defineResource } from '../../scheme/index.ts'
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
  converters: [
    {
      from: 'v1beta1',
      to: 'v1',
      convert: ({ hostPort, ...rest }) => {
        if (hostPort === undefined) return rest
        if (typeof hostPort !== 'string') {
          throw new ConversionError(
            `hostPort must be a string "host:port", not ${typeof hostPort}`,
            {
              field: 'hostPort',
            }
          )
        }
        // `rest` is already a fresh copy: adding to it spares a second one, and on Node 20 a
        // spread followed by more fields (`{ ...rest, host, port }`) costs about 1 µs per object
        return Object.assign(rest, splitHostPort(hostPort))
      },
    },
    {
      from: 'v1',
      to: 'v1beta1',
      convert: ({ host, port, ...rest }) => {
        if (host === undefined && port === undefined) return rest
        return Object.assign(rest, {
          hostPort: joinHostPort({ host: String(host ?? ''), port: String(port ?? '') }),
        })
      },
    },
  ],
})
