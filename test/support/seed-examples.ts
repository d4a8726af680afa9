// The ConversionReview request and response of the Kubernetes page "Versions in
// CustomResourceDefinitions" (shared/seeds/versions-in-crds.en.txt), transcribed as data.

export const SEED_UID = '705ab4f5-6393-11e8-b7cc-42010a800002'

export const seedRequestObjects = () => [
  {
    kind: 'CronTab',
    apiVersion: 'example.com/v1beta1',
    metadata: {
      creationTimestamp: '2019-09-04T14:03:02Z',
      name: 'local-crontab',
      namespace: 'default',
      resourceVersion: '143',
      uid: '3415a7fc-162b-4300-b5da-fd6083580d66',
    },
    hostPort: 'localhost:1234',
  },
  {
    kind: 'CronTab',
    apiVersion: 'example.com/v1beta1',
    metadata: {
      creationTimestamp: '2019-09-03T13:02:01Z',
      name: 'remote-crontab',
      resourceVersion: '12893',
      uid: '359a83ec-b575-460d-b553-d859cedde8a0',
    },
    hostPort: 'example.com:2345',
  },
]

export const seedConvertedObjects = () => [
  {
    kind: 'CronTab',
    apiVersion: 'example.com/v1',
    metadata: {
      creationTimestamp: '2019-09-04T14:03:02Z',
      name: 'local-crontab',
      namespace: 'default',
      resourceVersion: '143',
      uid: '3415a7fc-162b-4300-b5da-fd6083580d66',
    },
    host: 'localhost',
    port: '1234',
  },
  {
    kind: 'CronTab',
    apiVersion: 'example.com/v1',
    metadata: {
      creationTimestamp: '2019-09-03T13:02:01Z',
      name: 'remote-crontab',
      resourceVersion: '12893',
      uid: '359a83ec-b575-460d-b553-d859cedde8a0',
    },
    host: 'example.com',
    port: '2345',
  },
]

export const seedRequest = (apiVersion: string) => ({
  apiVersion,
  kind: 'ConversionReview',
  request: { uid: SEED_UID, desiredAPIVersion: 'example.com/v1', objects: seedRequestObjects() },
})

export const seedResponse = (apiVersion: string) => ({
  apiVersion,
  kind: 'ConversionReview',
  response: {
    uid: SEED_UID,
    result: { status: 'Success' },
    convertedObjects: seedConvertedObjects(),
  },
})
