// The chart's certificate renewal, on a real API server: the CRD trusts a CA (as cert-manager
// injects the chart's CA), the Node server serves a leaf from a Secret volume, and the leaf is
// renewed while the API server converts: a leaf from the same CA keeps every conversion working.
// The API server keeps its TLS connections alive, so the server retires the connections made
// under the old leaf, each after its next answer (never while idle, which races the API server's
// next request on it): the test counts, per certificate generation, the requests that arrived,
// and proves the API server's reviews after the swap all came on connections with the new leaf.
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  writeServingCertificate,
  type TestApiServer,
} from '../../../packages/crdconv/src/test-api-server/index.ts'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import {
  startNodeServer,
  TLS_FILE_CHECK_MS,
  type RunningNodeServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { TOKEN } from '../../support/hardening-fixtures.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import { secretVolume, servedFingerprint } from '../../support/secret-volume.ts'
import { crdconv } from '../cli/run-cli.ts'
import { scheme } from '../lifecycle/fixtures/crontab-v1beta1-storage.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const FIXTURE = join(import.meta.dirname, '../lifecycle/fixtures/crontab-v1beta1-storage.ts')

describeWithApiServer(
  'renewing the serving certificate while the API server converts',
  (release) => {
    const directory = mkdtempSync(join(tmpdir(), 'crdconv-rotation-'))
    const volume = secretVolume(join(directory, 'volume'), (folder) =>
      writeServingCertificate(folder, first)
    )
    let first: { caCert: string; caKey: string }
    let server: TestApiServer
    let webhook: RunningNodeServer

    /** A server-side dry-run create at v1: converted to v1beta1 and back by the webhook. */
    const convertOnce = async (name: string) => {
      const cronTab = {
        apiVersion: 'example.com/v1',
        kind: 'CronTab',
        metadata: { name, namespace: 'default' },
        host: 'localhost',
        port: '1234',
        spec: { cronSpec: '* * * * */5', image: 'my-cron-image', replicas: 1 },
      }
      const run = await kubectl(
        server.kubeconfigPath,
        ['create', '--dry-run=server', '-o', 'name', '-f', '-'],
        JSON.stringify(cronTab)
      )
      return run.code === 0 ? 'ok' : run.stderr
    }

    /**
     * Converts until the server serves `fingerprint`, then 21 conversions more: every outcome.
     * Only the wait for the swap has a deadline (generous: the server looks every 10 s, later on a
     * busy machine); the conversions after it are counted, however long each takes.
     */
    const convertThrough = async (fingerprint: string) => {
      const outcomes: string[] = []
      const deadline = Date.now() + 6 * TLS_FILE_CHECK_MS
      let servedSince: number | undefined
      while (
        servedSince === undefined ? Date.now() < deadline : outcomes.length <= servedSince + 20
      ) {
        outcomes.push(await convertOnce(`c${outcomes.length}`))
        if (servedSince === undefined && (await servedFingerprint(webhook.url)) === fingerprint) {
          servedSince = outcomes.length
        }
      }
      return { outcomes, served: servedSince !== undefined }
    }

    beforeAll(async () => {
      const made = await writeServingCertificate(directory)
      first = { caCert: made.caCert, caKey: made.caKey! }
      const leaf = await volume.fresh()
      volume.publish(leaf.cert, leaf.key)
      const app = createApp({ scheme, tokens: [TOKEN], log: () => {} })
      ;[server, webhook] = await Promise.all([
        sharedTestApiServer({ assets: release.assets }),
        startNodeServer({ app, port: 0, hostname: '127.0.0.1', tls: volume.files }),
      ])
      writeFileSync(join(directory, 'token'), `${TOKEN}\n`)
      // the token from the project's file, as a deploy leaves it
      const withToken = await crdconv(
        [
          'crd',
          '--scheme',
          FIXTURE,
          '--url',
          `${webhook.url}/convert`,
          '--token-file',
          'token',
          '--ca-bundle',
          first.caCert,
        ],
        { cwd: directory }
      )
      expect(withToken.code, withToken.stderr).toBe(0)
      await kubectlOk(server.kubeconfigPath, ['apply', '-f', '-'], withToken.stdout)
      await kubectlOk(server.kubeconfigPath, [
        'wait',
        '--for=condition=established',
        'crd/crontabs.example.com',
      ])
      expect(await convertOnce('before')).toBe('ok')
    }, 180_000)

    afterAll(async () => {
      await webhook?.close()
      await server?.stop()
      rmSync(directory, { recursive: true, force: true })
    })

    it(
      'keeps every conversion working through a renewal from the same CA, and the reviews after it come on connections served with the new leaf',
      async () => {
        const before = webhook.certificates.current
        expect(webhook.certificates.requestsServed(before)).toBeGreaterThan(0)
        const renewed = await volume.fresh()
        const fingerprint = new X509Certificate(readFileSync(renewed.cert)).fingerprint256
        volume.publish(renewed.cert, renewed.key)
        const { outcomes, served } = await convertThrough(fingerprint)
        expect(served).toBe(true)
        expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([])
        expect(outcomes.length).toBeGreaterThan(20)

        // the swap is done: every review from here on must come on a connection made after it
        expect(webhook.certificates.current).toBe(before + 1)
        const onOldLeaf = webhook.certificates.requestsServed(before)
        const onNewLeaf = webhook.certificates.requestsServed(before + 1)
        for (const name of ['after-1', 'after-2', 'after-3'])
          expect(await convertOnce(name)).toBe('ok')
        expect(webhook.certificates.requestsServed(before)).toBe(onOldLeaf)
        expect(webhook.certificates.requestsServed(before + 1)).toBeGreaterThanOrEqual(
          onNewLeaf + 3
        )
        expect(await servedFingerprint(webhook.url)).toBe(fingerprint)
      },
      // a limit, not a speed: the swap's wait and some 25 kubectl runs on a busy machine
      300_000
    )
  }
)
