import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
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
 * Typechecks files with the repository's compiler options, all in one program (one program for
 * every block of every document is much faster than one each). Returns the errors per file.
 */
export function typecheck(repoRoot: string, files: readonly string[]): Map<string, string[]> {
  const config = ts.readConfigFile(join(repoRoot, 'tsconfig.json'), (path) => ts.sys.readFile(path))
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot)
  const program = ts.createProgram({ rootNames: [...files], options: { ...options, noEmit: true } })
  const errors = new Map<string, string[]>()
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? '(options)'
    const where =
      diagnostic.file === undefined || diagnostic.start === undefined
        ? ''
        : `:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}`
    const message = `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
    errors.set(file, [...(errors.get(file) ?? []), message])
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
