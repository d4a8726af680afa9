import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { bundleForNode, execFileAsync, repoRoot } from './bench-support.ts'

export interface SizeResult {
  readonly rawBytes: number
  readonly gzipBytes: number
  readonly file: string
}

export interface BundleSizes {
  /** `wrangler deploy --dry-run --outdir` (wrangler.toml minifies): what Workers would receive. */
  readonly worker: SizeResult & { readonly zodClassicBytes: number; readonly zodBytes: number }
  /** esbuild single file from examples/lambda.ts (node20, esm, minified). */
  readonly lambda: SizeResult
}

const gzipped = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length

/** Builds the Worker with wrangler and the Lambda bundle with esbuild, and weighs both. */
export async function benchSizes(workDir: string): Promise<BundleSizes> {
  const workerDir = join(workDir, 'worker')
  const wrangler = join(
    createRequire(import.meta.url).resolve('wrangler/package.json'),
    '../bin/wrangler.js'
  )
  await execFileAsync(
    process.execPath,
    [wrangler, 'deploy', '--dry-run', '--outdir', workerDir, '--metafile'],
    { cwd: repoRoot, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } }
  )
  const workerFile = join(workerDir, 'worker.js')
  const workerBytes = readFileSync(workerFile)
  const zod = zodBytesInOutput(join(workerDir, 'bundle-meta.json'))

  const lambdaFile = join(workDir, 'lambda', 'index.mjs')
  await bundleForNode(join(repoRoot, 'examples/lambda.ts'), lambdaFile, { minify: true })

  const lambdaBytes = readFileSync(lambdaFile)
  return {
    worker: {
      file: workerFile,
      rawBytes: workerBytes.length,
      gzipBytes: gzipped(workerBytes),
      ...zod,
    },
    lambda: { file: lambdaFile, rawBytes: lambdaBytes.length, gzipBytes: gzipped(lambdaBytes) },
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
