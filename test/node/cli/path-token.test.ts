import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { redactPathTokens } from '../../../packages/crdconv/src/path-token/index.ts'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import {
  startNodeServer,
  type RunningServer,
} from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { NEXT_TOKEN, TOKEN } from '../../support/hardening-fixtures.ts'
import { expectNoTokenIn } from '../../support/token-leaks.ts'
import { crdconv } from './run-cli.ts'

const SCHEME = join(import.meta.dirname, '../../../examples/scheme.ts')
const BASE = 'https://crontab-webhook.example.workers.dev/convert'

/** A project directory holding `files`, as `crdconv init` leaves one. */
function project(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-token-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text)
  return directory
}

const crdUrl = async (argv: string[], cwd?: string) => {
  const run = await crdconv(
    ['crd', '--offline', '--scheme', SCHEME, '--resource', 'ct', '-o', 'json', ...argv],
    {
      ...(cwd === undefined ? {} : { cwd }),
    }
  )
  expect(run.code, run.stderr).toBe(0)
  const crd = JSON.parse(run.stdout) as {
    spec: { conversion: { webhook: { clientConfig: { url: string } } } }
  }
  // what crdconv says of the token, without its one line that --offline read no cluster
  const stderr = run.stderr.replace(/^crdconv: warning: no cluster checked \(--offline\).*\n/m, '')
  return { url: crd.spec.conversion.webhook.clientConfig.url, stderr }
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('redactPathTokens', () => {
  it.each([
    [`https://x.example/convert/${TOKEN}`, 'https://x.example/convert/<redacted>'],
    [
      `Post "https://10.0.0.1:9443/convert/${TOKEN}?timeout=30s": dial tcp: connection refused`,
      'Post "https://10.0.0.1:9443/convert/<redacted>?timeout=30s": dial tcp: connection refused',
    ],
    [
      `path: /convert/${TOKEN}\nurl: /convert/${NEXT_TOKEN}`,
      'path: /convert/<redacted>\nurl: /convert/<redacted>',
    ],
    ['https://x.example/convert', 'https://x.example/convert'],
    [`/convert/a%2Fb${TOKEN}`, '/convert/<redacted>'],
  ])('hides the segment after /convert/ in %j', (text, redacted) => {
    expect(redactPathTokens(text)).toBe(redacted)
  })
})

describe('crdconv crd: the token from where the deploy put it', () => {
  it("adds CONVERT_TOKEN from the project's .dev.vars (what crdconv init writes) to --url", async () => {
    const cwd = project({ '.dev.vars': `# local\nCONVERT_TOKEN=${TOKEN}\n` })
    expect((await crdUrl(['--url', BASE], cwd)).url).toBe(`${BASE}/${TOKEN}`)
  })

  it('prefers env CONVERT_TOKEN to .dev.vars, and --token-file to both', async () => {
    const cwd = project({ '.dev.vars': `CONVERT_TOKEN=${NEXT_TOKEN}\n`, token: `${TOKEN}\n` })
    vi.stubEnv('CONVERT_TOKEN', TOKEN)
    expect((await crdUrl(['--url', BASE], cwd)).url).toBe(`${BASE}/${TOKEN}`)
    vi.stubEnv('CONVERT_TOKEN', NEXT_TOKEN)
    expect((await crdUrl(['--url', BASE, '--token-file', 'token'], cwd)).url).toBe(
      `${BASE}/${TOKEN}`
    )
  })

  it('reads a token file in either form: the token on its first line, or CONVERT_TOKEN=', async () => {
    const cwd = project({ plain: `${TOKEN}\n${NEXT_TOKEN}\n`, env: `CONVERT_TOKEN="${TOKEN}"\n` })
    for (const file of ['plain', 'env']) {
      expect((await crdUrl(['--url', BASE, '--token-file', file], cwd)).url).toBe(
        `${BASE}/${TOKEN}`
      )
    }
  })

  it('keeps a URL that names its token already, and says <redacted> in its warnings', async () => {
    const url = `https://10.0.0.5:9443/convert/${TOKEN}`
    const run = await crdUrl(['--url', url])
    expect(run.url).toBe(url)
    expect(run.stderr).toContain('10.0.0.5 is a bare IP address')
    expect(run.stderr).not.toContain(TOKEN)
  })

  it('warns, naming CONVERT_ALLOW_UNAUTHENTICATED, when no token is found; --no-token says it is meant', async () => {
    const cwd = project({})
    const missing = await crdUrl(['--url', BASE], cwd)
    expect(missing.url).toBe(BASE)
    expect(missing.stderr).toContain('no path token found')
    expect(missing.stderr).toContain('CONVERT_ALLOW_UNAUTHENTICATED=true')
    expect(await crdUrl(['--url', BASE, '--no-token'], cwd)).toEqual({ url: BASE, stderr: '' })
  })

  it.each([
    [
      '.dev.vars',
      { '.dev.vars': 'CONVERT_TOKEN=short\n' },
      [],
      'CONVERT_TOKEN in .dev.vars: a path token needs at least 32',
    ],
    [
      '--token-file',
      { token: `${TOKEN}!\n` },
      ['--token-file', 'token'],
      '--token-file token: a path token may hold only',
    ],
    [
      'a missing --token-file',
      {},
      ['--token-file', 'nope'],
      'cannot read --token-file nope: no such file',
    ],
  ])(
    'refuses a token that cannot work in %s with exit 2, naming its source',
    async (_, files, flags, message) => {
      const run = await crdconv(['crd', '--scheme', SCHEME, '--url', BASE, ...flags], {
        cwd: project(files),
      })
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain(message)
    }
  )

  it('refuses --token-file with --no-token', async () => {
    const run = await crdconv(['crd', '--url', BASE, '--no-token', '--token-file', 'token'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      "option '--token-file <file>' cannot be used with option '--no-token'"
    )
  })

  it('says <redacted> in a refusal that quotes --url', async () => {
    const run = await crdconv(['crd', '--url', `http://x.example/convert/${TOKEN}`])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--url http://x.example/convert/<redacted> breaks')
  })
})

describe('crdconv probe: the token from a file, never from argv or in its output', () => {
  const servers: RunningServer[] = []
  afterAll(() => Promise.all(servers.map((server) => server.close())))

  it('adds the token of --token-file and prints the URL as /convert/<redacted>', async () => {
    const app = createApp({ scheme: exampleScheme, tokens: [TOKEN], log: () => {} })
    const server = await startNodeServer({ app, port: 0, hostname: '127.0.0.1' })
    servers.push(server)
    const cwd = project({ token: `${TOKEN}\n` })
    const argv = ['probe', '--scheme', SCHEME, '--url', `${server.url}/convert`]
    const run = await crdconv([...argv, '--token-file', 'token'], { cwd })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain(`probing ${server.url}/convert/<redacted>`)
    expect(run.stdout).toMatch(/all \d+ reviews answered correctly/)
  })
})

describe('the token scan every CLI test runs (test/support/token-leaks.ts)', () => {
  it.each([
    ['stderr', { stdout: '', stderr: `warning: https://x/convert/${TOKEN}` }],
    ['stdout', { stdout: `probing https://x/convert/${TOKEN}\n`, stderr: '' }],
    ['a token it knows, anywhere', { stdout: `token ${TOKEN}`, stderr: '' }],
  ])('fails a run that printed a token on %s', (_, output) => {
    expect(() => expectNoTokenIn('probe', output, [TOKEN])).toThrow('printed a path token')
  })

  it("lets the CRD's own url line hold it, in the manifest crd prints only", () => {
    const manifest = { stdout: `    url: https://x/convert/${TOKEN}\n`, stderr: '' }
    expect(() => expectNoTokenIn('crd', manifest, [TOKEN])).not.toThrow()
    expect(() => expectNoTokenIn('status', manifest, [TOKEN])).toThrow()
  })
})
