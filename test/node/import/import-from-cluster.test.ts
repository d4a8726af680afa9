// --from-cluster through @kubernetes/client-node against a local HTTP server that answers the
// one request like the API server (GET of a CRD, 404 with a Status otherwise).
import { createServer, type Server } from 'node:http'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeLocalKubeconfig } from '../../support/local-kubeconfig.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { crdconv } from '../cli/run-cli.ts'

const crd = parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'every-feature-crd.yaml'), 'utf8')
) as Record<string, unknown>
const PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/'

// an import checks what it writes by generating the CRD again: over 30 s with a second run beside
// this one on 2 cores
describe('crdconv import --from-cluster', { timeout: 120_000 }, () => {
  let server: Server
  let kubeconfig: string
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-import-cluster-'))

  beforeAll(async () => {
    server = createServer((request, response) => {
      const found = request.method === 'GET' && request.url === `${PATH}widgets.example.com`
      response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          found
            ? crd
            : { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }
        )
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    kubeconfig = writeLocalKubeconfig(join(directory, 'kubeconfig'), port, {
      context: 'dev',
      user: { token: 'not-a-secret' },
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const importFromCluster = (name: string, ...options: string[]) =>
    crdconv(['import', '--from-cluster', name, '--kubeconfig', kubeconfig, ...options])

  it('reads the live CRD through the kubeconfig and context, and imports it', async () => {
    const out = join(directory, 'out')
    const run = await importFromCluster('widgets.example.com', '--context', 'dev', '--out', out)
    expect(run.stderr).toContain('wrote')
    expect(run.code).toBe(0)
    expect(readFileSync(join(out, 'widget.ts'), 'utf8')).toContain('export const WidgetV1 =')
  })

  it.each<[string, string[], string]>([
    ['a CRD the cluster does not have', [], 'no CustomResourceDefinition gadgets.example.com'],
    ['a context the kubeconfig does not have', ['--context', 'prod'], 'context "prod" is not in'],
  ])('exits 2 for %s, naming it, and writes nothing', async (_name, extra, message) => {
    const out = join(directory, 'refused')
    const run = await importFromCluster('gadgets.example.com', ...extra, '--out', out)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
    expect(existsSync(out)).toBe(false)
  })
})
