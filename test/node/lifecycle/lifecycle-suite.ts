import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ObjectsAt } from '../../../packages/crdconv/src/cluster-client/index.ts'
import { connectToCluster } from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import {
  readObject,
  replaceObject,
} from '../../../packages/crdconv/src/cluster-client/custom-objects.ts'
import { apiFailure } from '../../../packages/crdconv/src/cluster-client/cluster-error.ts'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import {
  API_SERVER_RELEASES,
  API_SERVER_START_MS,
  describeWithApiServer,
} from '../../support/api-server.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import type { RunningWebhook, WebhookTarget } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'
import { stuckCronTab } from './fixtures/broken-crontab.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', `${name}.ts`)
const OBJECTS = 200

/** A CronTab at v1beta1 in the `default` namespace. */
function cronTabAtV1beta1(name: string, port: number): Record<string, unknown> {
  return {
    apiVersion: 'example.com/v1beta1',
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    hostPort: `localhost:${port}`,
    spec: { cronSpec: '* * * * */5', image: 'my-cron-image', replicas: 1 },
  }
}

/**
 * The CronTab's whole version lifecycle on a real API server, with the webhook run by `target`:
 * convert on every verb, migrate under a concurrent writer, prune storedVersions, retire.
 */
export function lifecycleSuite(target: WebhookTarget): void {
  const releases = API_SERVER_RELEASES.map((release) =>
    target.skip === undefined ? release : { ...release, skip: release.skip ?? target.skip }
  )
  describeWithApiServer(
    `the CronTab lifecycle with the ${target.name}`,
    (release) => {
      let server: TestApiServer
      let webhook: RunningWebhook
      let broken: RunningWebhook
      let tls: ServingCertificate
      let directory: string
      const kube = (args: readonly string[], input?: string) =>
        kubectlOk(server.kubeconfigPath, args, input)
      const cli = (args: readonly string[]) =>
        crdconv([...args, '--kubeconfig', server.kubeconfigPath])
      const applyCrd = async (scheme: string, command: 'crd' | 'retire' = 'crd') => {
        const args =
          command === 'crd'
            ? ['crd', '--scheme', fixture(scheme), '--url', webhook.url, '--ca-bundle', tls.caCert]
            : ['retire', '--scheme', fixture(scheme), '--kubeconfig', server.kubeconfigPath]
        const generated = await crdconv(args)
        expect(generated.stderr).not.toMatch(/error/i)
        expect(generated.code).toBe(0)
        await kube(['apply', '-f', '-'], generated.stdout)
        await kube(['wait', '--for', 'condition=established', 'crd/crontabs.example.com'])
      }

      beforeAll(async () => {
        directory = mkdtempSync(join(tmpdir(), 'crdconv-lifecycle-'))
        tls = await writeServingCertificate(directory)
        ;[server, webhook, broken] = await Promise.all([
          sharedTestApiServer({ assets: release.assets }),
          target.start(tls),
          target.start(tls, fixture('broken-crontab')),
        ])
        await applyCrd('crontab-v1beta1-storage')
      }, API_SERVER_START_MS)

      afterAll(async () => {
        await Promise.all([server?.stop(), webhook?.stop(), broken?.stop()])
        rmSync(directory, { recursive: true, force: true })
      })

      it('creates at v1beta1 and reads the object at v1, converted by the webhook', async () => {
        await kube(['create', '-f', '-'], JSON.stringify(cronTabAtV1beta1('first', 1234)))
        const read = JSON.parse(
          await kube(['get', 'crontabs.v1.example.com', 'first', '-o', 'json'])
        )
        expect(read).toMatchObject({
          apiVersion: 'example.com/v1',
          host: 'localhost',
          port: '1234',
        })
        expect(read).not.toHaveProperty('hostPort')
      })

      it(`lists ${OBJECTS} objects at v1`, async () => {
        const items = Array.from({ length: OBJECTS }, (_, index) =>
          cronTabAtV1beta1(`crontab-${index}`, 1000 + index)
        )
        await kube(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
        const list = JSON.parse(await kube(['get', 'crontabs.v1.example.com', '-o', 'json']))
        expect(list.items).toHaveLength(OBJECTS + 1)
        const converted = list.items.find(
          (item: { metadata: { name: string } }) => item.metadata.name === 'crontab-7'
        )
        expect(converted).toMatchObject({ apiVersion: 'example.com/v1', port: '1007' })
      })

      it('shows the live CRD beside the scheme, with the webhook checked through the API server', async () => {
        const status = await cli(['status', '--scheme', fixture('crontab-v1beta1-storage')])
        expect(status.stderr).toBe('')
        expect(status.code).toBe(0)
        expect(status.stdout).toMatch(
          /v1beta1 +served, storage +served, storage +yes +same +storage version/
        )
        expect(status.stdout).toMatch(/v1 +served +served +no +same +converted/)
        expect(status.stdout).toContain(`conversion: Webhook ${webhook.url}`)
        expect(status.stdout).toContain(`objects: ${OBJECTS + 1} (default: ${OBJECTS + 1})`)
        expect(status.stdout).toContain('next: make v1 the storage version')
      })

      it('gives the user a Failed answer’s message through kubectl get', async () => {
        const crd = await crdconv([
          'crd',
          '--scheme',
          fixture('broken-crontab'),
          '--url',
          broken.url,
          '--ca-bundle',
          tls.caCert,
        ])
        expect(crd.code).toBe(0)
        await kube(['apply', '-f', '-'], crd.stdout)
        await kube(['wait', '--for', 'condition=established', 'crd/crontabs.broken.example.com'])
        await kube(['create', '-f', '-'], JSON.stringify(stuckCronTab()))
        const read = await kubectl(server.kubeconfigPath, [
          'get',
          'crontabs.v1.broken.example.com',
          'stuck',
        ])
        expect(read.code).not.toBe(0)
        expect(read.stderr).toContain('the converter is broken on purpose')
        expect(read.stderr).toContain('default/stuck')
      })

      it('patches at v1 and shows the change at v1beta1', async () => {
        await kube([
          'patch',
          'crontabs.v1.example.com',
          'first',
          '--type=merge',
          '-p',
          '{"port":"4321"}',
        ])
        const read = JSON.parse(
          await kube(['get', 'crontabs.v1beta1.example.com', 'first', '-o', 'json'])
        )
        expect(read.hostPort).toBe('localhost:4321')
      })

      it('takes a partial object through server-side apply at v1', async () => {
        const partial = {
          apiVersion: 'example.com/v1',
          kind: 'CronTab',
          metadata: { name: 'first', namespace: 'default' },
          spec: { replicas: 3 },
        }
        await kube(
          [
            'apply',
            '--server-side',
            '--force-conflicts',
            '--field-manager=crdconv-test',
            '-f',
            '-',
          ],
          JSON.stringify(partial)
        )
        const read = JSON.parse(
          await kube(['get', 'crontabs.v1beta1.example.com', 'first', '-o', 'json'])
        )
        expect(read).toMatchObject({ hostPort: 'localhost:4321', spec: { replicas: 3 } })
      })

      it('refuses to emit a CRD without v1beta1 while v1beta1 is still stored', async () => {
        const refused = await cli([
          'crd',
          '--scheme',
          fixture('crontab-v1-only'),
          '--url',
          webhook.url,
        ])
        expect(refused.code).toBe(2)
        expect(refused.stderr).toContain('v1beta1')
        expect(refused.stderr).toContain('crdconv migrate')
        expect(refused.stdout).toBe('')
      })

      it('migrates every object to v1 under a concurrent writer without losing an edit', async () => {
        await applyCrd('crontab-v1-storage')
        await waitUntilNewObjectsStoreAt(server, 'example.com/v1', kube)
        const dryRun = await cli([
          'migrate',
          '--scheme',
          fixture('crontab-v1-storage'),
          '--dry-run',
        ])
        expect(dryRun.code).toBe(0)
        expect(dryRun.stdout).toContain(
          'would rewrite 201 objects at v1, then set storedVersions from [v1beta1, v1] to [v1]'
        )
        const untouched = await server.readEtcd('/registry/example.com/crontabs/default/crontab-0')
        expect(JSON.parse(untouched[0]!.value).apiVersion).toBe('example.com/v1beta1')

        const client = connectToCluster({ kubeconfig: server.kubeconfigPath })
        const at: ObjectsAt = {
          group: 'example.com',
          version: 'v1',
          plural: 'crontabs',
          namespaced: true,
        }
        const edits = new Map<string, string>()
        let migrating = true
        const writer = (async () => {
          for (let round = 0; migrating; round += 1) {
            const name = `crontab-${round % OBJECTS}`
            try {
              const object = await readObject(client, at, { name, namespace: 'default' })
              const metadata = object.metadata as { labels?: Record<string, string> }
              metadata.labels = { ...metadata.labels, edit: String(round) }
              await replaceObject(client, at, object)
              edits.set(name, String(round))
            } catch (error) {
              if (apiFailure(error)?.code !== 409) throw error
            }
          }
        })()
        const migrated = await cli([
          'migrate',
          '--scheme',
          fixture('crontab-v1-storage'),
          '--concurrency',
          '4',
          '--page-size',
          '50',
        ]).finally(() => (migrating = false))
        await writer
        expect(migrated.stderr).not.toContain('Error')
        expect(migrated.code).toBe(0)
        expect(migrated.stdout).toMatch(/rewrote \d+ of 201 objects at v1/)
        expect(migrated.stderr).toContain('crontabs.example.com 201/201 objects')
        expect(edits.size).toBeGreaterThan(0)

        const stored = await server.readEtcd('/registry/example.com/crontabs/')
        expect(stored).toHaveLength(OBJECTS + 1)
        for (const entry of stored) {
          const object = JSON.parse(entry.value)
          expect(object.apiVersion, entry.key).toBe('example.com/v1')
          const edit = edits.get(object.metadata.name)
          if (edit !== undefined) expect(object.metadata.labels?.edit, entry.key).toBe(edit)
        }
      })

      it('leaves storedVersions at [v1], and a second run has nothing to do', async () => {
        const storedVersions = await kube([
          'get',
          'crd',
          'crontabs.example.com',
          '-o',
          'jsonpath={.status.storedVersions}',
        ])
        expect(JSON.parse(storedVersions)).toEqual(['v1'])
        const again = await cli(['migrate', '--scheme', fixture('crontab-v1-storage')])
        expect(again.code).toBe(0)
        expect(again.stdout).toContain('nothing to migrate')
        const status = await cli(['status', '--scheme', fixture('crontab-v1-storage')])
        expect(status.code).toBe(0)
        expect(status.stdout).toContain('storedVersions: [v1]')
        expect(status.stdout).toContain('next: stop serving v1beta1')
      })

      it('retires the webhook: one version, strategy None, objects readable with the webhook gone', async () => {
        await applyCrd('crontab-v1beta1-unserved')
        await applyCrd('crontab-v1-only', 'retire')
        const strategy = await kube([
          'get',
          'crd',
          'crontabs.example.com',
          '-o',
          'jsonpath={.spec.conversion.strategy}',
        ])
        expect(strategy).toBe('None')
        await webhook.stop()
        const list = JSON.parse(await kube(['get', 'crontabs.example.com', '-o', 'json']))
        expect(list.items).toHaveLength(OBJECTS + 1)
        expect(list.items[0]).toMatchObject({ apiVersion: 'example.com/v1' })
      })
    },
    releases
  )
}

/**
 * The API server picks up a CRD's new storage version from its own watch, a moment after the
 * update: create probe objects until one lands in etcd at `apiVersion`, then delete them.
 */
async function waitUntilNewObjectsStoreAt(
  server: TestApiServer,
  apiVersion: string,
  kube: (args: readonly string[], input?: string) => Promise<string>
): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const name = `storage-probe-${attempt}`
    await kube(['create', '-f', '-'], JSON.stringify(cronTabAtV1beta1(name, 1)))
    const [entry] = await server.readEtcd(`/registry/example.com/crontabs/default/${name}`)
    await kube(['delete', 'crontabs.example.com', name])
    if (entry !== undefined && JSON.parse(entry.value).apiVersion === apiVersion) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`new CronTabs are still not stored at ${apiVersion}`)
}
