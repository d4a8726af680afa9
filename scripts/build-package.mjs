// `npm run build`: each named package's dist/ from its src/ (`webhook`, then `crdconv`, which
// type-checks against the webhook's declarations). tsc emits JavaScript, declarations and
// declaration maps; esbuild then minifies each file on its own. Minifying drops /* @__PURE__ */
// annotations, so each package.json says `"sideEffects": false` instead: a user's bundler drops
// every module whose exports it does not use.
// A package is skipped while its dist/ is newer than every source and build setting it reads;
// `-- --force` rebuilds anyway. Two builds at once (a second `npm test` beside the first) would
// remove each other's dist/: one waits for the other's lock, a folder holding its process id.
import { execFileSync } from 'node:child_process'
import { build } from 'esbuild'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
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

const lock = join(root, 'node_modules', '.cache', 'crdconv-build', 'lock')

function lockHolder() {
  try {
    return Number(readFileSync(join(lock, 'pid'), 'utf8'))
  } catch {
    return undefined
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** Takes the build lock, waiting while a live build holds it; a dead build's lock is taken over. */
async function takeLock() {
  mkdirSync(dirname(lock), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      return
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
    }
    const holder = lockHolder()
    // no process id yet: being written, unless the lock is older than any write takes
    const stale =
      holder === undefined || Number.isNaN(holder)
        ? Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000
        : !alive(holder)
    if (stale) rmSync(lock, { recursive: true, force: true })
    else await sleep(200)
  }
}

await takeLock()
process.once('exit', () => {
  if (lockHolder() === process.pid) rmSync(lock, { recursive: true, force: true })
})

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
