import { execFile } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { ImportedFile } from '../../src/import/index.ts'
import type { Resource, Scheme } from '../../src/scheme/index.ts'

const repository = resolve(import.meta.dirname, '../..')

/**
 * A throw-away project outside the repository where imported modules resolve `crdconv`, `zod`
 * and `vitest` as in a user's project (symlinks to this checkout), with a tsconfig of the
 * repository's settings. `remove()` deletes it.
 */
export function scratchProject(): { directory: string; remove: () => void } {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-import-'))
  const modules = join(directory, 'node_modules')
  mkdirSync(modules)
  for (const entry of readdirSync(join(repository, 'node_modules'))) {
    if (entry !== 'crdconv')
      symlinkSync(join(repository, 'node_modules', entry), join(modules, entry))
  }
  // `crdconv` as the sources, as the in-process CLI reads them: through the package's exports
  // (dist/) the module would register its keywords in a second copy of the registries
  const crdconv = join(modules, 'crdconv')
  mkdirSync(crdconv)
  symlinkSync(join(repository, 'src'), join(crdconv, 'src'))
  writeFileSync(join(crdconv, 'package.json'), JSON.stringify(sourcePackageJson()))
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  writeFileSync(
    join(directory, 'tsconfig.json'),
    JSON.stringify({
      extends: join(repository, 'tsconfig.json'),
      compilerOptions: { types: ['node'] },
      include: ['**/*.ts'],
      exclude: ['node_modules'],
    })
  )
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) }
}

/** crdconv's package.json with every entry point at its source module. */
function sourcePackageJson(): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as {
    name: string
    exports: Record<string, string | { default: string }>
  }
  const exports = Object.fromEntries(
    Object.entries(manifest.exports).map(([path, target]) => [
      path,
      typeof target === 'string'
        ? target
        : target.default.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts'),
    ])
  )
  return { name: manifest.name, type: 'module', exports }
}

export function writeFiles(directory: string, files: readonly ImportedFile[]): void {
  mkdirSync(directory, { recursive: true })
  for (const file of files) writeFileSync(join(directory, file.path), file.content)
}

/** `tsc --noEmit` over the whole project, once: its exit code and what it printed. */
export async function typecheck(directory: string): Promise<{ code: number; output: string }> {
  const tsc = join(repository, 'node_modules', 'typescript', 'bin', 'tsc')
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [tsc, '--noEmit', '-p', join(directory, 'tsconfig.json')],
      { maxBuffer: 16 * 1024 * 1024 }
    )
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string }
    return { code: failed.code ?? 1, output: failed.stdout ?? String(error) }
  }
}

/** The one resource of an imported module (its `scheme` export). */
export async function loadImportedResource(file: string): Promise<Resource> {
  const module = (await import(pathToFileURL(file).href)) as { scheme: Scheme }
  const [resource] = module.scheme.resources
  if (resource === undefined) throw new Error(`${file} exports a scheme without resources`)
  return resource
}
