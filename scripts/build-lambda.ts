// `npm run build:lambda`: the bundle `sam build` makes, built with the same esbuild arguments from
// the BuildProperties in template.yaml, so the two cannot drift apart.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { samEsbuildArguments } from './sam-esbuild-arguments.ts'
import { parseSamTemplate, webhookFunction } from './sam-template.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'lambda')

const fn = webhookFunction(parseSamTemplate(readFileSync(join(root, 'template.yaml'), 'utf8')))
if (fn.Metadata?.BuildMethod !== 'esbuild' || fn.Metadata.BuildProperties === undefined) {
  throw new Error(`${fn.logicalId} in template.yaml is not built with BuildMethod: esbuild`)
}
const esbuild = join(
  dirname(createRequire(import.meta.url).resolve('esbuild/package.json')),
  'bin',
  'esbuild'
)

rmSync(outdir, { recursive: true, force: true })
const args = samEsbuildArguments(fn.Metadata.BuildProperties, outdir)
console.error(`esbuild ${args.join(' ')}`)
execFileSync(esbuild, args, { cwd: root, stdio: 'inherit' })
