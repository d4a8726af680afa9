/**
 * ConversionReviews of CronTab objects as the API server sends them on a read: objects stored at
 * `example.com/v1beta1`, asked for at `example.com/v1`, the `response` stanza with
 * `convertedObjects: null` included. Deterministic, so every run converts the same bytes.
 */
export function cronTabReviewBody(objectCount: number): string {
  const objects = Array.from({ length: objectCount }, (_, index) => cronTabObject(index))
  return JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: `bench-${objectCount}`,
      desiredAPIVersion: 'example.com/v1',
      objects,
    },
    response: { uid: '', convertedObjects: null, result: { status: '' } },
  })
}

function cronTabObject(index: number) {
  const name = `crontab-${index.toString().padStart(5, '0')}`
  return {
    apiVersion: 'example.com/v1beta1',
    kind: 'CronTab',
    metadata: {
      name,
      namespace: `team-${index % 7}`,
      uid: `6f1c2d3e-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
      resourceVersion: String(100000 + index),
      generation: 1 + (index % 3),
      creationTimestamp: '2026-01-02T03:04:05Z',
      labels: { app: 'reports', tier: index % 2 === 0 ? 'batch' : 'nightly' },
      annotations: { 'example.com/owner': `owner-${index % 11}@example.com` },
    },
    hostPort: `reports-${index % 13}.example.internal:${8000 + (index % 100)}`,
    spec: { cronSpec: '*/5 * * * *', image: 'registry.example.com/reports:1.4.2', replicas: 2 },
    status: { lastScheduleTime: '2026-01-02T03:05:00Z', active: index % 5 },
  }
}
