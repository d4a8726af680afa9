// `--against <ref> --platforms`: the per-platform figures beside the other commit, in one run:
// the Node server over HTTP and HTTPS (server CPU per review under autocannon, three servers
// loaded in turns) and the warm Lambda handler (CPU per invocation, three bundles in one process).
// Minutes, not seconds: CI's gate runs core and start-up only.
import { fork } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleForNode, openBenchEnvironment, repoRoot } from '../bench-support.ts'
import { measureTargets, REVIEW_SIZES, startNodeServer, type RunningTarget } from '../http-bench.ts'
import { writeSelfSignedCertificate } from '../../test/support/self-signed-certificate.ts'
import type { PairedFigure } from './paired-figures.ts'

type Side = 'current' | 'currentAgain' | 'against'

/** The sizes with a platform target: one object and 1,000. */
const SIZES = [REVIEW_SIZES[0], REVIEW_SIZES[2]] as const
const LAMBDA_ROUNDS = 15

const objectsLabel = (objects: number) =>
  `${objects.toLocaleString('en')} object${objects === 1 ? '' : 's'}`

/** Node over HTTP and HTTPS: each tree's own bench/children/node-server-child.ts. */
export async function measureNodeServers(
  workDir: string,
  trees: Record<Side, string>
): Promise<PairedFigure[]> {
  const children = {} as Record<Side, string>
  for (const side of ['current', 'against'] as const) {
    children[side] = join(workDir, `node-server-${side}.mjs`)
    await bundleForNode(join(trees[side], 'bench/children/node-server-child.ts'), children[side])
  }
  children.currentAgain = children.current
  const { cert, key } = writeSelfSignedCertificate(workDir)
  const figures: PairedFigure[] = []
  for (const [platform, args] of [
    ['Node, HTTP', []],
    ['Node, HTTPS', [cert, key]],
  ] as const) {
    const servers = {} as Record<Side, RunningTarget>
    try {
      for (const side of ['current', 'currentAgain', 'against'] as const) {
        servers[side] = await startNodeServer(children[side], [...args])
      }
      for (const size of SIZES) {
        const { perReview } = await measureTargets(servers, size)
        figures.push({
          name: `${platform}, ${objectsLabel(size.objects)} (server CPU per review)`,
          unit: 'µs',
          ...perReview,
        })
      }
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()))
    }
  }
  return figures
}

/**
 * The warm Lambda handler: each tree's Lambda bundle (and this tree's twice, as two modules)
 * invoked in turns in one process by this tree's bench/children/lambda-child.ts.
 */
export async function measureWarmLambda(bundles: Record<Side, string>): Promise<PairedFigure[]> {
  const child = join(repoRoot, 'node_modules', '.cache', 'crdconv-bench-lambda-child.mjs')
  await bundleForNode(join(repoRoot, 'bench/children/lambda-child.ts'), child)
  // the child's three slots: crdconv, bare, floor
  const files = [bundles.current, bundles.against, bundles.currentAgain].map(
    (file) => pathToFileURL(file).href
  )
  const sizes = SIZES.map((size) => size.objects).join(',')
  const running = fork(child, [...files, sizes, String(LAMBDA_ROUNDS)], {
    execArgv: [],
    env: openBenchEnvironment(),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const figures: PairedFigure[] = []
  return new Promise((resolve, reject) => {
    running.on('message', (message) => {
      const { objects, crdconv, bare, floor } = message as Record<
        'crdconv' | 'bare' | 'floor',
        number[]
      > & { objects: number }
      figures.push({
        name: `Lambda, warm, ${objectsLabel(objects)} (CPU per invocation)`,
        unit: 'µs',
        current: crdconv,
        currentAgain: floor,
        against: bare,
      })
    })
    running.once('error', reject)
    running.once('exit', (code) =>
      code === 0 ? resolve(figures) : reject(new Error(`the Lambda child exited with ${code}`))
    )
  })
}
