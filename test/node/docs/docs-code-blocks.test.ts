// Every code block in README.md and docs/**/*.md that is meant to run, runs here: see
// docs/development.md for the conventions (what runs, how, and `<!-- not-run: reason -->`).
// The pages run side by side in beforeAll, each page's blocks in order; each block's test then
// reports its own outcome.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { markdownFiles } from '../../../scripts/docs-figures.ts'
import { DocProject } from './doc-project.ts'
import { outputDifference } from './expected-output.ts'
import { readCodeBlocks, runnerOf, type CodeBlock } from './markdown-blocks.ts'
import { runShBlock } from './sh-block.ts'
import { blockPath, moduleText, runTsBlock, typecheck } from './ts-block.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const PAGES_AT_ONCE = 2
const ALL_PAGES_TIMEOUT_MS = 600_000

interface Page {
  readonly file: string
  readonly blocks: readonly CodeBlock[]
}

const pages: Page[] = markdownFiles(repoRoot).map((file) => ({
  file,
  blocks: readCodeBlocks(repoRoot, file),
}))
const projects = new Map<string, DocProject>()
/** A failure message per block that failed; blocks that passed are absent. */
const failures = new Map<CodeBlock, string>()
const finished = new Set<CodeBlock>()

const titleOf = (file: string, block: CodeBlock) =>
  `${file}:${block.line} (${block.lang || 'text'})`

/** Type errors in files that are no block's (a block broke something it imports). */
let strayTypeErrors: string[] = []

beforeAll(async () => {
  // the `crdconv` bin runs the packages' dist/: build it once, before any page runs (a no-op when
  // it is current, as after `npm run build` in `npm test`)
  await promisify(execFile)(process.execPath, [
    resolve(repoRoot, 'scripts/build-package.mjs'),
    'webhook',
    'crdconv',
  ])
  const tsFiles = new Map<CodeBlock, string>()
  for (const { file, blocks } of pages) {
    const project = new DocProject(repoRoot)
    projects.set(file, project)
    for (const block of blocks) {
      if (block.role.kind !== 'run' || runnerOf(block) !== 'ts') continue
      tsFiles.set(block, project.write(blockPath(block.code, block.line), moduleText(block.code)))
    }
  }
  const typeErrors = typecheck(repoRoot, [...tsFiles.values()], projects.get('README.md')!.dir)
  const queue = [...pages]
  const worker = async () => {
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      await runPage(page, projects.get(page.file)!, tsFiles)
    }
  }
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker))
  const errors = await typeErrors
  for (const [block, path] of tsFiles) {
    const blockErrors = errors.get(path)
    if (blockErrors === undefined) continue
    errors.delete(path)
    const project = projects.get(block.file)!
    const title = titleOf(block.file, block)
    failures.set(
      block,
      `${title} (${project.relative(path)}) does not typecheck:\n${blockErrors.join('\n')}`
    )
  }
  strayTypeErrors = [...errors].map(([file, messages]) => `${file}${messages.join('\n')}`)
}, ALL_PAGES_TIMEOUT_MS)

afterAll(() => {
  for (const project of projects.values()) project.remove()
})

async function runPage(
  { file, blocks }: Page,
  project: DocProject,
  tsFiles: ReadonlyMap<CodeBlock, string>
): Promise<void> {
  let lastOutput: { line: number; stdout: string } | undefined
  for (const block of blocks) {
    const title = titleOf(file, block)
    const fail = (message: string) => failures.set(block, message)
    if (block.role.kind === 'output') {
      if (lastOutput === undefined) {
        fail(`${title}: <!-- output --> follows no block that runs`)
      } else {
        const difference = outputDifference(block.code, lastOutput.stdout)
        if (difference !== undefined) {
          fail(`${title} is not what ${file}:${lastOutput.line} printed: ${difference}`)
        }
      }
    } else if (block.role.kind === 'run' && runnerOf(block) === 'ts') {
      const path = tsFiles.get(block)!
      project.write(project.relative(path), moduleText(block.code))
      const run = await runTsBlock(project, path)
      if (!run.ok) fail(`${title} failed:\n${run.output}`)
    } else if (block.role.kind === 'run') {
      const result = await runShBlock(project, block.code)
      lastOutput = { line: block.line, stdout: result.stdout }
      if (result.code !== 0) {
        fail(
          `${title} exited ${result.code}\n--- script\n${result.script}\n` +
            `--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`
        )
      }
    }
    finished.add(block)
  }
}

it('the pages’ ts blocks typecheck together, and break nothing they import', () => {
  if (strayTypeErrors.length > 0) throw new Error(strayTypeErrors.join('\n'))
})

describe.each(pages)('$file', ({ file, blocks }) => {
  for (const block of blocks) {
    const title = titleOf(file, block)
    const { role } = block
    if (role.kind === 'not-run') {
      it.skip(`${title}, not run: ${role.reason}`, () => {})
      continue
    }
    if (role.kind === 'data') continue
    const what =
      role.kind === 'output'
        ? 'is what the block before it prints'
        : runnerOf(block) === 'ts'
          ? 'typechecks and runs'
          : 'runs'
    it(`${title} ${what}`, () => {
      const failure = failures.get(block)
      if (failure !== undefined) throw new Error(failure)
      if (!finished.has(block)) throw new Error(`${title} did not run`)
    })
  }
})
