// `crdconv status`'s predictions of what the webhook costs, beside the same figures measured on a
// real API server of each release: crdconv's Node webhook behind the distance proxy, `status
// --json` run at that distance, then each predicted figure timed or counted. The ratio
// predicted / measured is the figure's accuracy; within a factor of two is the target. A
// timing, so the bench's: test/node/apiserver/status-webhook-cost.apiserver.test.ts holds only
// what load cannot move.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { exampleScheme } from '../examples/index.ts'
import { runCli } from '../packages/crdconv/src/cli/main.ts'
import type { ResourceStatus } from '../packages/crdconv/src/lifecycle/lifecycle-status.ts'
import { startTestApiServer } from '../packages/crdconv/src/test-api-server/test-api-server.ts'
import { writeServingCertificate } from '../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import type { WebhookCostReport } from '../packages/crdconv/src/webhook-health/webhook-cost-report.ts'
import { stallAfterBurstMs } from '../packages/crdconv/src/webhook-health/webhook-cost.ts'
import { median, repoRoot, round } from './bench-support.ts'
import {
  apiClient,
  applyCrd,
  exampleCronTabCrd,
  ok,
  type Api,
} from './whole-system/cluster-client.ts'
import { startProxiedWebhook } from './whole-system/counting-server.ts'
import {
  burst,
  collection,
  createObjects,
  OTHER,
  STORAGE,
  type Subject,
} from './whole-system/measure.ts'
import { benchReleases, type BenchRelease } from './whole-system/releases.ts'

/** What the bench runs with: the added round trip, the objects stored, the bursts of writes. */
export interface StatusPredictionOptions {
  readonly rttMs: number
  readonly objects: number
  readonly bursts: readonly number[]
}

export const STATUS_PREDICTION_DEFAULTS: StatusPredictionOptions = {
  rttMs: 50,
  objects: 200,
  bursts: [100, 200],
}

/** One figure `status` predicts, beside what the API server did. */
export interface PredictionLine {
  readonly figure: string
  readonly unit: 'ms' | 'reviews'
  readonly predicted: number
  readonly measured: number
  /** predicted / measured */
  readonly ratio: number
  /** Within a factor of two either way. */
  readonly withinTwice: boolean
}

export interface StatusPredictionRelease {
  readonly release: string
  readonly version: string
  readonly rttMs: number
  readonly stored: number
  /** Where `status` took the round trip from: the API server's `/metrics`, or timed GETs. */
  readonly roundTripSource: string
  readonly lines: readonly PredictionLine[]
}

export type StatusPredictionResult =
  | {
      readonly releases: readonly StatusPredictionRelease[]
      readonly options: StatusPredictionOptions
      /** The machine's load average (1, 5, 15 minutes) when the run started; absent in older results. */
      readonly load?: readonly number[]
      /** Set by `npm run bench:status`, which measures these figures apart from the rest. */
      readonly date?: string
      readonly commit?: string
    }
  | { readonly skipped: string }

const progress = (text: string) => process.stderr.write(`… ${text}\n`)

/** Every release whose binaries are here; skipped when none is. */
export async function benchStatusPrediction(
  options: StatusPredictionOptions = STATUS_PREDICTION_DEFAULTS,
  releases: readonly BenchRelease[] = benchReleases()
): Promise<StatusPredictionResult> {
  const runnable = releases.filter((release) => release.skip === undefined)
  if (runnable.length === 0) {
    return { skipped: releases.map((release) => `${release.name}: ${release.skip}`).join('; ') }
  }
  const load = loadavg().map((value) => round(value, 1))
  const measured: StatusPredictionRelease[] = []
  for (const release of runnable) measured.push(await predictionOnRelease(release, options))
  return { releases: measured, options, load }
}

/** The line of one figure, its ratio and whether it is within twice the measured one. */
export function predictionLine(
  figure: string,
  unit: PredictionLine['unit'],
  predicted: number,
  measured: number
): PredictionLine {
  const ratio = measured > 0 ? predicted / measured : Number.POSITIVE_INFINITY
  return {
    figure,
    unit,
    predicted: round(predicted, 1),
    measured: round(measured, 1),
    ratio: round(ratio, 2),
    withinTwice: ratio >= 0.5 && ratio <= 2,
  }
}

/** Everything on one release; stops what it started, also on failure. */
export async function predictionOnRelease(
  release: { readonly name: string; readonly assets: string },
  options: StatusPredictionOptions
): Promise<StatusPredictionRelease> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-status-bench-'))
  const stops: (() => Promise<void> | void)[] = []
  try {
    const tls = await writeServingCertificate(directory)
    const { webhook, proxy, close } = await startProxiedWebhook({ scheme: exampleScheme }, tls)
    stops.push(close)
    progress(`${release.name}: starting etcd and kube-apiserver`)
    const server = await startTestApiServer({ assets: release.assets, startTimeoutMs: 180_000 })
    stops.push(() => server.stop())
    const client = apiClient(server)
    stops.push(() => client.close())
    const { api } = client
    const subject: Subject = { name: 'crdconv', group: 'example.com', webhook }
    const crd = await exampleCronTabCrd(`https://127.0.0.1:${proxy.port}/convert`, tls.caCert)
    await applyCrd(api, crd, collection(subject, STORAGE))
    progress(`${release.name}: creating ${options.objects} objects`)
    await createObjects(api, subject, 'obj', 0, options.objects)
    proxy.setOneWayMs(options.rttMs / 2)
    // the other version's caches filled (a current release) before anything is timed
    ok(await api('GET', collection(subject, OTHER)), 'LIST at the other version')
    await webhook.settle()

    progress(`${release.name}: crdconv status at ${options.rttMs} ms`)
    const cost = await statusCost(server.kubeconfigPath)
    const lines: PredictionLine[] = [
      predictionLine(
        'one review through the API server',
        'ms',
        cost.roundTrip.ms,
        await reviewRoundTripMs(api, subject)
      ),
      await reviewsPerWrite(api, subject, cost, options),
    ]
    if (cost.cost.listsFromCache) {
      for (const writes of options.bursts) {
        progress(`${release.name}: a consistent LIST right after ${writes} writes`)
        const atRest = await listMs(api, subject)
        const after = await burst(api, subject, 'obj', writes, options.objects, options.rttMs)
        lines.push(
          predictionLine(
            `a consistent LIST right after ${writes} writes, over one at rest`,
            'ms',
            stallAfterBurstMs(cost.cost, writes, cost.roundTrip.ms),
            after.listMs - atRest
          )
        )
      }
    } else {
      progress(`${release.name}: a LIST at ${OTHER} through the webhook`)
      // the objects status counted and the ones the reviews-per-write step created since
      const stored = storedNow(ok(await api('GET', collection(subject, STORAGE)), 'LIST'))
      const through = await listMs(api, subject, OTHER)
      const atStorage = await listMs(api, subject, STORAGE)
      lines.push(
        predictionLine(
          `a LIST at ${OTHER} of ${stored} objects, over one at ${STORAGE}`,
          'ms',
          (cost.cost.listThroughWebhookMs * stored) / Math.max(cost.storedObjects, 1),
          through - atStorage
        )
      )
    }
    return {
      release: release.name,
      version: server.version.gitVersion,
      rttMs: options.rttMs,
      stored: cost.storedObjects,
      roundTripSource: cost.roundTrip.source,
      lines,
    }
  } finally {
    for (const stop of stops.reverse()) await stop()
    rmSync(directory, { recursive: true, force: true })
  }
}

/** `crdconv status --json` of the examples' CronTab, in this process: its webhook cost report. */
async function statusCost(kubeconfig: string): Promise<WebhookCostReport> {
  let stdout = ''
  let stderr = ''
  const args = ['status', '--json', '--scheme', 'examples/scheme.ts', '--resource', 'crontabs']
  await runCli([...args, '--kubeconfig', kubeconfig], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: async () => '',
    cwd: repoRoot,
  })
  const parsed = JSON.parse(stdout || '{}') as { resources?: ResourceStatus[] }
  const cost = parsed.resources?.[0]?.webhook?.cost
  if (cost === undefined) throw new Error(`crdconv status reported no webhook cost: ${stderr}`)
  return cost
}

const ROUNDS = 9

/** The median GET by name at the other version (one review) less the median at the storage version. */
async function reviewRoundTripMs(api: Api, subject: Subject): Promise<number> {
  const through: number[] = []
  const direct: number[] = []
  // taking turns, so that a load that comes and goes weighs on both alike
  for (let index = 0; index < ROUNDS; index++) {
    through.push(ok(await api('GET', `${collection(subject, OTHER)}/obj-0`), 'GET').ms)
    direct.push(ok(await api('GET', `${collection(subject, STORAGE)}/obj-0`), 'GET').ms)
  }
  return median(through) - median(direct)
}

/** Creates as many objects as the first burst at the storage version and counts the reviews. */
async function reviewsPerWrite(
  api: Api,
  subject: Subject,
  cost: WebhookCostReport,
  options: StatusPredictionOptions
): Promise<PredictionLine> {
  const writes = options.bursts[0] ?? 100
  await subject.webhook.settle(Math.max(500, 4 * options.rttMs))
  subject.webhook.reset()
  await createObjects(api, subject, 'write', 0, writes)
  const tally = await subject.webhook.settle(Math.max(500, 4 * options.rttMs))
  return predictionLine(
    `reviews per write (${writes} creates at ${STORAGE})`,
    'reviews',
    cost.cost.reviewsPerWrite,
    tally.reviews / writes
  )
}

function storedNow(answer: { readonly body: string }): number {
  return (JSON.parse(answer.body) as { items: unknown[] }).items.length
}

/** The median of three LISTs at `version` (the other version by default), once the webhook is quiet. */
async function listMs(api: Api, subject: Subject, version: string = OTHER): Promise<number> {
  await subject.webhook.settle()
  const times: number[] = []
  for (let index = 0; index < 3; index++) {
    times.push(ok(await api('GET', collection(subject, version)), `LIST at ${version}`).ms)
  }
  return median(times)
}

/** The figures as a table, in the style of the other bench tables. */
export function printStatusPrediction(result: StatusPredictionResult): void {
  console.log("\nStatus: crdconv status's predicted webhook cost beside the measured one")
  if ('skipped' in result) {
    console.log(`skipped: ${result.skipped}`)
    return
  }
  if (result.load !== undefined) console.log(`load average at the start: ${result.load.join(' ')}`)
  for (const release of result.releases) {
    console.log(
      `\n${release.release} (${release.version}), ${release.rttMs} ms away, ${release.stored} objects, round trip from ${release.roundTripSource}`
    )
    for (const line of statusPredictionRows(release)) console.log(line.join('  '))
  }
}

/** One row per figure: what, predicted, measured, ratio, within 2×. */
export function statusPredictionRows(release: StatusPredictionRelease): string[][] {
  const show = (value: number, unit: PredictionLine['unit']) =>
    unit === 'ms' ? `${value.toLocaleString('en-US')} ms` : String(value)
  return release.lines.map((line) => [
    line.figure,
    show(line.predicted, line.unit),
    show(line.measured, line.unit),
    `${line.ratio.toFixed(2)}×`,
    line.withinTwice ? 'yes' : 'NO',
  ])
}
