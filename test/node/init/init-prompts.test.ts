import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'

const bin = join(import.meta.dirname, '../../../packages/crdconv/bin/crdconv.js')
// util-linux `script` gives the CLI a pseudo-terminal, as a person's shell would
const hasScript = spawnSync('script', ['--version']).status === 0

/** Runs `crdconv <args>` on a terminal, typing each answer once its question shows. */
function runOnTerminal(
  args: string,
  cwd: string,
  answers: readonly (readonly [question: string, keys: string])[]
): Promise<{ code: number | null; screen: string }> {
  // a terminal of 0 columns would make the prompts wrap after every character
  const command = `stty cols 100 rows 30; ${process.execPath} ${bin} ${args}`
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let screen = ''
  let next = 0
  child.stdout.on('data', (chunk: Buffer) => {
    // the pseudo-terminal's output as text: line breaks and colour codes dropped
    screen = stripVTControlCharacters(screen + chunk.toString()).replace(/\r?\n/g, '')
    const answer = answers[next]
    if (answer !== undefined && screen.includes(answer[0])) {
      next++
      // a prompt switches the terminal to raw mode, which drops keys typed before it did
      setTimeout(() => child.stdin.write(answer[1]), 300)
    }
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, screen })))
}

describe.runIf(hasScript)('crdconv init on a terminal', { timeout: 30_000 }, () => {
  it('asks for the answers its flags leave out, and writes the project from them', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'crdconv-init-tty-'))
    const run = await runOnTerminal('init proj --group example.com', parent, [
      ['Kind', 'Widget\r'],
      ['Versions', 'v1alpha1,v1\r'],
      ['Scope', '\r'],
      // the arrow key down once: from SAM to CDK
      ['Deploy to AWS Lambda with', '\x1b[B\r'],
    ])
    expect(run.screen).toMatch(/Wrote \d+ files to proj/)
    expect(run.code).toBe(0)
    expect(existsSync(join(parent, 'proj/cdk/app.ts'))).toBe(true)
    expect(existsSync(join(parent, 'proj/template.yaml'))).toBe(false)
    const scheme = readFileSync(join(parent, 'proj/src/scheme.ts'), 'utf8')
    expect(scheme).toContain("kind: 'Widget'")
    expect(scheme).toMatch(/v1: \{\n\s+schema: WidgetV1,\n\s+storage: true,/)
  })

  it('refuses an invalid answer at the prompt with the flag’s rule, and asks again', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'crdconv-init-tty-'))
    const run = await runOnTerminal('init proj --group example.com --versions v1', parent, [
      ['Kind', 'widget\r'],
      ['UpperCamelCase', '\x7f'.repeat(6) + 'Widget\r'],
      ['Scope', '\r'],
      ['Deploy to AWS Lambda with', '\r'],
    ])
    expect(run.screen).toMatch(/--kind "widget" must be UpperCamelCase/)
    expect(run.code).toBe(0)
    expect(readFileSync(join(parent, 'proj/src/scheme.ts'), 'utf8')).toContain("kind: 'Widget'")
  })
})
