import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeLocalKubeconfig } from '../../support/local-kubeconfig.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectToCluster } from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import { rewriteAllObjects } from '../../../packages/crdconv/src/lifecycle/index.ts'

/** A CronTab as the API server lists it. */
const cronTab = (name: string, resourceVersion: string) => ({
  apiVersion: 'example.com/v1',
  kind: 'CronTab',
  metadata: { name, namespace: 'default', resourceVersion },
})

/**
 * An HTTP server that answers like the API server under trouble: `a` is throttled once (429 with
 * Retry-After), `b` meets a 503 once, `c` was deleted meanwhile, `d` was edited meanwhile (409,
 * then a newer resourceVersion on re-read). It records what each write carried.
 */
function troubledApiServer() {
  const writes: { name: string; resourceVersion: string }[] = []
  const lists: string[] = []
  const seen = new Set<string>()
  const answer = (response: ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }
  const handle = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'GET' && url.pathname === '/apis/example.com/v1/crontabs') {
      lists.push(url.search)
      return url.searchParams.get('continue') === 'page-2'
        ? answer(response, 200, { items: [cronTab('c', '1'), cronTab('d', '1')], metadata: {} })
        : answer(response, 200, {
            items: [cronTab('a', '1'), cronTab('b', '1')],
            metadata: { continue: 'page-2', remainingItemCount: 2 },
          })
    }
    const name = url.pathname.split('/').pop() ?? ''
    if (request.method === 'GET') return answer(response, 200, cronTab(name, '2'))
    const sent = JSON.parse(body) as { metadata: { resourceVersion: string } }
    writes.push({ name, resourceVersion: sent.metadata.resourceVersion })
    const first = !seen.has(name)
    seen.add(name)
    if (name === 'a' && first)
      return answer(response, 429, { message: 'slow down' }, { 'retry-after': '0' })
    if (name === 'b' && first) return answer(response, 503, { message: 'etcd leader changed' })
    if (name === 'c') return answer(response, 404, { message: 'crontabs "c" not found' })
    if (name === 'd' && sent.metadata.resourceVersion === '1') {
      return answer(response, 409, { message: 'the object has been modified' })
    }
    return answer(response, 200, sent)
  }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => handle(request, body, response))
  })
  return { server, writes, lists }
}

/** Listens on a loopback port and answers a kubeconfig that points at it. */
async function kubeconfigFor(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return writeLocalKubeconfig(
    join(mkdtempSync(join(tmpdir(), 'crdconv-rewrite-')), 'kubeconfig.yaml'),
    address.port
  )
}

/** Where the CronTabs are, for `rewriteAllObjects`. */
const AT = { group: 'example.com', version: 'v1', plural: 'crontabs', namespaced: true }

describe('rewriteAllObjects', () => {
  const troubled = troubledApiServer()
  let server: Server
  let kubeconfig: string

  beforeAll(async () => {
    server = troubled.server
    kubeconfig = await kubeconfigFor(server)
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('retries 429 and 5xx, skips deleted objects, re-reads on conflict, and pages through the list', async () => {
    const client = connectToCluster({ kubeconfig })
    const counts = await rewriteAllObjects(client, AT, {
      concurrency: 2,
      pageSize: 2,
      dryRun: false,
      backoffMs: 1,
    })
    expect(counts).toMatchObject({
      total: 4,
      seen: 4,
      rewritten: 3,
      deleted: 1,
      conflicts: 1,
      retries: 2,
      failures: [],
    })
    expect(troubled.lists).toEqual(['?limit=2', '?continue=page-2&limit=2'])
    // the conflicting write is retried with the re-read copy, never the stale one again
    expect(troubled.writes.filter((write) => write.name === 'd')).toEqual([
      { name: 'd', resourceVersion: '1' },
      { name: 'd', resourceVersion: '2' },
    ])
  })
})

describe('rewriteAllObjects, objects it cannot rewrite', () => {
  // each object always gets the same answer: refused (invalid at the storage version), edited at
  // every write, or an API server that stays unavailable
  const answers: Record<string, { status: number; message: string }> = {
    refused: {
      status: 422,
      message: 'CronTab.example.com "refused" is invalid: spec.cronSpec: Required value',
    },
    edited: { status: 409, message: 'the object has been modified' },
    unavailable: { status: 503, message: 'etcd leader changed' },
  }
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://localhost').pathname.split('/').pop() ?? ''
    request.resume()
    request.on('end', () => {
      const [status, body] =
        request.method === 'GET' && name === 'crontabs'
          ? [200, { items: Object.keys(answers).map((key) => cronTab(key, '1')), metadata: {} }]
          : request.method === 'GET'
            ? [200, cronTab(name, '2')]
            : [answers[name]?.status ?? 404, { message: answers[name]?.message ?? 'not found' }]
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  let kubeconfig: string

  beforeAll(async () => {
    kubeconfig = await kubeconfigFor(server)
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('says why each was left at its old version, by code, with the API server’s message', async () => {
    const client = connectToCluster({ kubeconfig })
    const counts = await rewriteAllObjects(client, AT, {
      concurrency: 1,
      pageSize: 10,
      dryRun: false,
      backoffMs: 1,
      attempts: 2,
    })
    expect(counts.rewritten).toBe(0)
    expect(counts.failures).toEqual([
      {
        code: 'write-refused',
        object: 'default/refused',
        message: answers['refused']!.message,
      },
      {
        code: 'conflicts-exhausted',
        object: 'default/edited',
        message: answers['edited']!.message,
      },
      {
        code: 'retries-exhausted',
        object: 'default/unavailable',
        message: answers['unavailable']!.message,
      },
    ])
  })
})
