import { describe } from 'vitest'
import { testApiServerAssets } from '../../packages/crdconv/src/api-server/test-api-server.ts'

const found = testApiServerAssets()

/** Why the tests on a real API server cannot run here, or undefined when they can. */
export const apiServerSkipReason = 'skip' in found ? found.skip : undefined

/** Each test's limit, and start-up of etcd + kube-apiserver on a loaded 2-core machine, as a hook timeout. */
export const API_SERVER_START_MS = 120_000

/**
 * `describe` for tests that need a real API server: skipped, with the reason in the title,
 * when `KUBEBUILDER_ASSETS` does not point at etcd and kube-apiserver.
 */
export function describeWithApiServer(title: string, body: () => void): void {
  if (apiServerSkipReason === undefined) {
    describe(title, { timeout: 120_000 }, body)
  } else {
    // the default reporter names no skipped test: say why once per file, where CI logs show it
    process.stderr.write(`crdconv: skipping "${title}": ${apiServerSkipReason}\n`)
    describe.skip(`${title} (skipped: ${apiServerSkipReason})`, body)
  }
}
