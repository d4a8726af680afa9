// `npm run build`: dist/ from src/. tsc emits JavaScript, declarations and declaration maps; esbuild
// then minifies each file on its own (keeping names), which keeps the package under 400 KiB. Minifying
// drops /* @__PURE__ */ annotations, so package.json says `"sideEffects": false` instead: a user's
// bundler drops every crdconv module whose exports it does not use.
// npm start and npm test build first, so the build is skipped while dist/ is newer than every
// source and build setting; `npm run build -- --force` rebuilds anyway.
import { execFileSync } from 'node:child_process'
import { build } from 'esbuild'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamp = join(root, 'node_modules', '.cache', 'crdconv-build', 'stamp')
const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json']

function newestChange(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry)))
  )
}

const upToDate =
  !process.argv.includes('--force') &&
  existsSync(join(root, 'dist', 'index.js')) &&
  existsSync(stamp) &&
  statSync(stamp).mtimeMs >= Math.max(...inputs.map((input) => newestChange(join(root, input))))

if (upToDate) {
  console.error('dist/ is up to date')
} else {
  const require = createRequire(import.meta.url)
  const run = (script, args) =>
    execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' })
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json'])
  await build({
    entryPoints: ['dist/**/*.js'],
    absWorkingDir: root,
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
}
