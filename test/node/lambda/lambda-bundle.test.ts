import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gzippedBytes, SIZE_CEILINGS } from '../../../bench/targets.ts'
import { bundleFileName } from '../../../scripts/sam-esbuild-arguments.ts'
import { parseSamTemplate, webhookFunction } from '../../../scripts/sam-template.ts'
import { functionUrlEvent, type HttpRequestParts } from '../../support/lambda-events.ts'
import { REVIEW_V1 } from '../../support/review-factory.ts'
import { seedRequest, seedResponse } from '../../support/seed-examples.ts'

const fn = webhookFunction(parseSamTemplate(readFileSync('template.yaml', 'utf8')))
const [module, exported = ''] = String(fn.Properties['Handler']).split('.')

// what the Lambda runtime does with the Handler setting: import the module file, call the export
const INVOKE = `
const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const loaded = await import(process.argv[1])
const result = await loaded[process.argv[2]](JSON.parse(Buffer.concat(chunks).toString()), {})
process.stdout.write('\\n' + JSON.stringify(result))
`

describe('the built Lambda bundle (npm run build:lambda), in a fresh Node process', () => {
  let taskRoot: string
  beforeAll(() => {
    execFileSync(join('node_modules', '.bin', 'tsx'), ['scripts/build-lambda.ts'], {
      stdio: 'pipe',
    })
    // like /var/task: the bundle alone, no package.json and no node_modules to fall back on
    taskRoot = mkdtempSync(join(tmpdir(), 'crdconv-lambda-task-'))
    cpSync(join('dist', 'lambda'), taskRoot, { recursive: true })
  })
  afterAll(() => rmSync(taskRoot, { recursive: true, force: true }))

  const invoke = (parts: HttpRequestParts) => {
    const file = readdirSync(taskRoot).find((name) => name.startsWith(`${module}.`)) ?? ''
    const stdout = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', INVOKE, join(taskRoot, file), exported],
      {
        cwd: taskRoot,
        input: JSON.stringify(functionUrlEvent(parts)),
        env: { PATH: '', CONVERT_ALLOW_UNAUTHENTICATED: 'true' },
      }
    ).toString()
    const lines = stdout.trim().split('\n')
    return {
      result: JSON.parse(lines.at(-1) ?? '') as { statusCode: number; body: string },
      logLines: lines.slice(0, -1).filter((line) => line !== ''),
    }
  }

  it('is one file, named as the template’s Handler and the esbuild entry say', () => {
    const entry = (fn.Metadata?.BuildProperties?.['EntryPoints'] as string[])[0] ?? ''
    expect(readdirSync(taskRoot)).toEqual([
      bundleFileName(entry, fn.Metadata?.BuildProperties ?? {}),
    ])
    expect(readdirSync(taskRoot)[0]).toMatch(new RegExp(`^${module}\\.m?js$`))
  })

  it(`is at most ${SIZE_CEILINGS.lambdaGzipBytes / 1024} KiB gzipped`, () => {
    const [bundle = ''] = readdirSync(taskRoot)
    expect(gzippedBytes(readFileSync(join(taskRoot, bundle)))).toBeLessThanOrEqual(
      SIZE_CEILINGS.lambdaGzipBytes
    )
  })

  it('answers the documented CronTab review through a Function URL event', () => {
    const { result, logLines } = invoke({
      method: 'POST',
      url: '/convert?timeout=30s',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(seedRequest(REVIEW_V1)),
    })
    expect(result.statusCode).toBe(200)
    expect(JSON.parse(result.body)).toEqual(seedResponse(REVIEW_V1))
    expect(logLines.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ message: 'conversion review', outcome: 'Success', objectCount: 2 }),
    ])
  })

  it('answers a GET with 405, as the source does', () => {
    const { result } = invoke({ method: 'GET', url: '/convert' })
    expect(result.statusCode).toBe(405)
  })
})
