import { afterAll, beforeAll, describe } from 'vitest'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import {
  startNodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { describeHttpContract } from '../../support/http-contract.ts'
import { fetchOverNode } from '../../support/node-fetch.ts'
import { makeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

const maxBodyBytes = 256 * 1024
const app = createApp({
  allowUnauthenticated: true,
  scheme: exampleScheme,
  maxBodyBytes,
  log: () => {},
})

describe.each([
  ['HTTP', undefined],
  ['HTTPS with a self-signed certificate', makeSelfSignedCertificate()],
])('Node server over %s', (_name, tls) => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startNodeServer({ app, port: 0, hostname: '127.0.0.1', ...(tls ? { tls } : {}) })
  })
  afterAll(() => server.close())

  describeHttpContract(`Node server over ${_name}`, () => ({
    send: (path, init) => fetchOverNode(server.url + path, init, tls?.cert),
    maxBodyBytes,
  }))
})
