// Real Crossplane core for the tests: the binary tools/crossplane/build.sh builds, started against
// a test API server with Crossplane's own CRDs (from the module cache, beside the binary), so the
// XR and claim CRDs a test uses are rendered by Crossplane itself from an XRD.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { writeServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import {
  freePort,
  startProcess,
  waitUntil,
} from '../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import type { TestApiServer } from '../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { kubectl, kubectlOk } from './kubectl.ts'

const repository = resolve(import.meta.dirname, '../..')

/** The `crossplane` binary tools/crossplane/build.sh put into its cache, or why it is absent. */
export function crossplaneBinary(): { path: string } | { skip: string } {
  const script = 'tools/crossplane/build.sh'
  const version = /^version="([^"]+)"$/m.exec(readFileSync(join(repository, script), 'utf8'))?.[1]
  const cache =
    process.env['CRDCONV_CROSSPLANE_CACHE'] ??
    join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', 'crossplane')
  const path = join(cache, version ?? '', 'crossplane')
  return existsSync(path) && existsSync(join(dirname(path), 'crds'))
    ? { path }
    : { skip: `${path} is absent: bash ${script} builds it (Go, several minutes once)` }
}

/** Crossplane running against one API server; `stop()` ends it and removes its files. */
export interface RunningCrossplane {
  /** Its last lines of output, for a failure's message. */
  readonly tail: () => string
  readonly stop: () => Promise<void>
}

/**
 * Applies Crossplane's CRDs to `server`, then runs `crossplane core start` against it with
 * mutual-TLS client certificates of a CA of its own (for functions, which the tests never call)
 * and its own webhooks off. Answers once Crossplane's XRD CRD is established and the process is
 * up; an XRD applied after that is rendered by the running controllers.
 */
export async function startCrossplane(
  server: TestApiServer,
  binary: string
): Promise<RunningCrossplane> {
  const directory = mkdtempSync(join(tmpdir(), 'crdconv-crossplane-'))
  const kube = (args: readonly string[], input?: string) =>
    kubectlOk(server.kubeconfigPath, args, input)
  const crds = join(dirname(binary), 'crds')
  await kube(['apply', '--server-side', '-f', crds])
  await kube(['wait', '--for', 'condition=established', '--timeout=120s', '-f', crds])
  const namespace = await kubectl(server.kubeconfigPath, [
    'create',
    'namespace',
    'crossplane-system',
  ])
  if (namespace.code !== 0 && !namespace.stderr.includes('AlreadyExists')) {
    throw new Error(`kubectl create namespace crossplane-system: ${namespace.stderr}`)
  }
  const tls = await writeServingCertificate(directory)
  const clientCerts = join(directory, 'client')
  mkdirSync(clientCerts)
  copyFileSync(tls.caCert, join(clientCerts, 'ca.crt'))
  copyFileSync(tls.cert, join(clientCerts, 'tls.crt'))
  copyFileSync(tls.key, join(clientCerts, 'tls.key'))
  const [metrics, probes] = [await freePort(), await freePort()]
  const managed = startProcess(
    'crossplane core start',
    binary,
    [
      'core',
      'start',
      `--metrics-port=${metrics}`,
      `--health-probe-port=${probes}`,
      `--tls-client-certs-dir=${clientCerts}`,
      `--xpkg-cache-dir=${join(directory, 'xpkg')}`,
      `--xfn-cache-dir=${join(directory, 'xfn')}`,
      // what the tests watch change comes from their own writes: no need for an hourly resync
      '--poll-interval=10s',
    ],
    { ...process.env, KUBECONFIG: server.kubeconfigPath, ENABLE_WEBHOOKS: 'false' }
  )
  try {
    await waitUntil(
      managed,
      'Crossplane answering its health probe',
      async () => {
        const answer = await fetch(`http://127.0.0.1:${probes}/healthz`).catch(() => undefined)
        return answer?.ok === true
      },
      120_000
    )
  } catch (error) {
    await managed.stop()
    rmSync(directory, { recursive: true, force: true })
    throw error
  }
  return {
    tail: () => managed.tail(),
    stop: async () => {
      await managed.stop(10_000)
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
