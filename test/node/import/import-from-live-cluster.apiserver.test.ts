// --from-cluster against a real kube-apiserver: the CRD the API server gives back (with its
// defaults, status and managed fields) imports, regenerates as it is, and diffs as the scheme does.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { crdconv } from '../cli/run-cli.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

describeWithApiServer('crdconv import --from-cluster on a real API server', (release) => {
  let server: TestApiServer
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-import-live-'))
  const importFromCluster = (name: string, ...options: string[]) =>
    crdconv(['import', '--from-cluster', name, '--kubeconfig', server.kubeconfigPath, ...options])

  beforeAll(async () => {
    server = await sharedTestApiServer({ assets: release.assets })
    const crds = await crdconv(['crd', '--url', 'https://example.com/convert'])
    expect(crds.code).toBe(0)
    await kubectlOk(server.kubeconfigPath, ['apply', '-f', '-'], crds.stdout)
    await kubectlOk(server.kubeconfigPath, [
      'wait',
      '--for',
      'condition=established',
      'crd/crontabs.example.com',
    ])
  }, API_SERVER_START_MS)

  afterAll(async () => {
    await server?.stop()
    rmSync(directory, { recursive: true, force: true })
  })

  it('imports the live CRD, and --check finds no difference', async () => {
    const check = await importFromCluster('crontabs.example.com', '--check')
    expect(check.stderr).toContain('regenerates as it is')
    expect(check.code).toBe(0)

    const out = join(directory, 'out')
    const run = await importFromCluster('crontabs.example.com', '--out', out)
    expect(run.code).toBe(0)
    const module = readFileSync(join(out, 'cron-tab.ts'), 'utf8')
    expect(module).toMatch(/v1beta1/)
    expect(module).toMatch(/storage: true/)
  })

  it('diff --from-cluster finds the differences the scheme has, in the CRD the API server gives back', async () => {
    const live = await crdconv([
      'diff',
      '--from-cluster',
      'crontabs.example.com',
      '--kubeconfig',
      server.kubeconfigPath,
      '--json',
    ])
    expect(live.stderr).toBe('')
    expect(live.code).toBe(0)
    const local = await crdconv(['diff', '--resource', 'crontabs', '--json'])
    expect(JSON.parse(live.stdout)).toEqual(JSON.parse(local.stdout))
  })

  it('exits 2 for a CRD the cluster does not have, and writes nothing', async () => {
    const out = join(directory, 'refused')
    const run = await importFromCluster('gadgets.example.com', '--out', out)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('gadgets.example.com')
    expect(existsSync(out)).toBe(false)
  })
})
