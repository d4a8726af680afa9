import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkResource } from '../../../packages/crdconv/src/crd/index.ts'
import {
  checkAnswers,
  schemeSource,
  type InitAnswers,
} from '../../../packages/crdconv/src/init/index.ts'
import type { Scheme } from '../../../packages/webhook/src/scheme/index.ts'
import { checkLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'

// inside the repository, so that zod and @crdconv/webhook resolve (to the sources, through the
// workspace's crdconv-source condition) as they do in a project made by init; a folder of this
// run's own, since a second run beside it removes its folder when it ends
mkdirSync(resolve('test-results'), { recursive: true })
const workDir = mkdtempSync(resolve('test-results/init-schemes-'))
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

async function generatedScheme(answers: InitAnswers, name: string): Promise<Scheme> {
  const checked = checkAnswers(answers)
  if (!('options' in checked)) throw new Error(checked.problems.join('\n'))
  const source = schemeSource(checked.options)
  const file = join(workDir, `${name}.ts`)
  writeFileSync(file, source)
  return ((await import(file)) as { scheme: Scheme }).scheme
}

describe('the scheme crdconv init writes', () => {
  it.each([
    ['one version', { versions: 'v1' }],
    ['two versions', { versions: 'v1beta1,v1' }],
    ['a chain stored in the middle', { versions: 'v1alpha1,v1beta1,v1,v2', storage: 'v1' }],
    ['a cluster-scoped kind', { versions: 'v1alpha1,v1', scope: 'Cluster' }],
  ] as [string, { versions: string; storage?: string; scope?: string }][])(
    'round-trips losslessly and makes a valid CRD with %s',
    async (name, answers) => {
      const scheme = await generatedScheme(
        { group: 'stable.example.com', kind: 'Widget', ...answers },
        name.replaceAll(' ', '-')
      )
      const [resource] = scheme.resources
      expect(resource?.storageVersion).toBe(answers.storage ?? answers.versions.split(',').at(-1))
      expect(checkLosslessRoundTrips(scheme, { numRuns: 30 }).ok).toBe(true)
      const problems =
        resource === undefined
          ? ['no resource']
          : checkResource(resource).flatMap((item) => item.problems)
      expect(problems).toEqual([])
    }
  )

  it('converts the first version’s message into the next version’s greeting', async () => {
    const scheme = await generatedScheme(
      { group: 'stable.example.com', kind: 'Widget', versions: 'v1alpha1,v1' },
      'message-greeting'
    )
    const object = {
      apiVersion: 'stable.example.com/v1alpha1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: 'default' },
      spec: { message: 'hi', replicas: 2 },
    }
    const converted = scheme.convert(object, 'stable.example.com/v1')
    expect(converted).toMatchObject({ ok: true, object: { spec: { greeting: 'hi', replicas: 2 } } })
  })
})
