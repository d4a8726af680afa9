// `crdconv migrate` on a local kube-apiserver (KUBEBUILDER_ASSETS): 1,000 and then 10,000
// CronTabs stored at v1beta1, rewritten at v1 through the Node webhook over TLS. Rate and peak
// RSS side by side show whether the cost grows linearly and memory stays flat (pages streamed).
// Each size runs in pairs, taking turns: objects written at v1beta1, whose managedFields entries
// migrate moves to v1 in the same write, and objects written at v1 (stored at v1beta1 all the
// same), whose entries are already there: the plain rewrite. The median pair's ratio is what
// moving ownership costs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectToCluster } from '../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import { runCli } from '../packages/crdconv/src/cli/main.ts'
import {
  startTestApiServer,
  testApiServerAssets,
  writeServingCertificate,
  type TestApiServer,
} from '../packages/crdconv/src/test-api-server/index.ts'
import { nodeServerTarget } from '../test/support/webhook-targets.ts'
import { kubectlOk } from '../test/support/kubectl.ts'
import { execFileAsync, lastJsonLine, repoRoot, round } from './bench-support.ts'

export interface MigrateRun {
  readonly objects: number
  readonly seconds: number
  readonly objectsPerSecond: number
  /** Peak RSS of the migrate process, and the part of it loading the CLI had already taken. */
  readonly maxRssBytes: number
  readonly rssAfterImportBytes: number
  readonly exitCode: number
  /** Objects whose managedFields migrate moved to v1, as its summary says (all of them). */
  readonly ownershipMoved: number
  /** The same migration of objects whose managedFields are already at v1: the plain rewrite. */
  readonly plain: {
    readonly seconds: number
    readonly maxRssBytes: number
    readonly exitCode: number
  }
  /** `seconds / plain.seconds`: the median of this run's rounds, each a pair measured in turn. */
  readonly ownershipRatio: number
  readonly rounds: number
}

/** Rounds of the pair per size: three where a migration takes seconds, one at 10,000. */
const roundsFor = (objects: number) => (objects <= 1_000 ? 3 : 1)

/** The index of the median of `values` (the lower middle of an even count). */
function medianIndex(values: readonly number[]): number {
  const sorted = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value)
  return sorted[Math.floor((sorted.length - 1) / 2)]!.index
}

export type MigrateResult =
  | {
      readonly runs: MigrateRun[]
      /** Set by `npm run bench:migrate`, which measures these figures apart from the rest. */
      readonly date?: string
      readonly commit?: string
    }
  | { readonly skipped: string }

const fixture = (name: string) => join(repoRoot, 'test/node/lifecycle/fixtures', `${name}.ts`)

/** One API server per size, so each migration starts from the same state. */
export async function benchMigrate(
  sizes: readonly number[] = [1_000, 10_000]
): Promise<MigrateResult> {
  const found = testApiServerAssets()
  if ('skip' in found) return { skipped: found.skip }
  const runs: MigrateRun[] = []
  for (const objects of sizes) {
    // alternating which goes first, so a load that comes and goes weighs on both alike
    const rounds: { plain: ChildRun; moved: ChildRun }[] = []
    for (let round = 0; round < roundsFor(objects); round++) {
      if (round % 2 === 0) {
        const plain = await migrateOnce(objects, 'v1')
        rounds.push({ plain, moved: await migrateOnce(objects, 'v1beta1') })
      } else {
        const moved = await migrateOnce(objects, 'v1beta1')
        rounds.push({ plain: await migrateOnce(objects, 'v1'), moved })
      }
    }
    const ratios = rounds.map((pair) => pair.moved.seconds / pair.plain.seconds)
    const { plain, moved } = rounds[medianIndex(ratios)]!
    runs.push({
      objects,
      seconds: round(moved.seconds, 1),
      objectsPerSecond: Math.round(objects / moved.seconds),
      maxRssBytes: Math.max(...rounds.map((pair) => pair.moved.maxRssBytes)),
      rssAfterImportBytes: moved.rssAfterImportBytes,
      exitCode: Math.max(...rounds.map((pair) => pair.moved.code)),
      ownershipMoved: Number(
        /moved the field managers of (\d+) objects/.exec(moved.summary)?.[1] ?? 0
      ),
      plain: {
        seconds: round(plain.seconds, 1),
        maxRssBytes: Math.max(...rounds.map((pair) => pair.plain.maxRssBytes)),
        exitCode: Math.max(...rounds.map((pair) => pair.plain.code)),
      },
      ownershipRatio: round(moved.seconds / plain.seconds, 2),
      rounds: rounds.length,
    })
  }
  return { runs }
}

interface ChildRun {
  readonly code: number
  readonly seconds: number
  readonly maxRssBytes: number
  readonly rssAfterImportBytes: number
  readonly summary: string
}

/** One migration of `objects` CronTabs written at `writtenAt` and stored at v1beta1. */
async function migrateOnce(objects: number, writtenAt: 'v1beta1' | 'v1'): Promise<ChildRun> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-migrate-bench-'))
  const tls = await writeServingCertificate(directory)
  const [server, webhook] = await Promise.all([
    startTestApiServer({ startTimeoutMs: 180_000 }),
    nodeServerTarget.start(tls),
  ])
  try {
    const applyCrd = async (scheme: string) => {
      const args = [
        'crd',
        '--scheme',
        fixture(scheme),
        '--url',
        webhook.url,
        '--ca-bundle',
        tls.caCert,
      ]
      let manifest = ''
      await runCli(args, {
        stdout: (text) => void (manifest += text),
        stderr: () => {},
        readStdin: async () => '',
        cwd: repoRoot,
      })
      await kubectlOk(server.kubeconfigPath, ['apply', '-f', '-'], manifest)
      await kubectlOk(server.kubeconfigPath, [
        'wait',
        '--for',
        'condition=established',
        'crd/crontabs.example.com',
      ])
    }
    await applyCrd('crontab-v1beta1-storage')
    await createCronTabs(server, objects, writtenAt)
    await applyCrd('crontab-v1-storage')
    // past migrate's settle time after a CRD change, so the figure is the rewrite alone
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    const { stdout } = await execFileAsync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'bench/children/migrate-child.ts'),
        fixture('crontab-v1-storage'),
        server.kubeconfigPath,
      ],
      { maxBuffer: 1024 * 1024 }
    )
    return lastJsonLine<ChildRun>(stdout)
  } finally {
    await Promise.all([server.stop(), webhook.stop()])
    rmSync(directory, { recursive: true, force: true })
  }
}

/**
 * `objects` CronTabs in ten namespaces, 32 creates in flight, written at `version` (each gets a
 * managedFields entry at that version) and stored at v1beta1.
 */
async function createCronTabs(
  server: TestApiServer,
  objects: number,
  version: 'v1beta1' | 'v1'
): Promise<void> {
  const namespaces = Array.from({ length: 10 }, (_, index) => `bench-${index}`)
  for (const namespace of namespaces) {
    await kubectlOk(server.kubeconfigPath, ['create', 'namespace', namespace])
  }
  const client = connectToCluster({ kubeconfig: server.kubeconfigPath })
  let next = 0
  const worker = async () => {
    while (next < objects) {
      const index = next
      next += 1
      const namespace = namespaces[index % namespaces.length] as string
      const port = 1000 + (index % 50000)
      const address =
        version === 'v1'
          ? { host: 'localhost', port: String(port) }
          : { hostPort: `localhost:${port}` }
      await client.objects.createNamespacedCustomObject({
        group: 'example.com',
        version,
        plural: 'crontabs',
        namespace,
        body: {
          apiVersion: `example.com/${version}`,
          kind: 'CronTab',
          metadata: { name: `crontab-${index}`, namespace },
          ...address,
          spec: { cronSpec: '* * * * */5', image: 'my-cron-image', replicas: 1 },
        },
      })
    }
  }
  await Promise.all(Array.from({ length: 32 }, worker))
}

/** The migrate figures as a table, in the style of the other bench tables. */
export function printMigrate(result: MigrateResult): void {
  console.log(
    '\nMigrate: crdconv migrate on a local kube-apiserver, objects stored at v1beta1 rewritten at v1, their managedFields moved'
  )
  if ('skipped' in result) {
    console.log(`skipped: ${result.skipped}`)
    return
  }
  const MiB = 1024 * 1024
  const rows = [
    [
      'objects',
      'time',
      'objects/s',
      'plain rewrite',
      'ownership cost',
      'peak RSS',
      'over CLI loaded',
      'plain peak RSS',
      'exit',
    ],
    ...result.runs.map((run) => [
      run.objects.toLocaleString('en'),
      `${run.seconds} s`,
      String(run.objectsPerSecond),
      `${run.plain.seconds} s`,
      `${run.ownershipRatio}x (median of ${run.rounds})`,
      `${round(run.maxRssBytes / MiB, 1)} MiB`,
      `+${round((run.maxRssBytes - run.rssAfterImportBytes) / MiB, 1)} MiB`,
      `${round(run.plain.maxRssBytes / MiB, 1)} MiB`,
      `${run.exitCode}/${run.plain.exitCode}`,
    ]),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()
    )
  }
}
