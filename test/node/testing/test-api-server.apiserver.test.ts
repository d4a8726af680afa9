import { execFileSync, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  parseKubernetesVersion,
  startTestApiServer,
  testApiServerAssets,
  type TestApiServer,
} from 'crdconv/api-server'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'

describe('testApiServerAssets', () => {
  it('says how to set KUBEBUILDER_ASSETS when it is unset', () => {
    expect(testApiServerAssets('')).toEqual({
      skip: expect.stringContaining('KUBEBUILDER_ASSETS is unset') as unknown,
    })
  })

  it('names the binary a folder lacks', () => {
    const folder = mkdtempSync(join(tmpdir(), 'crdconv-assets-'))
    writeFileSync(join(folder, 'etcd'), '')
    expect(testApiServerAssets(folder)).toEqual({
      skip: `KUBEBUILDER_ASSETS=${folder} has no kube-apiserver`,
    })
  })
})

describe('parseKubernetesVersion', () => {
  it.each([
    ['Kubernetes v1.37.2', { gitVersion: 'v1.37.2', major: 1, minor: 37 }],
    ['Kubernetes v1.20.2-dirty', { gitVersion: 'v1.20.2-dirty', major: 1, minor: 20 }],
    ['v1.34.1', { gitVersion: 'v1.34.1', major: 1, minor: 34 }],
    ['Kubernetes v0.0.0', { gitVersion: 'v0.0.0', major: 0, minor: 0 }],
  ])('reads %j', (line, version) => {
    expect(parseKubernetesVersion(line)).toEqual(version)
  })

  it('gives undefined for a line with no version', () => {
    expect(parseKubernetesVersion('etcd Version: 3.7.0')).toBeUndefined()
  })
})

describe('startTestApiServer without binaries', () => {
  it('rejects with the reason and starts nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'crdconv-assets-'))
    await expect(startTestApiServer({ assets: folder })).rejects.toThrow(/has no etcd/)
  })
})

/** Whether `pid` is alive; a killed child not yet reaped by init is a zombie, not alive. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe('processes it started', () => {
  it('are killed and its data directory removed when the test process crashes', () => {
    const directory = mkdtempSync(join(tmpdir(), 'crdconv-crash-'))
    mkdirSync(join(directory, 'etcd'))
    const crashed = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/crash-after-start.ts'), directory],
      { encoding: 'utf8' }
    )
    expect(crashed.status).not.toBe(0)
    const pid = Number(crashed.stdout.trim())
    expect(pid).toBeGreaterThan(0)
    expect(isRunning(pid)).toBe(false)
    expect(existsSync(directory)).toBe(false)
  })
})

describeWithApiServer('startTestApiServer', (release) => {
  let server: TestApiServer
  let logFolder: string
  beforeAll(async () => {
    logFolder = mkdtempSync(join(tmpdir(), 'crdconv-api-server-logs-'))
    server = await startTestApiServer({ assets: release.assets, logFolder })
  }, API_SERVER_START_MS)
  afterAll(async () => {
    await server?.stop()
    rmSync(logFolder, { recursive: true, force: true })
  })

  it('reports the release it started, as its binary and /version name it', () => {
    const named = /^v\d+\.\d+(\.\d+)?/.exec(release.name)?.[0] as string
    expect(server.version.gitVersion.startsWith(named)).toBe(true)
    expect(server.version).toMatchObject({ major: 1, minor: Number(named.split('.')[1]) })
  })

  it('answers kubectl through the kubeconfig file it wrote, as an admin', () => {
    const namespace = execFileSync(
      'kubectl',
      ['--kubeconfig', server.kubeconfigPath, 'get', 'namespace', 'default', '-o', 'name'],
      { encoding: 'utf8' }
    )
    expect(namespace.trim()).toBe('namespace/default')
    const can = execFileSync(
      'kubectl',
      [
        '--kubeconfig',
        server.kubeconfigPath,
        'auth',
        'can-i',
        'update',
        'customresourcedefinitions',
      ],
      { encoding: 'utf8' }
    )
    expect(can.trim()).toBe('yes')
  })

  it('returns the kubeconfig as an object naming its own server', () => {
    expect(server.kubeconfig).toMatchObject({
      'current-context': 'crdconv-test',
      clusters: [{ cluster: { server: server.url } }],
    })
  })

  it('shows what the API server stored in etcd', async () => {
    const keys = (await server.readEtcd('/registry/namespaces/')).map((entry) => entry.key)
    expect(keys).toContain('/registry/namespaces/default')
    expect(await server.readEtcd('/registry/nothing-here/')).toEqual([])
  })

  it('stops both processes and removes its data directory, leaving their logs', async () => {
    const dataDir = dirname(server.kubeconfigPath)
    await server.stop()
    expect(existsSync(dataDir)).toBe(false)
    await expect(fetch(`${server.etcdUrl}/health`)).rejects.toThrow()
    for (const log of ['etcd.log', 'kube-apiserver.log']) {
      expect(statSync(join(logFolder, log)).size, log).toBeGreaterThan(0)
    }
    // processes it was told to stop did not stop on their own
    const pending = Symbol('pending')
    expect(await Promise.race([server.stoppedOnItsOwn, Promise.resolve(pending)])).toBe(pending)
  })
})
