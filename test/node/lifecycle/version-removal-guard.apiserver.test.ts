// `crdconv crd` and `crdconv retire` read the cluster kubectl would (KUBECONFIG, the current
// context) before printing a CRD that drops a version, and say so when they read none.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { freePort } from '../../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { withEnvironment } from '../../support/environment.ts'
import { writeUnreachableKubeconfig } from '../../support/local-kubeconfig.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { crdconv } from '../cli/run-cli.ts'

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', `${name}.ts`)
const url = 'https://crontab-webhook.example.workers.dev/convert'
const directory = mkdtempSync(join(tmpdir(), 'crdconv-guard-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

/** The two commands that print a CRD without v1beta1, from the scheme left with v1 alone. */
const DROPPING_COMMANDS = [
  { command: 'retire', args: ['retire', '--scheme', fixture('crontab-v1-only')] },
  { command: 'crd', args: ['crd', '--scheme', fixture('crontab-v1-only'), '--url', url] },
] as const

/** No KUBECONFIG, no ~/.kube/config, not in a pod: no cluster is configured at all. */
const NO_CLUSTER = { KUBECONFIG: undefined, HOME: directory, KUBERNETES_SERVICE_HOST: undefined }

const unreachableKubeconfig = (server: string) =>
  writeUnreachableKubeconfig(join(directory, 'unreachable.yaml'), server)

describe.each(DROPPING_COMMANDS)('crdconv $command without a cluster to read', ({ args }) => {
  it('prints the CRD with no kubeconfig at all, and says in one stderr line that no cluster was checked', async () => {
    const run = await withEnvironment(NO_CLUSTER, () => crdconv(args))
    expect(run.code).toBe(0)
    expect(parse(run.stdout)).toMatchObject({ kind: 'CustomResourceDefinition' })
    const notes = run.stderr.split('\n').filter((line) => line.includes('no cluster checked'))
    expect(notes).toEqual([
      expect.stringContaining(
        'status.storedVersions and managedFields were not read: no kubeconfig: pass --kubeconfig FILE, set KUBECONFIG'
      ),
    ])
  })

  it('refuses when KUBECONFIG names an API server that does not answer, printing nothing (exit 2)', async () => {
    const server = `https://127.0.0.1:${await freePort()}`
    const run = await withEnvironment({ KUBECONFIG: unreachableKubeconfig(server) }, () =>
      crdconv(args)
    )
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(`cannot reach the API server at ${server} (context gone)`)
    expect(run.stderr).toContain('--offline skips that check')
  })

  it('prints with --offline, saying no cluster was checked, where KUBECONFIG names one', async () => {
    const server = `https://127.0.0.1:${await freePort()}`
    const run = await withEnvironment({ KUBECONFIG: unreachableKubeconfig(server) }, () =>
      crdconv([...args, '--offline', '--stored-versions', 'v1'])
    )
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(
      'no cluster checked (--offline): only --stored-versions v1 was checked, managedFields were not read'
    )
  })

  it('refuses --offline beside --context (exit 2)', async () => {
    const run = await crdconv([...args, '--offline', '--context', 'prod'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--offline reads no cluster')
  })
})

describeWithApiServer('crdconv crd and retire against a cluster that stores v1beta1', (release) => {
  let server: TestApiServer
  const kube = (args: readonly string[], input?: string) =>
    kubectlOk(server.kubeconfigPath, args, input)
  const applyCrd = async (scheme: string) => {
    const generated = await crdconv(['crd', '--offline', '--scheme', fixture(scheme), '--url', url])
    expect(generated.code).toBe(0)
    await kube(['apply', '-f', '-'], generated.stdout)
    await kube(['wait', '--for', 'condition=established', 'crd/crontabs.example.com'])
  }

  beforeAll(async () => {
    server = await sharedTestApiServer({ assets: release.assets })
    // stored at v1beta1 first, then at v1: status.storedVersions [v1beta1, v1]
    await applyCrd('crontab-v1beta1-storage')
    await applyCrd('crontab-v1-storage')
  }, API_SERVER_START_MS)
  afterAll(() => server?.stop())

  const ways = [
    { way: 'KUBECONFIG alone', kubeconfig: () => server.kubeconfigPath, more: () => [] },
    {
      way: '--context',
      kubeconfig: () => server.kubeconfigPath,
      more: () => ['--context', 'crdconv-test'],
    },
    {
      way: '--kubeconfig',
      kubeconfig: () => undefined,
      more: () => ['--kubeconfig', server.kubeconfigPath],
    },
  ]

  describe.each(DROPPING_COMMANDS)('crdconv $command', ({ args }) => {
    it.each(ways)(
      'refuses to drop v1beta1 read with $way, printing nothing (exit 2)',
      async (way) => {
        const environment = { ...NO_CLUSTER, KUBECONFIG: way.kubeconfig() }
        const run = await withEnvironment(environment, () => crdconv([...args, ...way.more()]))
        expect(run.code).toBe(2)
        expect(run.stdout).toBe('')
        expect(run.stderr).toContain(
          'crontabs.example.com: v1beta1 is still in status.storedVersions [v1beta1, v1] but not in the scheme'
        )
        expect(run.stderr).not.toContain('no cluster checked')
      }
    )
  })

  it('prints the CRD that keeps every stored version, read from KUBECONFIG, with no note', async () => {
    const run = await withEnvironment({ KUBECONFIG: server.kubeconfigPath }, () =>
      crdconv(['crd', '--scheme', fixture('crontab-v1-storage'), '--url', url])
    )
    expect(run.code).toBe(0)
    expect(run.stderr).not.toContain('no cluster checked')
    const versions = parse(run.stdout).spec.versions.map((v: { name: string }) => v.name)
    expect(versions.sort()).toEqual(['v1', 'v1beta1'])
  })
})
