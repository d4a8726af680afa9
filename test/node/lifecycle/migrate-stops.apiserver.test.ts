// `crdconv migrate` (client-side) when the API server stops answering the list part-way: here the
// webhook cannot convert `stuck-1`, so listing the objects at the storage version fails with
// HTTP 500 and the webhook's own message. The user reads one message naming the CRD, how far it
// got, the webhook's message and the next step, never the client library's dump; storedVersions
// stays as it was.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { nodeServerTarget, type RunningWebhook } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'
import { fixture, STUCK, storedAtV1beta1, storedVersions } from './server-side-cluster.ts'

/** What @kubernetes/client-node's ApiException prints as its message. */
const LIBRARY_DUMP = /HTTP-Code|Unknown API Status Code|Headers:|\\"kind\\"/

describeWithApiServer('crdconv migrate when the API server stops listing part-way', (release) => {
  let server: TestApiServer
  let webhook: RunningWebhook
  let tls: ServingCertificate
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-migrate-stops-'))

  beforeAll(async () => {
    tls = await writeServingCertificate(directory)
    ;[server, webhook] = await Promise.all([
      sharedTestApiServer({ assets: release.assets }),
      nodeServerTarget.start(tls, fixture(STUCK.schemes.v1)),
    ])
    await storedAtV1beta1(server, STUCK, webhook.url, tls.caCert)
  }, API_SERVER_START_MS)

  afterAll(async () => {
    await Promise.all([server?.stop(), webhook?.stop()])
    rmSync(directory, { recursive: true, force: true })
  })

  it('says where it stopped, the webhook’s own message and to run it again; storedVersions untouched (exit 1)', async () => {
    const run = await crdconv([
      'migrate',
      '--scheme',
      fixture(STUCK.schemes.v1),
      '--page-size',
      '1',
      '--kubeconfig',
      server.kubeconfigPath,
    ])
    expect(run.code).toBe(1)
    const said = `${run.stdout}${run.stderr}`
    expect(said).not.toMatch(LIBRARY_DUMP)
    expect(run.stdout).toMatch(
      new RegExp(
        `^${STUCK.crdName.replaceAll('.', '\\.')}: stopped after rewriting \\d+ of \\d+ objects? at v1$`,
        'm'
      )
    )
    expect(run.stdout).toContain('the objects at v1 could not be listed or read (')
    expect(run.stdout).toContain('the API server answered HTTP 500: ')
    expect(run.stdout).toContain('stuck-1 cannot be converted to v1 on purpose')
    expect(run.stdout).toContain(
      'storedVersions left at [v1beta1, v1]: nothing past that was written; once the webhook converts again (crdconv status checks it), run crdconv migrate again (it is safe to rerun)'
    )
    expect(await storedVersions(server, STUCK.crdName)).toEqual(['v1beta1', 'v1'])
  })
})
