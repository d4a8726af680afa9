import { basename, extname } from 'node:path'

// The esbuild command line that SAM's builder (aws-lambda-builders, workflow nodejs_npm_esbuild,
// esbuild.py EsbuildCommandBuilder) makes from a function's Metadata.BuildProperties.
const BOOLEAN_FLAGS = ['Minify', 'Sourcemap']
const SINGLE_VALUE_FLAGS = ['Target', 'Format', 'MainFields', 'SourcesContent']
const MULTI_VALUE_FLAGS = ['External', 'Loader', 'OutExtension', 'Banner']

const kebab = (property: string) => property.replace(/(?<!^)[A-Z]/g, (c) => `-${c}`).toLowerCase()

/**
 * The arguments `sam build` passes to esbuild for these BuildProperties, writing into `outdir`.
 *
 * @example
 * ```ts
 * samEsbuildArguments({ EntryPoints: ['examples/lambda.ts'], Format: 'esm' }, 'dist/lambda')
 * // ['examples/lambda.ts', '--bundle', '--platform=node', '--outdir=dist/lambda', '--target=es2020', '--minify', '--format=esm']
 * ```
 */
export function samEsbuildArguments(properties: Record<string, unknown>, outdir: string): string[] {
  const entryPoints = properties['EntryPoints']
  if (!Array.isArray(entryPoints) || entryPoints.length === 0) {
    throw new Error('BuildProperties.EntryPoints must be a non-empty list')
  }
  const defaults = [
    ...('Target' in properties ? [] : ['--target=es2020']),
    ...('Format' in properties ? [] : ['--format=cjs']),
    ...('Minify' in properties ? [] : ['--minify']),
  ]
  const booleans = BOOLEAN_FLAGS.filter((flag) => properties[flag] === true).map(
    (flag) => `--${kebab(flag)}`
  )
  const singles = SINGLE_VALUE_FLAGS.filter((flag) => flag in properties).map(
    (flag) => `--${kebab(flag)}=${String(properties[flag])}`
  )
  const multiples = MULTI_VALUE_FLAGS.filter((flag) => flag in properties).flatMap((flag) => {
    const values = properties[flag]
    if (!Array.isArray(values)) throw new Error(`BuildProperties.${flag} must be a list`)
    return values.map((value) => `--${kebab(flag)}:${String(value)}`)
  })
  return [
    ...entryPoints.map(String),
    '--bundle',
    '--platform=node',
    `--outdir=${outdir}`,
    ...defaults,
    ...booleans,
    ...singles,
    ...multiples,
  ]
}

/** The file esbuild writes for one entry point: its base name with the (possibly renamed) `.js`. */
export function bundleFileName(entryPoint: string, properties: Record<string, unknown>): string {
  const renames = Array.isArray(properties['OutExtension']) ? properties['OutExtension'] : []
  const jsRename = renames.map(String).find((rename) => rename.startsWith('.js='))
  const extension = jsRename === undefined ? '.js' : jsRename.slice('.js='.length)
  return basename(entryPoint, extname(entryPoint)) + extension
}
