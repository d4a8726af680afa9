// The whole-system bench: on each API server release whose binaries are here, crdconv's Node
// server and a bare webhook side by side, each behind its own distance proxy with its own CRD,
// measured at every round trip. Returns the figures; report.ts prints them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestApiServer } from '../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { writeServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import type { DistanceProxy } from '../../tools/distance-proxy/distance-proxy.ts'
import { exampleScheme } from '../../examples/index.ts'
import { apiClient, applyCrd, exampleCronTabCrd, inGroup, type Api } from './cluster-client.ts'
import { startProxiedWebhook } from './counting-server.ts'
import type { SystemOptions } from './options.ts'
import { measurePlatforms } from './platforms.ts'
import { measureAtDistance, measureIdleGaps, measureIdleReviews } from './steps.ts'
import type { ReleaseFigures } from './figures.ts'
import { collection, createObjects, type Subject } from './measure.ts'

export interface Release {
  readonly name: string
  readonly assets: string
}

const progress = (text: string) => process.stderr.write(`… ${text}\n`)

/** Runs every step on one release; stops everything it started, also on failure. */
export async function benchRelease(
  release: Release,
  options: SystemOptions
): Promise<ReleaseFigures> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-system-bench-'))
  const stops: (() => Promise<void> | void)[] = []
  try {
    const tls = await writeServingCertificate(directory)
    const subjects: (Subject & { proxy: DistanceProxy })[] = []
    for (const [name, group] of [
      ['crdconv', 'example.com'],
      ['bare', 'bare.example.com'],
    ] as const) {
      const { webhook, proxy, close } = await startProxiedWebhook(
        name === 'crdconv' ? { scheme: exampleScheme } : 'bare',
        tls
      )
      stops.push(close)
      subjects.push({ name, group, webhook, proxy })
    }
    progress(`${release.name}: starting etcd and kube-apiserver`)
    const server = await startTestApiServer({ assets: release.assets })
    stops.push(() => server.stop())
    const client = apiClient(server)
    stops.push(() => client.close())
    const api: Api = client.api
    const version = server.version
    // v1.20 reads every LIST from etcd; later releases serve it from the watch cache
    const current = version.minor > 20
    const stored = current ? Math.max(options.objects, ...options.bursts) : options.objects
    const base = await exampleCronTabCrd('https://127.0.0.1:1/convert', tls.caCert)
    for (const subject of subjects) {
      await applyCrd(api, crdFor(base, subject), collection(subject, 'v1beta1'))
      progress(`${release.name}: ${subject.name}: creating ${stored} objects`)
      await createObjects(api, subject, 'obj', 0, stored)
    }
    const atDistance = []
    for (const rttMs of options.rttMs) {
      for (const subject of subjects) subject.proxy.setOneWayMs(rttMs / 2)
      progress(`${release.name}: round trip ${rttMs} ms`)
      atDistance.push(await measureAtDistance(api, subjects, { current, stored, rttMs, options }))
    }
    const farthest = Math.max(...options.rttMs)
    for (const subject of subjects) subject.proxy.setOneWayMs(farthest / 2)
    const idleGaps = await measureIdleGaps(api, subjects, options.idleGapsS, farthest)
    const idleReviews =
      current && options.idle ? await measureIdleReviews(subjects, stored) : undefined
    // the runners come last and start processes of their own: one that fails keeps the rest;
    // they take over crdconv's CRD, whose webhook is measured by then
    const crdconvSubject = subjects[0] as Subject
    const platforms = current
      ? await measurePlatforms(
          api,
          crdconvSubject,
          tls,
          options.platforms,
          farthest,
          options.idleGapsS,
          stored
        ).catch((error: unknown) => {
          progress(`${release.name}: the runners were not measured: ${String(error)}`)
          return []
        })
      : []
    return {
      release: release.name,
      version: version.gitVersion,
      current,
      stored,
      atDistance,
      idleGaps,
      idleReviews: idleReviews ?? (current ? 'not measured (run with --idle)' : 'none on v1.20'),
      platforms,
    }
  } finally {
    for (const stop of stops.reverse()) await stop()
    rmSync(directory, { recursive: true, force: true })
  }
}

/** The example CRD for `subject`: its group, its proxy's port in the webhook URL. */
function crdFor(
  base: Record<string, unknown>,
  subject: Subject & { proxy: DistanceProxy }
): Record<string, unknown> {
  const crd = subject.group === 'example.com' ? structuredClone(base) : inGroup(base, subject.group)
  const spec = crd['spec'] as { conversion: { webhook: { clientConfig: { url: string } } } }
  spec.conversion.webhook.clientConfig.url = `https://127.0.0.1:${subject.proxy.port}/convert`
  return crd
}
