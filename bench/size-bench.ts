import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { WORKER_BUNDLE_DIR } from '../packages/crdconv/src/init/platform-tests.ts'
import { createInitProject, mustRun, packPackages } from '../test/support/consumer-project.ts'
import { bundleForNode, execFileAsync, repoRoot } from './bench-support.ts'
import { gzippedBytes } from './targets.ts'

export interface SizeResult {
  readonly rawBytes: number
  readonly gzipBytes: number
}

export interface BundleSizes {
  /** What `wrangler deploy` uploads from a project made by `crdconv init` (minify = true). */
  readonly scaffoldWorker: SizeResult & {
    readonly zodClassicBytes: number
    readonly zodBytes: number
  }
  /**
   * This repository's Worker (`wrangler deploy --dry-run` of wrangler.toml, the examples): the
   * script the HTTP and start-up benches run; its size is not a figure.
   */
  readonly workerFile: string
  /** esbuild single file from examples/lambda.ts (node20, esm, minified). */
  readonly lambda: SizeResult & { readonly file: string }
}

/** The project the upload size is weighed on, as a user would start it. */
const SCAFFOLD_INIT_ARGS = [
  '--group',
  'example.com',
  '--kind',
  'CronTab',
  '--versions',
  'v1beta1,v1',
]

/**
 * Builds this repository's Worker with wrangler and its Lambda bundle with esbuild, and weighs the
 * Lambda bundle and the Worker a `crdconv init` project uploads.
 */
export async function benchSizes(workDir: string): Promise<BundleSizes> {
  const workerDir = join(workDir, 'worker')
  const wrangler = join(
    createRequire(import.meta.url).resolve('wrangler/package.json'),
    '../bin/wrangler.js'
  )
  await execFileAsync(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', workerDir], {
    cwd: repoRoot,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })

  const lambdaFile = join(workDir, 'lambda', 'index.mjs')
  await bundleForNode(join(repoRoot, 'examples/lambda.ts'), lambdaFile, { minify: true })
  const lambdaBytes = readFileSync(lambdaFile)
  return {
    scaffoldWorker: await scaffoldWorkerSize(join(workDir, 'scaffold')),
    workerFile: join(workerDir, 'worker.js'),
    lambda: {
      file: lambdaFile,
      rawBytes: lambdaBytes.length,
      gzipBytes: gzippedBytes(lambdaBytes),
    },
  }
}

/**
 * A project made by `crdconv init` from the packed packages (as the package tests make it), built
 * by its own `npm run build:worker`: the bundle its tests serve and `wrangler deploy` uploads.
 */
async function scaffoldWorkerSize(workDir: string): Promise<BundleSizes['scaffoldWorker']> {
  mkdirSync(workDir, { recursive: true })
  const project = join(workDir, 'crontab-webhook')
  await createInitProject(project, await packPackages(workDir), SCAFFOLD_INIT_ARGS, {})
  await mustRun('npm', ['run', 'build:worker', '--', '--metafile'], project)
  const outdir = join(project, WORKER_BUNDLE_DIR)
  const workerBytes = readFileSync(join(outdir, 'worker.js'))
  return {
    rawBytes: workerBytes.length,
    gzipBytes: gzippedBytes(workerBytes),
    ...zodBytesInOutput(join(outdir, 'bundle-meta.json')),
  }
}

/** How much of the Worker's minified output is zod, and how much of that is zod classic. */
function zodBytesInOutput(metafile: string): { zodBytes: number; zodClassicBytes: number } {
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>
  }
  let zodBytes = 0
  let zodClassicBytes = 0
  for (const output of Object.values(meta.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (!input.includes('node_modules/zod/')) continue
      zodBytes += bytesInOutput
      if (input.includes('/classic/')) zodClassicBytes += bytesInOutput
    }
  }
  return { zodBytes, zodClassicBytes }
}
