// The Node server (`nodeServer`, what `crdconv serve` and the container run) serving an XRD's
// composite resource and claim, reached over a real socket, HTTP and HTTPS.
import { afterAll, beforeAll, describe } from 'vitest'
import { nodeServer, type RunningWebhookServer } from '@crdconv/webhook/node'
import { describeXrdEndpoint } from '../../support/crossplane-reviews.ts'
import { databaseXrdScheme } from '../../support/crossplane-xrds.ts'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

describe.each([
  ['HTTP', undefined],
  ['HTTPS with a self-signed certificate', makeSelfSignedCertificate()],
])('Node server over %s', (name, tls) => {
  let server: RunningWebhookServer
  beforeAll(async () => {
    // an environment of its own: reviews go to /convert without a token, whatever process.env says
    server = await nodeServer(databaseXrdScheme(), {
      port: 0,
      hostname: '127.0.0.1',
      environment: { CONVERT_ALLOW_UNAUTHENTICATED: 'true' },
      log: () => {},
      ...(tls === undefined ? {} : { tls }),
    })
  })
  afterAll(() => server.close())

  describeXrdEndpoint(`Node server over ${name}`, () => ({
    send: (path, init) => fetchOverNode(server.url + path, init, tls?.cert),
  }))
})
