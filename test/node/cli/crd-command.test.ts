import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

const url = 'https://crontab-webhook.example.workers.dev/convert'
const fixtures = join(import.meta.dirname, 'fixtures')

describe('crdconv crd', () => {
  it('prints a CRD for each resource of the scheme as YAML that kubectl can apply', async () => {
    const run = await crdconv(['crd', '--url', url, '--no-token', '--offline'])
    expect(run).toMatchObject({
      code: 0,
      stderr:
        'crdconv: warning: no cluster checked (--offline): status.storedVersions and managedFields were not read\n',
    })
    const documents = parseAllDocuments(run.stdout)
    const crd = (name: string) =>
      expect.objectContaining({
        kind: 'CustomResourceDefinition',
        metadata: { name },
        spec: expect.objectContaining({
          conversion: {
            strategy: 'Webhook',
            webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig: { url } },
          },
        }),
      })
    expect(Array.isArray(documents) ? documents.map((document) => document.toJS()) : []).toEqual([
      crd('crontabs.example.com'),
      crd('backups.example.com'),
    ])
  })

  it('prints JSON with -o json and selects a resource by short name', async () => {
    const run = await crdconv(['crd', '--url', url, '--resource', 'ct', '-o', 'json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ metadata: { name: 'crontabs.example.com' } })
  })

  it('adds the CA bundle file, base64-encoded, with --ca-bundle', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n'
    const file = join(mkdtempSync(join(tmpdir(), 'crdconv-')), 'ca.pem')
    writeFileSync(file, pem)
    const run = await crdconv([
      'crd',
      '--url',
      url,
      '--resource',
      'ct',
      '--ca-bundle',
      file,
      '-o',
      'json',
    ])
    expect(JSON.parse(run.stdout).spec.conversion.webhook.clientConfig).toEqual({
      url,
      caBundle: Buffer.from(pem).toString('base64'),
    })
  })

  it.each([
    ['http://crontab.example.com/convert', 'the scheme must be https'],
    ['https://admin:secret@crontab.example.com/convert', 'user or password'],
    ['https://crontab.example.com/convert?token=abc', 'must not have a query'],
    ['https://crontab.example.com/convert#v1', 'must not have a fragment'],
  ])('refuses %s with exit code 2 and prints nothing', async (badUrl, rule) => {
    const run = await crdconv(['crd', '--url', badUrl])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(rule)
  })

  it('warns about localhost but still prints the CRD', async () => {
    const run = await crdconv(['crd', '--url', 'https://localhost:9443/convert'])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('warning: localhost is risky')
    expect(run.stdout).toContain('url: https://localhost:9443/convert')
  })

  it.each([
    [
      ['crd'],
      'no webhook URL: pass --url https://<your-webhook>/convert, or set it in package.json',
    ],
    [['crd', '--url', url, '--resource', 'widgets'], '--resource widgets matches no resource'],
    [['crd', '--url', url, '-o', 'xml'], 'Allowed choices are yaml, json'],
    [['crd', '--url', url, '--ca-bundle', 'missing.pem'], 'cannot read --ca-bundle missing.pem'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const run = await crdconv(argv)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })

  describe('the URL from the project: package.json\'s "crdconv": { "url" }', () => {
    const project = (settings: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'crdconv-crd-url-'))
      const scheme = join(import.meta.dirname, '../../../examples/scheme.ts')
      const manifest = { name: 'webhook', crdconv: { scheme, ...settings } }
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest))
      return dir
    }

    it('is used when --url is not given, and --url still wins', async () => {
      const cwd = project({ url })
      const configured = await crdconv(['crd'], { cwd })
      expect(configured.code).toBe(0)
      expect(configured.stdout).toContain(`url: ${url}`)
      const given = await crdconv(['crd', '--url', 'https://other.example.com/convert'], { cwd })
      expect(given.stdout).toContain('url: https://other.example.com/convert')
      expect(given.stdout).not.toContain(url)
    })

    it('is held to the same rules as --url, and the refusal names the setting', async () => {
      const run = await crdconv(['crd'], { cwd: project({ url: 'http://plain.example.com/c' }) })
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain(
        'package.json\'s "crdconv": { "url" } http://plain.example.com/c breaks the API server\'s rules'
      )
    })

    it('an empty setting counts as none: one line says what to set', async () => {
      const run = await crdconv(['crd'], { cwd: project({ url: '' }) })
      expect(run.code).toBe(2)
      expect(run.stderr).toBe(
        'crdconv crd: no webhook URL: pass --url https://<your-webhook>/convert, or set it in package.json as "crdconv": { "url": "https://<your-webhook>/convert" }; see `crdconv crd --help`\n'
      )
    })
  })

  it("exits 1 and prints nothing when a version's schema cannot go into a CRD", async () => {
    const scheme = join(fixtures, 'broken-definitions-scheme.ts')
    const run = await crdconv(['crd', '--url', url, '--scheme', scheme])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('backups.example.com v1: .spec.at: Date cannot be represented')
  })

  it('documents its options and exit codes in --help', async () => {
    const run = await crdconv(['crd', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/--ca-bundle[\s\S]*Exit codes: 0 printed; 1 [\s\S]*2 bad usage/)
  })
})
