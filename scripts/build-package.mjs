// `npm run build`: each named package's dist/ from its src/ (`webhook`, then `crdconv`, which
// type-checks against the webhook's declarations). tsc emits JavaScript, declarations and
// declaration maps; esbuild then minifies each file on its own. Minifying drops /* @__PURE__ */
// annotations, so each package.json says `"sideEffects": false` instead: a user's bundler drops
// every module whose exports it does not use.
// A package is skipped while its dist/ is newer than every source and build setting it reads;
// `-- --force` rebuilds anyway.
import { execFileSync } from 'node:child_process'
import { build } from 'esbuild'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const force = process.argv.includes('--force')
const names = process.argv.slice(2).filter((argument) => !argument.startsWith('--'))

function newestChange(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry)))
  )
}

let rebuiltBefore = false
for (const name of names) {
  const directory = join(root, 'packages', name)
  const stamp = join(root, 'node_modules', '.cache', 'crdconv-build', `${name}.stamp`)
  const inputs = ['src', 'tsconfig.build.json', 'package.json'].map((input) =>
    join(directory, input)
  )
  inputs.push(join(root, 'tsconfig.json'))
  const upToDate =
    !force &&
    !rebuiltBefore &&
    existsSync(join(directory, 'dist')) &&
    existsSync(stamp) &&
    statSync(stamp).mtimeMs >= Math.max(...inputs.map(newestChange))
  if (upToDate) {
    console.error(`packages/${name}/dist is up to date`)
    continue
  }
  rmSync(join(directory, 'dist'), { recursive: true, force: true })
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: directory,
      stdio: 'inherit',
    }
  )
  await build({
    entryPoints: ['dist/**/*.js'],
    absWorkingDir: directory,
    outdir: 'dist',
    allowOverwrite: true,
    minifySyntax: true,
    minifyWhitespace: true,
    minifyIdentifiers: true,
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
  })
  mkdirSync(dirname(stamp), { recursive: true })
  writeFileSync(stamp, `${new Date().toISOString()}\n`)
  rebuiltBefore = true
}
