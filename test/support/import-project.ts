import { execFile } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { descriptionsModule } from '../../packages/crdconv/src/init/index.ts'
import type { ImportedFile } from '../../packages/crdconv/src/import/index.ts'
import type { Resource, Scheme } from '../../packages/webhook/src/scheme/index.ts'

const repository = resolve(import.meta.dirname, '../..')

/**
 * A throw-away project outside the repository where imported modules resolve `@crdconv/webhook`,
 * `zod` and `vitest` as in a user's project: its node_modules is this checkout's, where the
 * workspace links `@crdconv/webhook` to packages/webhook, whose `crdconv-source` condition (set
 * by vitest and by the repository's tsconfig, which the project's extends) gives the sources,
 * the same modules the tests and the in-process CLI load. `remove()` deletes it.
 */
export function scratchProject(): { directory: string; remove: () => void } {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-import-'))
  symlinkSync(join(repository, 'node_modules'), join(directory, 'node_modules'))
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

/**
 * Every file under `directory` (its node_modules aside), by path, with its text: what an import
 * that refuses must leave as it was.
 */
export function filesUnder(directory: string): Record<string, string> {
  const entries = readdirSync(directory, { recursive: true, withFileTypes: true })
  return Object.fromEntries(
    entries
      .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules'))
      .map((entry) => {
        const path = join(entry.parentPath, entry.name)
        return [path.slice(directory.length + 1), readFileSync(path, 'utf8')]
      })
  )
}

export function writeFiles(directory: string, files: readonly ImportedFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(directory, file.path)), { recursive: true })
    writeFileSync(join(directory, file.path), file.content)
  }
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

/**
 * A scratch project that `write` fills with imported modules before the tests run, typechecked in
 * one tsc run and removed after them; registers the test that everything written typechecks.
 */
export function typecheckedImports(
  write: (directory: string) => Promise<void>,
  timeout = 120_000
): { directory: string } {
  const project = scratchProject()
  let checked = { code: -1, output: 'not typechecked: writing the modules failed' }
  beforeAll(async () => {
    await write(project.directory)
    checked = await typecheck(project.directory)
  }, timeout)
  afterAll(() => project.remove())
  it('writes modules and tests that typecheck', () => {
    expect(checked.output).toBe('')
    expect(checked.code).toBe(0)
  })
  return project
}

/** The one resource of an imported module (its `scheme` export). */
export async function loadImportedResource(file: string): Promise<Resource> {
  const module = (await import(pathToFileURL(file).href)) as { scheme: Scheme }
  // as crdconv's commands load a scheme: its descriptions module after it, where there is one
  const descriptions = descriptionsModule(file)
  if (existsSync(descriptions)) await import(pathToFileURL(descriptions).href)
  const [resource] = module.scheme.resources
  if (resource === undefined) throw new Error(`${file} exports a scheme without resources`)
  return resource
}

/** Every `description` in the version schemas of a CRD: the text a Worker must not carry. */
export function crdSchemaDescriptions(crd: {
  spec: { versions: readonly { schema?: unknown }[] }
}): string[] {
  const found = new Set<string>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string') found.add(value)
        else walk(value)
      }
    }
  }
  for (const version of crd.spec.versions) walk(version.schema)
  return [...found]
}
