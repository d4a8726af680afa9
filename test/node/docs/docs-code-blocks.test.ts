// Every code block in README.md and docs/**/*.md that is meant to run, runs here: see
// docs/development.md for the conventions (what runs, how, and `<!-- not-run: reason -->`).
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { markdownFiles } from '../../../scripts/docs-figures.ts'
import { DocProject } from './doc-project.ts'
import { outputDifference } from './expected-output.ts'
import { readCodeBlocks, runnerOf, type CodeBlock } from './markdown-blocks.ts'
import { runShBlock } from './sh-block.ts'
import { blockPath, moduleText, runTsBlock, typecheck } from './ts-block.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const BLOCK_TIMEOUT_MS = 90_000

const documents = markdownFiles(repoRoot).map((file) => ({
  file,
  blocks: readCodeBlocks(repoRoot, file),
}))
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
        if (difference !== undefined) {
          throw new Error(`${title} is not what ${file}:${lastOutput.line} printed: ${difference}`)
        }
      })
    } else if (role.kind === 'run' && runnerOf(block) === 'ts') {
      it(
        `${title} typechecks and runs`,
        async () => {
          const project = projects.get(file)!
          const path = tsFiles.get(block)!
          const errors = typeErrors.get(path) ?? []
          if (errors.length > 0) {
            throw new Error(
              `${title} (${project.relative(path)}) does not typecheck:\n${errors.join('\n')}`
            )
          }
          project.write(project.relative(path), moduleText(block.code))
          const run = await runTsBlock(project, path)
          if (!run.ok) throw new Error(`${title} failed:\n${run.output}`)
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
          if (result.code !== 0) throw new Error(report)
        },
        BLOCK_TIMEOUT_MS
      )
    }
  }
})
