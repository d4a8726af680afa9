// `crdconv dev` as a user runs it: the bin in a project `crdconv init` wrote, kubectl and the
// lifecycle commands against the cluster it prints, edits of the scheme, and real signals at the end.
import { readFileSync, writeFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { freePort } from '../../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import { expectNoTokenIn, tokensInPlay } from '../../support/token-leaks.ts'
import {
  BIN,
  childProcesses,
  expectNothingLeft,
  projectForSuite,
  sessionPorts,
  startDev,
  type DevProcess,
} from './dev-process.ts'

const run = promisify(execFile)

/** The starter's scheme with `storage: true` moved from v1beta1 to v1. */
function storageAtV1(scheme: string): string {
  const moved = scheme
    .replace(/(v1beta1: \{\n\s+schema: CronTabV1beta1,\n)\s+storage: true,\n/, '$1')
    .replace(/(\n(\s+)v1: \{\n\s+schema: CronTabV1,\n)/, '$1$2  storage: true,\n')
  expect(moved).not.toBe(scheme)
  return moved
}

/** The scheme with v1beta1 no longer served. */
function v1beta1NotServed(scheme: string): string {
  const hidden = scheme.replace(
    /(v1beta1: \{\n(\s+)schema: CronTabV1beta1,\n)/,
    '$1$2served: false,\n'
  )
  expect(hidden).not.toBe(scheme)
  return hidden
}

/** The scheme with v1beta1 and both converters gone: v1 alone. */
function v1Only(scheme: string): string {
  const alone = scheme
    .replace(/\n\s+v1beta1: \{\n[^]*?\n\s+\},(\n\s+v1: \{)/, '$1')
    .replace(/converters: \[[^]*\],\n\}\)/, 'converters: [],\n})')
  expect(alone).not.toContain('v1beta1: {')
  return alone
}

const cronTab = (version: string, name: string, spec: Record<string, unknown>) =>
  JSON.stringify({
    apiVersion: `example.com/${version}`,
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    spec,
  })

/** `.spec` of the CronTab `name` read at `version`, as `kubectl get -o jsonpath='{.spec}'` prints it. */
async function specAt(kubeconfig: string, version: string, name: string): Promise<string> {
  const resource = `crontabs.${version}.example.com`
  return kubectlOk(kubeconfig, ['get', resource, name, '-o', 'jsonpath={.spec}'])
}

async function crdField(kubeconfig: string, path: string): Promise<string> {
  return kubectlOk(kubeconfig, ['get', 'crd', 'crontabs.example.com', '-o', `jsonpath={${path}}`])
}

/** The bin's `args` in the project with KUBECONFIG set, as a user runs it in another shell. */
async function crdconvIn(
  project: string,
  kubeconfig: string,
  args: readonly string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      cwd: project,
      env: { ...process.env, KUBECONFIG: kubeconfig },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** Sends `signal` and checks what a stopped session leaves: no child, free ports, no kubeconfig. */
async function stopAndCheck(
  dev: DevProcess,
  signal: NodeJS.Signals,
  ports: readonly number[],
  kubeconfig: string
) {
  const pid = dev.child.pid ?? 0
  const children = await childProcesses(pid)
  expect(children.length).toBeGreaterThanOrEqual(2) // etcd and kube-apiserver at least
  dev.child.kill(signal)
  expect(await dev.exited).toBe(0)
  expect(dev.stderr()).toContain(`crdconv dev: ${signal}: stopping`)
  await expectNothingLeft(children, ports, kubeconfig)
}

describeWithApiServer('crdconv dev, run as a user runs it', (release) => {
  const project = projectForSuite()
  const env = { KUBEBUILDER_ASSETS: release.assets }

  it(
    'converts through its webhook, re-applies an edited scheme, keeps the last one that loaded, walks to a retired version, and stops everything on SIGINT',
    { timeout: 600_000 },
    async () => {
      const dev = startDev([], project(), env)
      try {
        const kubeconfig = await dev.kubeconfig()
        const started = dev.stderr()
        expect(started).toContain(`from ${release.assets} (KUBEBUILDER_ASSETS)`)
        expect(started).toContain(
          'created crontabs.example.com: v1beta1 (served, storage), v1 (served)'
        )
        const ports = sessionPorts(started)
        expect(ports).toHaveLength(3)
        expect(
          await crdField(kubeconfig, '.spec.conversion.webhook.clientConfig.caBundle')
        ).not.toBe('')

        // objects written at either version read at the other: the API server asks the webhook
        await kubectlOk(
          kubeconfig,
          ['create', '-f', '-'],
          cronTab('v1beta1', 'old', { message: 'hello', replicas: 1 })
        )
        await kubectlOk(
          kubeconfig,
          ['create', '-f', '-'],
          cronTab('v1', 'new', { greeting: 'hi', replicas: 2 })
        )
        expect(await specAt(kubeconfig, 'v1', 'old')).toBe('{"greeting":"hello","replicas":1}')
        expect(await specAt(kubeconfig, 'v1beta1', 'new')).toBe('{"message":"hi","replicas":2}')
        await dev.waitFor(/review: 1 CronTab example\.com\/v1beta1 → example\.com\/v1, Success/)

        // exit 1: `new`, written at v1, has a managedFields entry there, which status lists
        const { stdout: status } = await crdconvIn(project(), kubeconfig, ['status'])
        expect(status).toContain('crontabs.example.com (crdconv-dev, https://127.0.0.1:')
        expect(status).toMatch(/v1 +served +served +no +same +converted/)

        // the new version becomes the storage version: an edit of the scheme, applied by dev
        const schemeFile = join(project(), 'src/scheme.ts')
        const starter = readFileSync(schemeFile, 'utf8')
        let mark = dev.stderr().length
        writeFileSync(schemeFile, storageAtV1(starter))
        await dev.waitFor(
          /scheme changed: updated crontabs\.example\.com: v1beta1 \(served\), v1 \(served, storage\)/,
          mark
        )
        expect(await crdField(kubeconfig, '.spec.versions[?(@.storage==true)].name')).toBe('v1')

        // an edit that does not load is reported, and the scheme before keeps converting
        mark = dev.stderr().length
        writeFileSync(schemeFile, `${storageAtV1(starter)}\nexport const broken = ;\n`)
        await dev.waitFor(/the scheme did not load, still serving the one before: /, mark)
        expect(await specAt(kubeconfig, 'v1beta1', 'new')).toBe('{"message":"hi","replicas":2}')

        // removing v1beta1 before the migration: refused, nothing applied
        mark = dev.stderr().length
        writeFileSync(schemeFile, v1Only(storageAtV1(starter)))
        await dev.waitFor(
          /CRDs not applied, still serving the one before:\n\s+- crontabs\.example\.com: v1beta1 is still in status\.storedVersions/,
          mark
        )
        expect((await crdField(kubeconfig, '.spec.versions[*].name')).split(' ').sort()).toEqual([
          'v1',
          'v1beta1',
        ])

        // the walk: migrate, then v1 alone, then retire
        mark = dev.stderr().length
        writeFileSync(schemeFile, storageAtV1(starter))
        await dev.waitFor(/scheme changed: updated crontabs\.example\.com/, mark)
        const migrated = await crdconvIn(project(), kubeconfig, ['migrate'])
        expect(migrated.code, migrated.stderr).toBe(0)
        expect(await crdField(kubeconfig, '.status.storedVersions')).toBe('["v1"]')
        mark = dev.stderr().length
        writeFileSync(schemeFile, v1beta1NotServed(storageAtV1(starter)))
        await dev.waitFor(
          /scheme changed: updated crontabs\.example\.com: v1beta1 \(not served\), v1 \(served, storage\)/,
          mark
        )
        expect((await kubectl(kubeconfig, ['get', 'crontabs.v1beta1.example.com'])).code).not.toBe(
          0
        )
        mark = dev.stderr().length
        writeFileSync(schemeFile, v1Only(storageAtV1(starter)))
        await dev.waitFor(
          /scheme changed: updated crontabs\.example\.com: v1 \(served, storage\)/,
          mark
        )
        const { code: retiring, stdout: retired } = await crdconvIn(project(), kubeconfig, [
          'retire',
        ])
        expect(retiring).toBe(0)
        await kubectlOk(kubeconfig, ['apply', '-f', '-'], retired)
        expect(await crdField(kubeconfig, '.spec.conversion.strategy')).toBe('None')
        expect(await specAt(kubeconfig, 'v1', 'old')).toBe('{"greeting":"hello","replicas":1}')
        expect((await kubectl(kubeconfig, ['get', 'crontabs.v1beta1.example.com'])).code).not.toBe(
          0
        )
        // and after the walk no object carries conversion state: here a stash left by a v1beta1 write
        await kubectlOk(kubeconfig, [
          'annotate',
          'crontabs.v1.example.com',
          'old',
          `example.com/conversion-stash=${JSON.stringify({ v1beta1: { fields: { 'spec.note': 'x' }, hash: 'h' } })}`,
        ])
        const cleaned = await crdconvIn(project(), kubeconfig, ['migrate', '--clean'])
        expect(cleaned.code, cleaned.stderr).toBe(0)
        expect(cleaned.stdout).toContain(
          'crontabs.example.com: cleaned 1 of 2 objects at v1, one write each'
        )
        const again = await crdconvIn(project(), kubeconfig, ['migrate', '--clean'])
        expect(again.stdout).toBe(
          'crontabs.example.com: nothing to clean: none of 2 objects at v1 carries example.com/conversion-stash\n'
        )

        await stopAndCheck(dev, 'SIGINT', ports, kubeconfig)
        expectNoTokenIn(
          'dev',
          { stdout: dev.stdout(), stderr: dev.stderr() },
          tokensInPlay([], project())
        )
      } finally {
        dev.child.kill('SIGKILL')
      }
    }
  )

  it(
    'listens on the ports it is given, names one that is taken, and frees them all on SIGTERM',
    { timeout: 300_000 },
    async () => {
      const [apiServer, etcd, webhook] = [await freePort(), await freePort(), await freePort()]
      const args = [
        '--api-server-port',
        String(apiServer),
        '--etcd-port',
        String(etcd),
        '--webhook-port',
        String(webhook),
      ]
      const dev = startDev(args, project(), env)
      try {
        const kubeconfig = await dev.kubeconfig()
        expect(dev.stderr()).toContain(
          `at https://127.0.0.1:${apiServer}, etcd at http://127.0.0.1:${etcd}`
        )
        expect(dev.stderr()).toContain(`webhook at https://127.0.0.1:${webhook}/convert/<redacted>`)
        expect(await kubectlOk(kubeconfig, ['get', 'crd', '-o', 'name'])).toContain(
          'crontabs.example.com'
        )

        const second = startDev(['--webhook-port', String(webhook)], project(), env)
        expect(await second.exited).toBe(2)
        expect(second.stderr()).toContain(
          `--webhook-port ${webhook}: something listens there already`
        )
        expect(second.stdout()).toBe('')

        await stopAndCheck(dev, 'SIGTERM', [apiServer, etcd, webhook], kubeconfig)
      } finally {
        dev.child.kill('SIGKILL')
      }
    }
  )
})
