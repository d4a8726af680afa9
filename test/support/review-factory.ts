// Small factories for ConversionReviews and CronTab objects; override only what a test is about.

export const REVIEW_V1 = 'apiextensions.k8s.io/v1'
export const REVIEW_V1BETA1 = 'apiextensions.k8s.io/v1beta1'

interface CronTabOptions {
  name?: string
  namespace?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
  [field: string]: unknown
}

function cronTab(apiVersion: string, options: CronTabOptions, fields: Record<string, unknown>) {
  const { name = 'my-crontab', namespace = 'default', labels, annotations, ...rest } = options
  return {
    apiVersion,
    kind: 'CronTab',
    metadata: {
      name,
      namespace,
      uid: `uid-${name}`,
      resourceVersion: '1',
      ...(labels === undefined ? {} : { labels }),
      ...(annotations === undefined ? {} : { annotations }),
    },
    spec: { cronSpec: '* * * * */5', image: 'my-awesome-cron-image' },
    ...fields,
    ...rest,
  }
}

export const cronTabV1beta1 = (options: CronTabOptions = {}) =>
  cronTab('example.com/v1beta1', options, { hostPort: 'localhost:1234' })

export const cronTabV1 = (options: CronTabOptions = {}) =>
  cronTab('example.com/v1', options, { host: 'localhost', port: '1234' })

interface ReviewOptions {
  apiVersion?: string
  uid?: string
  desiredAPIVersion?: string
  objects?: unknown[]
}

export const conversionReview = (options: ReviewOptions = {}) => ({
  apiVersion: options.apiVersion ?? REVIEW_V1,
  kind: 'ConversionReview',
  request: {
    uid: options.uid ?? 'review-uid',
    desiredAPIVersion: options.desiredAPIVersion ?? 'example.com/v1',
    objects: options.objects ?? [cronTabV1beta1()],
  },
})

/**
 * A stored CronTab the way the API server sends it (shape of a real 1.22 wire capture): full
 * metadata with managedFields and kubectl's last-applied annotation.
 */
export const storedCronTabV1beta1 = () => {
  const applied = {
    apiVersion: 'example.com/v1beta1',
    kind: 'CronTab',
    metadata: { annotations: {}, name: 'kek', namespace: 'default' },
    hostPort: 'localhost:1234',
  }
  return {
    apiVersion: 'example.com/v1beta1',
    kind: 'CronTab',
    metadata: {
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': `${JSON.stringify(applied)}\n`,
      },
      creationTimestamp: '2022-09-04T14:21:34Z',
      generation: 1,
      managedFields: [
        {
          apiVersion: 'example.com/v1beta1',
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': {
              'f:annotations': {
                '.': {},
                'f:kubectl.kubernetes.io/last-applied-configuration': {},
              },
            },
            'f:hostPort': {},
          },
          manager: 'kubectl-client-side-apply',
          operation: 'Update',
          time: '2022-09-04T14:21:34Z',
        },
      ],
      name: 'kek',
      namespace: 'default',
      uid: 'af7e84e4-573e-4b6e-bb66-0ea578c740da',
    },
    hostPort: 'localhost:1234',
  }
}

/** What the API server really sends: stored objects and a `response` stanza inside the request. */
export const apiServerStyleReview = (options: ReviewOptions = {}) => ({
  ...conversionReview({ objects: [storedCronTabV1beta1()], ...options }),
  response: { uid: '', convertedObjects: null, result: { metadata: {} } },
})
