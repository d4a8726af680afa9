// Every code block in README.md and docs/**/*.md that is meant to run, runs here: see
// docs/writing-docs.md for the conventions (what runs, how, and `<!-- not-run: reason -->`).
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocProject } from './doc-project.ts'
import { outputDifference } from './expected-output.ts'
import { readCodeBlocks, runnerOf, type CodeBlock } from './markdown-blocks.ts'
import { runShBlock } from './sh-block.ts'
import { blockPath, moduleText, runTsBlock, typecheck } from './ts-block.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const BLOCK_TIMEOUT_MS = 90_000

function markdownFiles(): string[] {
  const docs = readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path.split('\\').join('/')}`)
    .sort()
  return ['README.md', ...docs]
}

const documents = markdownFiles().map((file) => ({ file, blocks: readCodeBlocks(repoRoot, file) }))
const projects = new Map<string, DocProject>()
const tsFiles = new Map<CodeBlock, string>()
let typeErrors = new Map<string, string[]>()

beforeAll(() => {
  for (const { file, blocks } of documents) {
    const project = new DocProject(repoRoot)
    projects.set(file, project)
    for (const block of blocks) {
      if (block.role.kind !== 'run' || runnerOf(block) !== 'ts') continue
      tsFiles.set(block, project.write(blockPath(block.code, block.line), moduleText(block.code)))
    }
  }
  typeErrors = typecheck(repoRoot, [...tsFiles.values()])
}, BLOCK_TIMEOUT_MS)

afterAll(() => {
  for (const project of projects.values()) project.remove()
})

describe.each(documents)('$file', ({ file, blocks }) => {
  let lastOutput: { line: number; stdout: string } | undefined

  for (const block of blocks) {
    const title = `${file}:${block.line} (${block.lang || 'text'})`
    const { role } = block
    if (role.kind === 'not-run') {
      it.skip(`${title}, not run: ${role.reason}`, () => {})
    } else if (role.kind === 'output') {
      it(`${title} is what the block before it prints`, () => {
        if (lastOutput === undefined) {
          throw new Error(`${title}: <!-- output --> follows no block that runs`)
        }
        const difference = outputDifference(block.code, lastOutput.stdout)
        expect(difference, `output of ${file}:${lastOutput.line}`).toBeUndefined()
      })
    } else if (role.kind === 'run' && runnerOf(block) === 'ts') {
      it(
        `${title} typechecks and runs`,
        async () => {
          const project = projects.get(file)!
          const path = tsFiles.get(block)!
          const errors = typeErrors.get(path) ?? []
          expect(errors, `type errors in ${title} (${project.relative(path)})`).toEqual([])
          project.write(project.relative(path), moduleText(block.code))
          const run = await runTsBlock(project, path)
          expect(run.ok, `${title} failed:\n${run.output}`).toBe(true)
        },
        BLOCK_TIMEOUT_MS
      )
    } else if (role.kind === 'run') {
      it(
        `${title} runs`,
        async () => {
          const result = await runShBlock(projects.get(file)!, block.code)
          lastOutput = { line: block.line, stdout: result.stdout }
          const report = `${title} exited ${result.code}\n--- script\n${result.script}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`
          expect(result.code, report).toBe(0)
        },
        BLOCK_TIMEOUT_MS
      )
    }
  }
})
