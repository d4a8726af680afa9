// What each kind of bad usage is, as a code: the one-line messages are held by the command tests
// (usage-errors.test.ts and each command's), these by what a program reads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import {
  parseManifests,
  readCaBundle,
  UsageError,
  type CliIo,
  type UsageProblemCode,
} from '../../../packages/crdconv/src/command-io/index.ts'
import { asUsageErrors } from '../../../packages/crdconv/src/cli/cluster-options.ts'
import { tlsFileOptions } from '../../../packages/crdconv/src/cli/listen-options.ts'
import { loadScheme, selectResources } from '../../../packages/crdconv/src/cli/load-scheme.ts'
import { ClusterError } from '../../../packages/crdconv/src/cluster-client/index.ts'
import type { MigrationPreflightCode } from '../../../packages/crdconv/src/lifecycle/index.ts'

const directory = mkdtempSync(join(tmpdir(), 'crdconv-usage-codes-'))
writeFileSync(join(directory, 'not-a-cert.pem'), 'hello\n')
const io: CliIo = {
  stdout: () => {},
  stderr: () => {},
  readStdin: async () => '',
  cwd: directory,
}

describe('usage errors carry a code', () => {
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  it.each<[string, () => unknown, UsageProblemCode]>([
    [
      '--tls-cert without --tls-key',
      () => tlsFileOptions({ port: 8443, host: '127.0.0.1', tlsCert: 'c.pem' }, directory),
      'options-conflict',
    ],
    ['a --ca-bundle that does not exist', () => readCaBundle(io, 'missing.pem'), 'file-unreadable'],
    [
      'a --ca-bundle with no certificate',
      () => readCaBundle(io, 'not-a-cert.pem'),
      'input-invalid',
    ],
    ['input that is not YAML', () => parseManifests('a: [1, 2\nb: }', 'in.yaml'), 'input-invalid'],
    ['no scheme module', () => loadScheme(undefined, directory), 'scheme-not-found'],
    [
      'a --resource the scheme lacks',
      () => selectResources(exampleScheme, 'cronjobs'),
      'resource-unknown',
    ],
  ])('%s', async (_name, run, code) => {
    const thrown = await Promise.resolve()
      .then(run)
      .then(
        () => undefined,
        (error: unknown) => error
      )
    expect(thrown).toBeInstanceOf(UsageError)
    expect(thrown).toMatchObject({ code })
  })

  it("keeps a cluster's refusal's code when it reports it as a usage error", async () => {
    const refusal = new ClusterError(
      'crd-not-installed',
      'CRD crontabs.example.com is not installed'
    )
    const reported = asUsageErrors(() => Promise.reject(refusal))
    await expect(reported).rejects.toBeInstanceOf(UsageError)
    await expect(reported).rejects.toMatchObject({
      code: 'crd-not-installed',
      message: refusal.message,
    })
  })

  it("keeps a migration preflight's code, one of the codes a usage error names", async () => {
    const refusal = new ClusterError<MigrationPreflightCode>(
      'storage-version-differs',
      'crontabs.example.com: the live CRD stores v1 but the scheme stores v2'
    )
    const code: UsageProblemCode = refusal.code
    await expect(asUsageErrors(() => Promise.reject(refusal))).rejects.toMatchObject({ code })
  })
})
