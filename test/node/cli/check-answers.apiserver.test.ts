// crdconv check with a cluster: converted objects go to a scratch copy of the CRD as server-side
// dry-run creates at the version converted to, so the API server judges the CEL rules itself.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  API_SERVER_RELEASES,
  API_SERVER_START_MS,
  describeWithApiServer,
} from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { crdconv } from './run-cli.ts'

const [OLDEST] = API_SERVER_RELEASES
const DIAL = join(import.meta.dirname, 'fixtures', 'cel-answer-scheme.ts')
const TITLE =
  'the API server accepts converted objects written back, CEL rules included (server-side dry run)'

describeWithApiServer('crdconv check --kubeconfig, converted objects', (release) => {
  const state: { server?: TestApiServer } = {}
  beforeAll(async () => {
    state.server = await sharedTestApiServer({ assets: release.assets })
  }, API_SERVER_START_MS)
  afterAll(() => state.server?.stop())
  const check = () =>
    crdconv([
      'check',
      '--runs',
      '3',
      '--scheme',
      DIAL,
      '--kubeconfig',
      state.server!.kubeconfigPath,
    ])
  const cel = release !== OLDEST

  it(
    cel
      ? 'fails an answer that breaks a CEL rule the round trips cannot see, naming the rule'
      : 'passes the same answers where the API server predates CEL rules',
    async () => {
      const run = await check()
      // offline, the round trips pass: the swap comes back whole, and zod holds the types
      expect(run.stdout).toMatch(/ok {4}lossless round trips between every pair of versions/)
      if (cel) {
        expect(run.stdout).toContain(`FAIL  ${TITLE}`)
        expect(run.stdout).toMatch(
          /- v1 → v2 \(v1 example 1\): the API server refuses the answer at v2: .*low must not exceed high/
        )
        expect(run.code).toBe(1)
      } else {
        expect(run.stdout).toContain(`ok    ${TITLE}`)
        expect(run.code).toBe(0)
      }
      expect(run.stdout).toMatch(/note: \d+ answers sent to v1\.\d+/)
      // the scratch copy is gone: nothing installed
      const crds = await kubectlOk(state.server!.kubeconfigPath, ['get', 'crds', '-o', 'name'])
      expect(crds).not.toContain('crdconv-check-')
    }
  )
})
