import { describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

// the request of the Kubernetes page "Versions in CustomResourceDefinitions"
const documentedRequest = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'ConversionReview',
  request: {
    uid: '705ab4f5-6393-11e8-b7cc-42010a800002',
    desiredAPIVersion: 'example.com/v1',
    objects: [
      {
        kind: 'CronTab',
        apiVersion: 'example.com/v1beta1',
        metadata: { name: 'local-crontab', namespace: 'default', uid: '3415a7fc' },
        hostPort: 'localhost:1234',
      },
      {
        kind: 'CronTab',
        apiVersion: 'example.com/v1beta1',
        metadata: { name: 'remote-crontab', uid: '359a83ec' },
        hostPort: 'example.com:2345',
      },
    ],
  },
}

describe('crdconv review', () => {
  it("prints the documented answer to the documentation's request", async () => {
    const run = await crdconv(['review', '-f', '-'], { stdin: JSON.stringify(documentedRequest) })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      response: {
        uid: '705ab4f5-6393-11e8-b7cc-42010a800002',
        result: { status: 'Success' },
        convertedObjects: [
          {
            kind: 'CronTab',
            apiVersion: 'example.com/v1',
            metadata: { name: 'local-crontab', namespace: 'default', uid: '3415a7fc' },
            host: 'localhost',
            port: '1234',
          },
          {
            kind: 'CronTab',
            apiVersion: 'example.com/v1',
            metadata: { name: 'remote-crontab', uid: '359a83ec' },
            host: 'example.com',
            port: '2345',
          },
        ],
      },
    })
  })

  it('prints the Failed answer as YAML and exits 1 when an object cannot be converted', async () => {
    const broken = structuredClone(documentedRequest)
    broken.request.objects[1]!.hostPort = 'example.com'
    const run = await crdconv(['review', '-f', '-', '-o', 'yaml'], {
      stdin: JSON.stringify(broken),
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('status: Failed')
    expect(run.stderr).toContain('CronTab remote-crontab')
  })

  it('prints the 400 body the webhook would send for something that is not a review', async () => {
    const run = await crdconv(['review', '-f', '-'], { stdin: '{"kind": "ConversionReview"}' })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toMatchObject({ error: expect.stringContaining('apiVersion') })
    expect(run.stderr).toContain('would answer 400')
  })
})
