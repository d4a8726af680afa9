import { serve, type ServerType } from '@hono/node-server'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'

export interface NodeServerOptions {
  readonly app: Hono
  readonly port: number
  readonly hostname: string
  /** PEM certificate chain and key; with them the server speaks HTTPS. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer }
}

export interface RunningServer {
  /** Base URL, `http(s)://host:port`, with the port actually bound (port 0 picks a free one). */
  readonly url: string
  close(): Promise<void>
}

/** Serves the app with `@hono/node-server`, over HTTPS when a certificate is given. */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const { app, port, hostname, tls } = options
  return new Promise((resolve, reject) => {
    const server: ServerType = serve(
      {
        fetch: app.fetch,
        port,
        hostname,
        ...(tls === undefined
          ? {}
          : { createServer: createHttpsServer, serverOptions: { cert: tls.cert, key: tls.key } }),
      },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
        resolve({
          url: `${tls === undefined ? 'http' : 'https'}://${host}:${info.port}`,
          close: () =>
            new Promise((done, fail) => server.close((error) => (error ? fail(error) : done()))),
        })
      }
    )
    server.once('error', reject)
  })
}
