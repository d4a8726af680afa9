import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DocProject } from './doc-project.ts'
import { outputDifference } from './expected-output.ts'
import { parseCodeBlocks } from './markdown-blocks.ts'
import { runShBlock } from './sh-block.ts'
import { blockPath, moduleText, runTsBlock, typecheck } from './ts-block.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const fence = '```'

describe('parseCodeBlocks', () => {
  it('gives each block the role its marker or language gives it', () => {
    const markdown = [
      `${fence}sh`,
      'crdconv check',
      fence,
      '<!-- output -->',
      '',
      `${fence}text`,
      'all checks passed',
      fence,
      '<!-- not-run: needs a cluster -->',
      `${fence}sh`,
      'kubectl apply -f crd.yaml',
      fence,
      `${fence}yaml`,
      'a: 1',
      fence,
      '1. a step',
      '',
      `   ${fence}ts`,
      '   export const x = 1',
      `   ${fence}`,
    ].join('\n')
    const blocks = parseCodeBlocks('page.md', markdown)
    expect(blocks.map(({ line, lang, role }) => ({ line, lang, role }))).toEqual([
      { line: 1, lang: 'sh', role: { kind: 'run' } },
      { line: 6, lang: 'text', role: { kind: 'output' } },
      { line: 10, lang: 'sh', role: { kind: 'not-run', reason: 'needs a cluster' } },
      { line: 13, lang: 'yaml', role: { kind: 'data' } },
      { line: 18, lang: 'ts', role: { kind: 'run' } },
    ])
    expect(blocks[4]?.code).toBe('export const x = 1')
  })

  it('refuses a not-run marker without a reason, and a fence never closed', () => {
    expect(() => parseCodeBlocks('page.md', `<!-- not-run -->\n${fence}sh\nx\n${fence}\n`)).toThrow(
      'page.md:2: <!-- not-run: reason --> needs a reason'
    )
    expect(() => parseCodeBlocks('page.md', `${fence}sh\nx\n`)).toThrow('page.md:1: code fence')
  })
})

describe('outputDifference', () => {
  it('compares JSON as data and text line by line, `...` standing for any lines', () => {
    expect(outputDifference('{ "a": 1, "b": [2] }', '{"b":[2],"a":1}\n')).toBeUndefined()
    expect(outputDifference('{ "a": 1 }', '> npm run build\nbuilt\n{"a":1}\n')).toBeUndefined()
    expect(outputDifference('first\n...\nlast', 'first\nx\ny\nlast  \n')).toBeUndefined()
  })

  it('names what differs', () => {
    expect(outputDifference('{ "a": 1 }', '{"a":2}')).toContain('expected JSON')
    expect(outputDifference('first\nlast', 'first\nmiddle\nlast')).toContain('got\nfirst\nmiddle')
  })
})

describe('blockPath and moduleText', () => {
  it('places a block where its first line says, else at the root, as a test when it imports vitest', () => {
    expect(blockPath('// src/scheme.ts\nexport {}', 3)).toBe('src/scheme.ts')
    expect(blockPath("import { it } from 'vitest'", 7)).toBe('docs-block-7.test.ts')
    expect(blockPath('console.log(1)', 9)).toBe('docs-block-9.ts')
    expect(moduleText('console.log(1)')).toBe('console.log(1)\nexport {}\n')
  })
})

describe('running blocks', () => {
  const project = new DocProject(repoRoot)
  afterAll(() => project.remove())

  // the README's example before it was fixed: v1 → v1beta1 turned absent fields into text
  const brokenExample = `// src/scheme.ts
import * as z from 'zod'
import { createScheme, defineResource } from '@crdconv/webhook'

export const cronTab = defineResource({
  group: 'example.com',
  kind: 'CronTab',
  versions: {
    v1beta1: { schema: z.looseObject({ hostPort: z.string().optional() }), storage: true },
    v1: { schema: z.looseObject({ host: z.string().optional(), port: z.string().optional() }) },
  },
  converters: [
    { from: 'v1beta1', to: 'v1', convert: ({ hostPort, ...rest }) => {
      if (hostPort === undefined) return rest
      const [host, port] = hostPort.split(':')
      return { ...rest, host, port }
    } },
    { from: 'v1', to: 'v1beta1', convert: ({ host, port, ...rest }) => ({ ...rest, hostPort: \`\${host}:\${port}\` }) },
  ],
})

export const scheme = createScheme([cronTab])
`

  it('fails an example that fails its own crdconv check', async () => {
    project.write(blockPath(brokenExample, 1), moduleText(brokenExample))
    const result = await runShBlock(project, 'npx crdconv check --scheme ./src/scheme.ts')
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('came back "undefined:undefined"')
  }, 60_000)

  it('makes src/scheme.ts the default scheme: the examples, until a block writes its own', async () => {
    const fresh = new DocProject(repoRoot)
    try {
      const count =
        "crdconv crd --url https://x.example/convert | grep -c '^kind: CustomResourceDefinition'"
      expect((await runShBlock(fresh, count)).stdout.trim()).toBe('2')
      fresh.write(
        'src/scheme.ts',
        "import { createScheme } from '@crdconv/webhook'\nimport { cronTab } from '../examples/index.ts'\nexport const scheme = createScheme([cronTab])\n"
      )
      expect((await runShBlock(fresh, count)).stdout.trim()).toBe('1')
    } finally {
      fresh.remove()
    }
  }, 60_000)

  it('reports a type error and a module that throws', async () => {
    const file = project.write(
      'docs-block-1.ts',
      "const n: number = 'one'\nthrow new Error('boom')\n"
    )
    expect((await typecheck(repoRoot, [file], project.dir)).get(file)?.join()).toContain(
      "Type 'string' is not assignable to type 'number'"
    )
    const run = await runTsBlock(project, file)
    expect(run).toMatchObject({ ok: false })
    expect(run.output).toContain('boom')
  }, 60_000)

  it('starts the server a block calls, on a free port, and stops it afterwards', async () => {
    const result = await runShBlock(project, 'curl -sf http://127.0.0.1:8787/healthz')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ status: 'ok' })
    const port = /127\.0\.0\.1:(\d+)/.exec(result.script)?.[1]
    expect(port).not.toBe('8787')
    const after = await runShBlock(project, `curl -s http://127.0.0.1:${port}/healthz || echo gone`)
    expect(after.stdout).toContain('gone')
  }, 60_000)

  it('runs a server the block starts in the background, on a free port, and waits for it', async () => {
    const block =
      'npx crdconv serve --port 9443   # until Ctrl-C\ncurl -sf http://127.0.0.1:9443/healthz'
    const result = await runShBlock(project, block)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ status: 'ok' })
    expect(result.script).not.toContain('9443')
  }, 60_000)

  it('refuses what must not run inside npm test', async () => {
    const result = await runShBlock(project, 'npm run deploy:cloudflare')
    expect(result.code).toBe(127)
    expect(result.stderr).toContain('mark the block <!-- not-run: reason -->')
  }, 60_000)
})
