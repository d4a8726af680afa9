// crdconv check with a cluster: each CRD goes to the API server as a server-side dry-run create,
// which refuses CEL rules that do not compile or cost too much (from 1.25); v1.20 drops them.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  API_SERVER_RELEASES,
  API_SERVER_START_MS,
  describeWithApiServer,
  type ApiServerRelease,
} from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { crdconv } from './run-cli.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const [OLDEST, CURRENT] = API_SERVER_RELEASES
const REFUSED = join(import.meta.dirname, 'fixtures', 'refused-cel-scheme.ts')
const ACCEPTED = join(import.meta.dirname, '..', 'crd', 'fixtures', 'gadget-cel-scheme.ts')

function withServer(release: ApiServerRelease) {
  const state: { server?: TestApiServer } = {}
  beforeAll(async () => {
    state.server = await sharedTestApiServer({ assets: release.assets })
  }, API_SERVER_START_MS)
  afterAll(() => state.server?.stop())
  return {
    check: (scheme: string, ...options: string[]) =>
      crdconv([
        'check',
        '--runs',
        '2',
        '--scheme',
        scheme,
        '--kubeconfig',
        state.server!.kubeconfigPath,
        ...options,
      ]),
    server: () => state.server!,
  }
}

describeWithApiServer(
  'crdconv check --kubeconfig',
  (release) => {
    const { check, server } = withServer(release)

    it('fails a rule that does not compile and one over the cost budget, naming version and field', async () => {
      const run = await check(REFUSED)
      expect(run.code).toBe(1)
      expect(run.stdout).toContain(
        'FAIL  the API server accepts the CRD, CEL rules included (server-side dry run)'
      )
      expect(run.stdout).toMatch(
        /- v1: \.spec: x-kubernetes-validations\[0\]\.rule: Invalid value: compilation failed: .*Syntax error/
      )
      expect(run.stdout).toContain(
        '- v1: .spec: x-kubernetes-validations[1].messageExpression: Forbidden: estimated messageExpression cost exceeds budget'
      )
      expect(run.stdout).not.toContain('x-kubernetes-validations[2]')
      expect(run.stdout).toContain(
        `note: refused by ${server().version.gitVersion} at ${server().url}`
      )
      expect(run.stdout).not.toContain('CEL rules not checked')
    })

    it('passes rules the API server accepts, and says how many it compiled', async () => {
      const run = await check(ACCEPTED)
      expect(run.stdout).toContain(
        'ok    the API server accepts the CRD, CEL rules included (server-side dry run)'
      )
      expect(run.stdout).toContain('4 CEL rules compiled within the cost budget')
      expect(run.code).toBe(0)
    })

    it('checks a CRD that is already installed the same way, and installs nothing', async () => {
      const crd = await crdconv(['crd', '--scheme', ACCEPTED, '--url', 'https://example.com/c'])
      await kubectlOk(server().kubeconfigPath, ['apply', '-f', '-'], crd.stdout)
      expect((await check(ACCEPTED)).code).toBe(0)
      expect((await check(REFUSED)).stdout).toContain('compilation failed')
      const crds = await kubectlOk(server().kubeconfigPath, ['get', 'crds', '-o', 'name'])
      expect(crds.trim()).toBe(
        'customresourcedefinition.apiextensions.k8s.io/gadgets.zod.example.com'
      )
    })
  },
  CURRENT === undefined ? [] : [CURRENT]
)

describeWithApiServer(
  'crdconv check --kubeconfig (CEL rules dropped)',
  (release) => {
    const { check } = withServer(release)

    it.each([REFUSED, ACCEPTED])(
      'passes %s, noting that the API server dropped the rules',
      async (scheme) => {
        const run = await check(scheme)
        expect(run.stdout).toContain(
          'ok    the API server accepts the CRD, CEL rules included (server-side dry run)'
        )
        expect(run.stdout).toMatch(
          /note: it dropped x-kubernetes-validations.*: this release predates them, so it neither checks nor enforces them/
        )
        expect(run.stdout).not.toContain('compiled within the cost budget')
        expect(run.code).toBe(0)
      }
    )
  },
  OLDEST === undefined ? [] : [OLDEST]
)
