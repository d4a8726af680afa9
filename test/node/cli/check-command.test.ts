import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

const fixtures = join(import.meta.dirname, 'fixtures')

describe('crdconv check', () => {
  it('passes the built-in CronTab and says what it checked', async () => {
    const run = await crdconv(['check'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('CronTab.example.com')
    expect(run.stdout).toContain('ok    v1: printer-column and scale paths exist in the schema')
    expect(run.stdout).toContain('all checks passed')
    // 50 objects per round trip and per coverage pair, loaded cold: seconds on a busy machine
  }, 30_000)

  it('fails definitions whose schema or printer column cannot work, naming each problem', async () => {
    const run = await crdconv(['check', '--scheme', join(fixtures, 'broken-definitions-scheme.ts')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('FAIL  v1: the schema is structural')
    expect(run.stdout).toContain('- .spec.at: Date cannot be represented in JSON Schema')
    expect(run.stdout).toContain('1 check failed\n')
  })

  it('fails definitions that throw while they load, with the reason', async () => {
    const run = await crdconv([
      'check',
      '--scheme',
      join(fixtures, 'throwing-definitions-scheme.ts'),
    ])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('FAIL  the definitions do not load')
    expect(run.stdout).toContain('exactly one version must be the storage version')
  })

  it('runs the round-trip property check on every resource and passes the examples', async () => {
    const run = await crdconv(['check', '--runs', '5'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/ok {4}lossless round trips between every pair of versions/)
    expect(run.stdout).toMatch(/note: \d+ round-trip and path checks over \d+ generated objects/)
  })

  it('fails a converter that loses data, printing the shrunk object and the path', async () => {
    const run = await crdconv([
      'check',
      '--runs',
      '20',
      '--scheme',
      join(fixtures, 'lossy-scheme.ts'),
    ])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/FAIL {2}lossless round trips between every pair of versions/)
    expect(run.stdout).toContain('v1beta1 → v1 → v1beta1')
    expect(run.stdout).toMatch(/lost data\n\s+spec: was .*, came back absent/)
    expect(run.stdout).toContain('smallest found')
  })

  it('names a parent the API server prunes as the cause of a loss, with the fix', async () => {
    const run = await crdconv([
      'check',
      '--runs',
      '5',
      '--scheme',
      join(fixtures, 'pruned-parent-scheme.ts'),
    ])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('v1 → v2 → v1: lost data')
    expect(run.stdout).toContain('spec.legacy: was {}, came back absent')
    expect(run.stdout).toContain(
      "spec.legacy is left empty at v2 and pruned by the API server (v2's schema does not declare it under spec); remove it in the converter v1 → v2"
    )
  })

  it('says in one line that no API server checked the CEL rules when no cluster is given', async () => {
    const run = await crdconv(['check', '--runs', '2'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      'CEL rules not checked against an API server: no cluster given (--kubeconfig, --context or --server-side)\n'
    )
    expect(run.stdout).not.toContain('the API server accepts the CRD')
  })

  it('exits 2 for a --kubeconfig that does not exist, checking nothing', async () => {
    const run = await crdconv(['check', '--kubeconfig', join(fixtures, 'no-such-kubeconfig')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no-such-kubeconfig: no such file')
    expect(run.stdout).toBe('')
  })

  it('refuses a --runs that is not a positive whole number', async () => {
    const run = await crdconv(['check', '--runs', '0'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('must be a whole number above 0')
  })

  it("fails at its defaults a loss inside an opaque subtree that only the examples' shapes reach", async () => {
    const run = await crdconv(['check', '--scheme', join(fixtures, 'opaque-loss-scheme.ts')])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('Workflow.example.com: v1alpha1 → v1 → v1alpha1: lost data')
    expect(run.stdout).toContain('grown from v1alpha1 example 1, which differs from it in:')
    expect(run.stdout).toContain(
      'note: .spec.stages[].template (x-kubernetes-preserve-unknown-fields, v1alpha1, v1): reached by v1alpha1 example 1, v1 example 1'
    )
  }, 30_000)

  it('passes the same project once the loss is fixed', async () => {
    const run = await crdconv(['check', '--scheme', join(fixtures, 'opaque-fixed-scheme.ts')])
    expect(run.stdout).toContain('all checks passed')
    expect(run.code).toBe(0)
  }, 30_000)

  it('warns of an opaque subtree no seed reaches, and fails on it with --strict', async () => {
    const scheme = join(fixtures, 'opaque-unreached-scheme.ts')
    const warned = await crdconv(['check', '--runs', '5', '--scheme', scheme])
    const warning =
      'warning: Workflow.example.com .spec.stages[].template (x-kubernetes-preserve-unknown-fields, v1alpha1, v1): no example or recorded object reaches inside it'
    expect(warned.stdout).toContain(warning)
    expect(warned.code).toBe(0)
    const strict = await crdconv(['check', '--runs', '5', '--strict', '--scheme', scheme])
    expect(strict.stdout).toContain(
      'FAIL  opaque subtrees: examples or recorded objects reach inside each'
    )
    expect(strict.code).toBe(1)
  }, 30_000)

  it("reads recorded objects from --corpus, and from the project's corpus/ folder by default", async () => {
    const project = mkdtempSync(join(tmpdir(), 'crdconv-check-corpus-'))
    try {
      mkdirSync(join(project, 'corpus'))
      writeFileSync(join(project, 'corpus', 'release.yaml'), RECORDED_WORKFLOW)
      const scheme = join(fixtures, 'opaque-unreached-scheme.ts')
      for (const argv of [['--corpus', join(project, 'corpus')], []]) {
        const run = await crdconv(['check', '--runs', '5', '--scheme', scheme, ...argv], {
          cwd: project,
        })
        expect(run.stdout).toContain('reached by corpus release.yaml')
        expect(run.stdout).toContain('grown from corpus release.yaml')
        expect(run.code).toBe(1)
      }
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  }, 60_000)

  it('exits 2 for a --corpus folder that does not exist', async () => {
    const run = await crdconv(['check', '--corpus', join(fixtures, 'no-such-corpus')])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no-such-corpus: no such folder')
  })
})

// a step with both keys: the loss of opaque-unreached-scheme.ts's converters
const RECORDED_WORKFLOW = `apiVersion: example.com/v1
kind: Workflow
metadata:
  name: release
  namespace: ci
spec:
  stages:
    - name: ship
      template:
        steps:
          - name: push
            quota: { cpu: "1" }
            limits: { cpu: "4" }
`
