// Where `crdconv dev` finds etcd and kube-apiserver, and what to tell a user who has neither.
import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { UsageError } from '../command-io/index.ts'
import { parseKubernetesVersion, testApiServerAssets } from '../test-api-server/index.ts'

/** A folder holding `etcd` and `kube-apiserver`, and how it was found (for the start-up line). */
export interface ClusterBinaries {
  readonly assets: string
  readonly source: string
}

/** envtest's own default folder, used when `KUBEBUILDER_ASSETS` is unset. */
export const ENVTEST_DEFAULT_ASSETS = '/usr/local/kubebuilder/bin'

/** The commands that fetch the binaries, as controller-runtime's setup-envtest documents them. */
export const HOW_TO_GET_BINARIES = [
  "get them with controller-runtime's setup-envtest (needs Go 1.24 or later):",
  '  go install sigs.k8s.io/controller-runtime/tools/setup-envtest@latest',
  '  export KUBEBUILDER_ASSETS="$(setup-envtest use -p path)"',
  'then run crdconv dev again, or pass --assets <folder> (in a clone of crdconv, tools/k8s-binaries/build.sh builds them into its cache)',
].join('\n')

/**
 * crdconv's cache of Kubernetes binaries, as tools/k8s-binaries/build.sh fills it:
 * `$CRDCONV_K8S_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/crdconv/k8s`, one folder per release.
 */
export function kubernetesBinaryCache(environment: NodeJS.ProcessEnv): string {
  return (
    environment['CRDCONV_K8S_CACHE'] ??
    join(environment['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', 'k8s')
  )
}

/**
 * The binaries to run: `--assets`, else `KUBEBUILDER_ASSETS` (as envtest reads it), else the newest
 * release in crdconv's cache that holds both, else envtest's default folder. A folder named on
 * purpose that lacks one is a usage error naming it; finding none is one that says how to get them.
 *
 * @example
 * ```ts
 * const { assets, source } = findClusterBinaries(undefined, process.env)
 * // '/home/me/.cache/crdconv/k8s/v1.37.2', 'crdconv's cache'
 * ```
 */
export function findClusterBinaries(
  given: string | undefined,
  environment: NodeJS.ProcessEnv,
  envtestFolder = ENVTEST_DEFAULT_ASSETS
): ClusterBinaries {
  const named =
    given !== undefined
      ? { folder: given, source: '--assets' }
      : environment['KUBEBUILDER_ASSETS']
        ? { folder: environment['KUBEBUILDER_ASSETS'], source: 'KUBEBUILDER_ASSETS' }
        : undefined
  if (named !== undefined) {
    const found = testApiServerAssets(named.folder)
    if ('skip' in found) {
      throw new UsageError(
        'dependency-missing',
        `${named.source}=${named.folder} has no etcd and kube-apiserver; ${HOW_TO_GET_BINARIES}`
      )
    }
    return { assets: found.assets, source: named.source }
  }
  const cache = kubernetesBinaryCache(environment)
  const cached = newestRelease(cache)
  if (cached !== undefined) return { assets: cached, source: "crdconv's cache" }
  if ('assets' in testApiServerAssets(envtestFolder)) {
    return { assets: envtestFolder, source: "envtest's default folder" }
  }
  throw new UsageError(
    'dependency-missing',
    `no etcd and kube-apiserver to run: KUBEBUILDER_ASSETS is unset, and neither crdconv's cache (${cache}) nor ${envtestFolder} holds them; ${HOW_TO_GET_BINARIES}`
  )
}

/** The folder of the newest release (`v1.37.2`) under `cache` that holds both binaries. */
function newestRelease(cache: string): string | undefined {
  if (!existsSync(cache)) return undefined
  const releases = readdirSync(cache, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const version = parseKubernetesVersion(entry.name)
      const folder = join(cache, entry.name)
      return version === undefined || 'skip' in testApiServerAssets(folder)
        ? []
        : [{ folder, version, patch: Number(/\.(\d+)$/.exec(entry.name)?.[1] ?? 0) }]
    })
  releases.sort(
    (a, b) =>
      b.version.major - a.version.major || b.version.minor - a.version.minor || b.patch - a.patch
  )
  return releases[0]?.folder
}
