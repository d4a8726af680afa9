// `crdconv diff` as a user runs it: on the repository's own scheme (examples/scheme.ts, named in
// package.json), on the CRD generated from it, and with every way to call it wrong.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

const directory = mkdtempSync(join(tmpdir(), 'crdconv-diff-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const file = (name: string, text: string) => {
  const path = join(directory, name)
  writeFileSync(path, text)
  return path
}

describe('crdconv diff', () => {
  it("lists the CronTab example's differences between its served versions, oldest first", async () => {
    const { code, stdout, stderr } = await crdconv(['diff', '--resource', 'crontabs'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^CronTab\.example\.com v1beta1 → v1: \d+ differences\n/)
    expect(stdout).toMatch(/\.hostPort\s+removed\s+string\s+-/)
    expect(stdout).toMatch(/\.host\s+added\s+-\s+string/)
    expect(stdout).toMatch(/\.port\s+added\s+-\s+string/)
  })

  it('gives the same differences for a scheme and for the CRD generated from it', async () => {
    const crd = await crdconv(['crd', '--url', 'https://example.com/convert'])
    expect(crd.code).toBe(0)
    const path = file('generated.yaml', crd.stdout)
    const fromScheme = await crdconv(['diff', '--json'])
    const fromFile = await crdconv(['diff', path, '--json'])
    expect(fromFile.code).toBe(0)
    const resources = (JSON.parse(fromScheme.stdout) as { resources: unknown[] }).resources
    expect(resources.length).toBeGreaterThan(1)
    expect(JSON.parse(fromFile.stdout)).toEqual(JSON.parse(fromScheme.stdout))
  })

  it('compares the versions --from and --to name, in that direction', async () => {
    const forth = await crdconv(['diff', '--resource', 'ct', '--from', 'v1', '--to', 'v1beta1'])
    expect(forth.code).toBe(0)
    expect(forth.stdout).toMatch(/^CronTab\.example\.com v1 → v1beta1/)
    expect(forth.stdout).toMatch(/\.hostPort\s+added/)
  })

  it('says when a resource has fewer than two served versions', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { kind: 'Gadget', plural: 'gadgets' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: 'object' } },
          },
          {
            name: 'v1beta1',
            served: false,
            storage: false,
            schema: { openAPIV3Schema: { type: 'object' } },
          },
        ],
      },
    }
    const { code, stdout } = await crdconv(['diff', file('gadget.json', JSON.stringify(crd))])
    expect(code).toBe(0)
    expect(stdout).toContain('Gadget.example.com: fewer than two served versions')
    const chosen = await crdconv([
      'diff',
      join(directory, 'gadget.json'),
      '--from',
      'v1beta1',
      '--to',
      'v1',
    ])
    expect(chosen.stdout).toBe('Gadget.example.com v1beta1 → v1: no differences\n')
  })

  it('fails with exit 1, naming the version, where a schema cannot go into a CRD', async () => {
    const { code, stderr } = await crdconv([
      'diff',
      '--scheme',
      'test/node/cli/fixtures/broken-definitions-scheme.ts',
    ])
    expect(code).toBe(1)
    expect(stderr).toMatch(/Backup\.example\.com cannot be compared[\s\S]*v1: \.spec\.at/)
  })

  it.each([
    [['--from', 'v1'], 'give --from and --to together'],
    [
      ['--resource', 'crontabs', '--from', 'v1', '--to', 'v9'],
      'CronTab.example.com has no version v9; it has v1beta1, v1',
    ],
    [['--resource', 'widgets'], '--resource widgets matches no resource'],
    [['no-such.yaml'], 'cannot read no-such.yaml'],
    [['package.json'], 'package.json cannot be read'],
    [['package.json', '--scheme', 'examples/scheme.ts'], 'give either --scheme or a CRD'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const { code, stderr } = await crdconv(['diff', ...argv])
    expect(stderr).toContain(message)
    expect(code).toBe(2)
  })
})
