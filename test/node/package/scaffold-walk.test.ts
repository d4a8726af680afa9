// What a fresh scaffold prints on `npm install` and `npm test` besides its own results: no npm
// warning (EBADENGINE, install scripts skipped), no wrangler banner or update notice, no banner of
// the Workers pool, on the Node this suite runs on (.ci/run runs it on Node 20, 22 and 24).
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { initProject, packPackages, run } from '../../support/consumer-project.ts'

/** Lines that are a tool's warning or banner, not the project's output. */
const NOISE = [
  /\bnpm warn\b/i,
  /EBADENGINE/,
  /install scripts/i,
  /has been renamed/,
  /@cloudflare\/codemods/,
  /This package will not receive future updates/,
  /⛅️ wrangler/,
  /update available/i,
  /telemetry/i,
  /^\W*WARNING\b/,
  /\[wrangler:warn\]/,
  /^={20,}$/,
]

/**
 * What remains on Node 22 and later: the Workers pool this repository tests with
 * (@cloudflare/vitest-pool-workers 0.23.0) prints its rename banner on every run; its new name,
 * @cloudflare/vitest-plugin, is not what the scaffold's tests import yet. docs/init.md says so.
 */
const RENAME_BANNER = [
  '=======================================================================================',
  'WARNING: @cloudflare/vitest-pool-workers has been renamed to @cloudflare/vitest-plugin.',
  'This package will not receive future updates.',
  'Run `npx @cloudflare/codemods vitest:pool-workers-to-vitest-plugin` to migrate.',
  '=======================================================================================',
]
const nodeMajor = Number(process.versions.node.split('.')[0])
const EXPECTED_NOISE = nodeMajor >= 22 ? RENAME_BANNER : []

const noiseIn = (output: string): string[] =>
  output
    .split('\n')
    // NO_COLOR is set, but a banner may still carry its own colour codes
    .map((line) => stripVTControlCharacters(line).trim())
    .filter((line) => NOISE.some((pattern) => pattern.test(line)))

const workDir = mkdtempSync(join(tmpdir(), 'crdconv-quiet-install-'))
afterAll(() => rm(workDir, { recursive: true, force: true }), 120_000)

describe(`a fresh scaffold on Node ${nodeMajor}`, () => {
  it(
    'prints no warning or banner on npm install and npm test, but what is named above',
    { timeout: 900_000 },
    async () => {
      const project = join(workDir, 'webhook')
      const args = ['--group', 'quiet.example.com', '--kind', 'Hush', '--versions', 'v1beta1,v1']
      await initProject(project, await packPackages(workDir), args)
      // a machine where wrangler never ran: its once-per-version telemetry line depends on the
      // user's own wrangler configuration, not on the project (docs/init.md)
      const env = { XDG_CONFIG_HOME: join(workDir, 'config') }
      const install = await run('npm', ['install'], project, env)
      expect(install.code, install.stderr).toBe(0)
      const test = await run('npm', ['test'], project, env)
      expect(test.code, test.stdout + test.stderr).toBe(0)
      expect({
        install: noiseIn(install.stdout + install.stderr),
        test: noiseIn(test.stdout + test.stderr),
      }).toEqual({ install: [], test: EXPECTED_NOISE })
    }
  )
})
