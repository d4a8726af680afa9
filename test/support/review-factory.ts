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

/** What the API server really sends: a `response` stanza inside the request. */
export const apiServerStyleReview = (options: ReviewOptions = {}) => ({
  ...conversionReview(options),
  response: { uid: '', convertedObjects: null, result: { metadata: {} } },
})
