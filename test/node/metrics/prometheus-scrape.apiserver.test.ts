// A real Prometheus (Debian's) scrapes the Node server's /metrics (with its token, as the chart's
// ServiceMonitor does) and the real API server's /metrics (with a client certificate) while the
// API server converts CronTabs through the webhook: both sides' series are there under the names
// the alerts read on this release, and every alert of the chart loads and evaluates.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERT_RULES, alertsYaml } from '../../../packages/crdconv/src/init/index.ts'
import { API_SERVER_CONVERSION_HISTOGRAMS } from '../../../packages/crdconv/src/webhook-health/api-server-metric-names.ts'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { writeServingCertificate } from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import {
  nodeServer,
  type RunningWebhookServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { prometheusTool } from '../../support/cached-tools.ts'
import { dashboardQueries } from '../../support/dashboard-queries.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { startPrometheus, type RunningPrometheus } from '../../support/prometheus-server.ts'
import { applyCronTabCrd, CRD_NAME, cronTab } from '../apiserver/conversion-lab.ts'
import { crdconv } from '../cli/run-cli.ts'
import { scheme } from '../lifecycle/fixtures/crontab-v1beta1-storage.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const FIXTURE = join(import.meta.dirname, '../lifecycle/fixtures/crontab-v1beta1-storage.ts')
const prometheus = prometheusTool('prometheus')
const OBJECTS = 3
/** The pair the API server asks for when a client reads the stored v1beta1 objects at v1. */
const PAIR = `crd_name="${CRD_NAME}",from_version="v1beta1",to_version="v1"`

/** The API server's conversion histogram: renamed in 1.28 (v1.20 has the first name). */
const [BEFORE_1_28, SINCE_1_28] = API_SERVER_CONVERSION_HISTOGRAMS

interface Lab {
  caFile: string
  tokenFile: string
  server: TestApiServer
  webhook: RunningWebhookServer
  prometheus: RunningPrometheus
}

describe.skipIf('skip' in prometheus)('a real Prometheus', () => {
  describeWithApiServer('scraping the webhook and the API server', (release) => {
    const lab = {} as Lab
    const stops: (() => Promise<void>)[] = []
    let directory = ''

    beforeAll(async () => {
      directory = mkdtempSync(join(tmpdir(), 'crdconv-prometheus-'))
      const token = randomBytes(24).toString('hex')
      const tls = await writeServingCertificate(directory)
      lab.webhook = await nodeServer(scheme, {
        port: 0,
        tls: { cert: readFileSync(tls.cert), key: readFileSync(tls.key) },
        tokens: [token],
        metrics: 'token',
        environment: {},
        log: () => {},
      })
      stops.push(() => lab.webhook.close())
      lab.server = await sharedTestApiServer({ assets: release.assets })
      stops.push(() => lab.server.stop())
      const kube = (args: readonly string[], input?: string) =>
        kubectlOk(lab.server.kubeconfigPath, args, input)

      const tokenFile = join(directory, 'token')
      writeFileSync(tokenFile, `${token}\n`)
      lab.tokenFile = tokenFile
      lab.caFile = tls.caCert
      await applyCronTabCrd(kube, `${lab.webhook.url}/convert`, tokenFile, tls.caCert)
      // stored at v1beta1, read at v1: every read converts through the webhook
      const items = Array.from({ length: OBJECTS }, (_, index) =>
        cronTab('v1beta1', `scraped-${index}`)
      )
      await kube(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
      await kube(['get', 'crontabs.v1.example.com', '-o', 'name'])
      for (const item of items) {
        await kube(['get', 'crontabs.v1.example.com', (item.metadata as { name: string }).name])
      }

      const admin = lab.server.kubeconfig as {
        clusters: { cluster: Record<string, string> }[]
        users: { user: Record<string, string> }[]
      }
      const pemFile = (name: string, base64: string | undefined) => {
        const file = join(directory, name)
        writeFileSync(file, Buffer.from(base64 ?? '', 'base64'), { mode: 0o600 })
        return file
      }
      const apiServerAddress = new URL(lab.server.url).host
      lab.prometheus = await startPrometheus(
        'path' in prometheus ? prometheus.path : '',
        directory,
        [
          {
            job: 'webhook',
            address: new URL(lab.webhook.url).host,
            caFile: tls.caCert,
            bearerTokenFile: tokenFile,
          },
          {
            job: 'apiserver',
            address: apiServerAddress,
            caFile: pemFile(
              'apiserver-ca.crt',
              admin.clusters[0]?.cluster['certificate-authority-data']
            ),
            client: {
              certFile: pemFile('admin.crt', admin.users[0]?.user['client-certificate-data']),
              keyFile: pemFile('admin.key', admin.users[0]?.user['client-key-data']),
            },
          },
        ],
        { 'alerts.yaml': alertsYaml() }
      )
      stops.push(() => lab.prometheus.stop())
    }, API_SERVER_START_MS)

    afterAll(async () => {
      for (const stop of stops.reverse()) await stop()
      if (directory !== '') rmSync(directory, { recursive: true, force: true })
    })

    it('scrapes both targets, the webhook through its metrics token', async () => {
      const scraped = async () =>
        (await lab.prometheus.query('up == 1')).map((one) => one.metric['job']).sort()
      await expect.poll(scraped, { timeout: 30_000 }).toEqual(['apiserver', 'webhook'])
    })

    it('has the webhook’s series for the CRD and version pair the API server asked for', async () => {
      const [objects] = await lab.prometheus.waitForSeries(
        `crdconv_objects_converted_total{${PAIR}} > 0`
      )
      expect(objects?.metric).toMatchObject({
        job: 'webhook',
        group: 'example.com',
        kind: 'CronTab',
      })
      const reviews = await lab.prometheus.waitForSeries(
        `crdconv_reviews_total{${PAIR},outcome="Success"} > 0`
      )
      expect(reviews).toHaveLength(1)
      const latency = await lab.prometheus.waitForSeries(
        `crdconv_review_duration_seconds_count{${PAIR}} > 0`
      )
      expect(latency).toHaveLength(1)
      expect(await lab.prometheus.query(`crdconv_conversion_failures_total{${PAIR}} > 0`)).toEqual(
        []
      )
    })

    it('has the API server’s conversion series for the pair under this release’s name', async () => {
      const [name, other] =
        lab.server.version.minor >= 28 ? [SINCE_1_28, BEFORE_1_28] : [BEFORE_1_28, SINCE_1_28]
      const samples = await lab.prometheus.waitForSeries(
        `${name}_count{${PAIR},succeeded="true"} > 0`
      )
      expect(samples[0]?.metric).toMatchObject({ job: 'apiserver' })
      expect(await lab.prometheus.query(`${other}_count`)).toEqual([])
    })

    it('answers every query of the Grafana dashboard, with data where the release has the series', async () => {
      // a rate needs two scrapes in its window: wait for each, then the absent ones stay absent
      const absent = []
      for (const query of dashboardQueries()) {
        const since = query.panel.apiServerSince ?? 0
        if (lab.server.version.minor < since) absent.push(query)
        else await lab.prometheus.waitForSeries(query.expr)
      }
      for (const query of absent) expect(await lab.prometheus.query(query.expr)).toEqual([])
    })

    it('gives crdconv status the webhook’s own view beside the API server’s, and the gap', async () => {
      const status = await crdconv([
        'status',
        '--scheme',
        FIXTURE,
        '--kubeconfig',
        lab.server.kubeconfigPath,
        '--metrics-url',
        `${lab.webhook.url}/metrics`,
        '--metrics-ca',
        lab.caFile,
        '--metrics-token-file',
        lab.tokenFile,
      ])
      expect(status.stdout).toContain("webhook's own view (its /metrics, since it started):")
      expect(status.stdout).toMatch(
        / {2}v1beta1 → v1: \d+ reviews \(0 Failed\), \d+ objects converted, 0 failed, /
      )
      expect(status.stdout).toMatch(
        / {2}gap at v1: the API server's round trip [\d.]+ ms, the webhook's own [\d.]+ ms/
      )
    })

    it('loads every alert of the chart and evaluates each without error', async () => {
      const evaluated = async () =>
        (await lab.prometheus.rules()).map((rule) => `${rule.name} ${rule.health}`).sort()
      await expect
        .poll(evaluated, { timeout: 30_000 })
        .toEqual(ALERT_RULES.map((rule) => `${rule.alert} ok`).sort())
    })
  })
})
