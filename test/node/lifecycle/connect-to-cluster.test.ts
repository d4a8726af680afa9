import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { ClusterError, connectToCluster } from '../../../src/cluster/index.ts'

const directory = mkdtempSync(join(tmpdir(), 'crdconv-connect-'))

/** A kubeconfig with one context per name, each on its own server. */
function kubeconfigWith(file: string, contexts: readonly string[], current: string): string {
  const path = join(directory, file)
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: contexts.map((name, index) => ({
        name,
        cluster: { server: `https://10.0.0.${index + 1}:6443` },
      })),
      users: [{ name: 'me', user: { token: 'not-a-secret' } }],
      contexts: contexts.map((name) => ({ name, context: { cluster: name, user: 'me' } })),
      'current-context': current,
    })
  )
  return path
}

describe('connectToCluster', () => {
  const saved = process.env['KUBECONFIG']
  afterEach(() => {
    if (saved === undefined) delete process.env['KUBECONFIG']
    else process.env['KUBECONFIG'] = saved
  })

  it('reads KUBECONFIG and its current context, and --context picks another', () => {
    process.env['KUBECONFIG'] = kubeconfigWith('two.yaml', ['dev', 'prod'], 'dev')
    expect(connectToCluster()).toMatchObject({
      contextName: 'dev',
      server: 'https://10.0.0.1:6443',
    })
    expect(connectToCluster({ context: 'prod' })).toMatchObject({
      contextName: 'prod',
      server: 'https://10.0.0.2:6443',
    })
  })

  it('lets --kubeconfig override KUBECONFIG', () => {
    process.env['KUBECONFIG'] = kubeconfigWith('env.yaml', ['from-env'], 'from-env')
    const file = kubeconfigWith('flag.yaml', ['from-flag'], 'from-flag')
    expect(connectToCluster({ kubeconfig: file }).contextName).toBe('from-flag')
  })

  it('names a KUBECONFIG that points at no file', () => {
    process.env['KUBECONFIG'] = join(directory, 'nowhere.yaml')
    expect(() => connectToCluster()).toThrow(
      new ClusterError(`KUBECONFIG=${join(directory, 'nowhere.yaml')} names no file that exists`)
    )
  })
})
