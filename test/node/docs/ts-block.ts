import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { DocProject } from './doc-project.ts'

const NAMED_PATH = /^\/\/\s*([\w./-]+\.m?ts)\b/

/**
 * Where a `ts` block lives in its project: the path its first line names (`// src/scheme.ts`),
 * or `docs-block-<line>.ts` at the root (`.test.ts` when it imports vitest).
 */
export function blockPath(code: string, line: number): string {
  const named = NAMED_PATH.exec(code.split('\n', 1)[0] ?? '')
  if (named?.[1] !== undefined) return named[1].replace(/^\.\//, '')
  return isTestFile(code) ? `docs-block-${line}.test.ts` : `docs-block-${line}.ts`
}

/** A block that imports vitest is a test file: vitest runs it. */
export function isTestFile(code: string): boolean {
  return /from\s+['"]vitest['"]/.test(code)
}

/** The text written for a block: a script without imports or exports becomes a module. */
export function moduleText(code: string): string {
  return /^\s*(import|export)\b/m.test(code) ? `${code}\n` : `${code}\nexport {}\n`
}

/**
 * Typechecks files, and what they import, with the repository's compiler options, all in one `tsc`
 * run (one program for every block of every page is much faster than one each), in a child
 * process so that blocks run meanwhile. Returns the errors per file.
 */
export async function typecheck(
  repoRoot: string,
  files: readonly string[],
  workDir: string
): Promise<Map<string, string[]>> {
  const config = join(workDir, 'tsconfig.docs.json')
  const compilerOptions = { noEmit: true, incremental: false }
  // `include: []`: the blocks and what they import, not the rest of the repository's `include`
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(repoRoot, 'tsconfig.json'),
      compilerOptions,
      files,
      include: [],
    })
  )
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
  const output = await promisify(execFile)(
    process.execPath,
    [tsc, '-p', config, '--pretty', 'false'],
    {
      cwd: workDir,
      maxBuffer: 16 * 1024 * 1024,
    }
  ).then(
    ({ stdout }) => stdout,
    (error: Error & { stdout?: string }) => error.stdout ?? error.message
  )
  const errors = new Map<string, string[]>()
  let last: string[] | undefined
  for (const line of output.split('\n')) {
    const diagnostic = /^(.+?)\((\d+),\d+\): (error .*)$/.exec(line)
    if (diagnostic === null) {
      if (line.startsWith(' ') && last !== undefined) last.push(line)
      else if (line.trim() !== '') errors.set('(tsc)', [...(errors.get('(tsc)') ?? []), line])
      continue
    }
    const [, file = '', row, message] = diagnostic
    const path = resolve(workDir, file)
    last = errors.get(path) ?? []
    last.push(`:${row} ${message}`)
    errors.set(path, last)
  }
  return errors
}

export interface TsRun {
  readonly ok: boolean
  readonly output: string
}

/**
 * Runs a written block the way its user would: a test file through vitest, any other module
 * imported with Node and tsx. It fails when it throws, exits non-zero or sets `process.exitCode`.
 */
export async function runTsBlock(project: DocProject, file: string): Promise<TsRun> {
  const test = file.endsWith('.test.ts')
  const args = test
    ? [
        join(project.dir, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        writeVitestConfig(project, project.relative(file)),
      ]
    : ['--import', 'tsx', file]
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd: project.dir,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      timeout: 60_000,
    })
    return { ok: true, output: `${stdout}${stderr}` }
  } catch (error) {
    const {
      stdout = '',
      stderr = '',
      message,
    } = error as Error & {
      stdout?: string
      stderr?: string
    }
    return { ok: false, output: `${message}\n${stdout}${stderr}` }
  }
}

function writeVitestConfig(project: DocProject, testFile: string): string {
  const config = { test: { include: [testFile] } }
  return project.write('.docs-vitest.config.mjs', `export default ${JSON.stringify(config)}\n`)
}
