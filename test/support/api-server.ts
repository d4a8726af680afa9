import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe } from 'vitest'
import { testApiServerAssets } from '../../packages/crdconv/src/test-api-server/test-api-server.ts'

const repository = resolve(import.meta.dirname, '../..')

/** The Kubernetes release tools/k8s-binaries/build.sh builds by default, from its pinned go.mod. */
export const CURRENT_KUBERNETES =
  /^\s*(?:require\s+)?k8s\.io\/kubernetes\s+(v\d+\.\d+\.\d+)\s*$/m.exec(
    readFileSync(join(repository, 'tools/k8s-binaries/kubernetes/go.mod'), 'utf8')
  )?.[1] as string

/** One API server release the real-cluster suites run on, and the folder of its binaries. */
export interface ApiServerRelease {
  /** `v1.20 (oldest)`, `v1.37.2 (current)`: the name a skipped suite is reported by. */
  readonly name: string
  readonly assets: string
  /** Why its suites cannot run here, or undefined when they can. */
  readonly skip: string | undefined
}

// `CRDCONV_RELEASES=current` (or `oldest`) runs one release only; the other is skipped by name
const selected = (process.env['CRDCONV_RELEASES'] ?? 'oldest,current').split(',')

function release(
  which: 'oldest' | 'current',
  name: string,
  assets: string,
  howToGet: string
): ApiServerRelease {
  if (!selected.includes(which)) {
    return { name, assets, skip: `not selected by CRDCONV_RELEASES=${selected.join(',')}` }
  }
  const found = testApiServerAssets(assets)
  return { name, assets, skip: 'skip' in found ? `${found.skip}; ${howToGet}` : undefined }
}

const cache =
  process.env['CRDCONV_K8S_CACHE'] ??
  join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', 'k8s')

/**
 * The two releases every real-cluster suite runs on: v1.20 (the oldest, from shared/k8s) and the
 * current one (built by tools/k8s-binaries/build.sh into its cache). `CRDCONV_OLDEST_ASSETS` and
 * `CRDCONV_CURRENT_ASSETS` name other folders.
 */
export const API_SERVER_RELEASES: readonly ApiServerRelease[] = [
  release(
    'oldest',
    'v1.20 (oldest)',
    process.env['CRDCONV_OLDEST_ASSETS'] ?? resolve(repository, '../shared/k8s/bin'),
    'the oldest release tested comes from shared/k8s/bin'
  ),
  release(
    'current',
    `${CURRENT_KUBERNETES} (current)`,
    process.env['CRDCONV_CURRENT_ASSETS'] ?? join(cache, CURRENT_KUBERNETES),
    'build it with tools/k8s-binaries/build.sh'
  ),
]

/** Each test's limit, and start-up of etcd + kube-apiserver on a loaded 2-core machine, as a hook timeout. */
export const API_SERVER_START_MS = 120_000

/**
 * `describe` for tests that need a real API server, once per release in `API_SERVER_RELEASES`:
 * `body` gets the release (start the server with `startTestApiServer({ assets: release.assets })`).
 * A release whose binaries are absent is skipped, with its name and the reason in the title.
 */
export function describeWithApiServer(
  title: string,
  body: (release: ApiServerRelease) => void,
  releases: readonly ApiServerRelease[] = API_SERVER_RELEASES
): void {
  for (const release of releases) {
    const named = `${title} on ${release.name}`
    if (release.skip === undefined) {
      describe(named, { timeout: 120_000 }, () => body(release))
    } else {
      // the default reporter names no skipped test: say why once per file, where CI logs show it
      process.stderr.write(`crdconv: skipping "${named}": ${release.skip}\n`)
      describe.skip(`${named} (skipped: ${release.skip})`, () => body(release))
    }
  }
}

/** The releases whose binaries are here (for tests that need any one real API server). */
export function availableReleases(): ApiServerRelease[] {
  return API_SERVER_RELEASES.filter((release) => release.skip === undefined)
}

/** Whether a folder has the controller manager beside the API server (built releases do). */
export function hasControllerManager(release: ApiServerRelease): boolean {
  return existsSync(join(release.assets, 'kube-controller-manager'))
}
