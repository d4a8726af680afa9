// The API server releases the bench runs on: the same two, from the same folders and overrides
// (`CRDCONV_OLDEST_ASSETS`, `CRDCONV_CURRENT_ASSETS`, `CRDCONV_K8S_CACHE`), as the real-cluster
// tests' test/support/api-server.ts, without importing test code (and vitest) into the bench.
import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { testApiServerAssets } from '../../packages/crdconv/src/test-api-server/test-api-server.ts'
import { repoRoot } from '../bench-support.ts'

export interface BenchRelease {
  readonly name: string
  readonly assets: string
  /** Why it cannot run here, or undefined when it can. */
  readonly skip: string | undefined
}

/** The release tools/k8s-binaries/build.sh builds, from its pinned go.mod. */
function currentKubernetes(): string {
  const goMod = readFileSync(join(repoRoot, 'tools/k8s-binaries/kubernetes/go.mod'), 'utf8')
  const found = /^\s*(?:require\s+)?k8s\.io\/kubernetes\s+(v\d+\.\d+\.\d+)\s*$/m.exec(goMod)?.[1]
  if (found === undefined)
    throw new Error('tools/k8s-binaries/kubernetes/go.mod names no k8s.io/kubernetes')
  return found
}

function release(name: string, assets: string): BenchRelease {
  const found = testApiServerAssets(assets)
  return { name, assets, skip: 'skip' in found ? found.skip : undefined }
}

/** v1.20 (oldest, from ../shared/k8s/bin) and the current release (built into the cache). */
export function benchReleases(): BenchRelease[] {
  const current = currentKubernetes()
  const cache =
    process.env['CRDCONV_K8S_CACHE'] ??
    join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'crdconv', 'k8s')
  return [
    release(
      'v1.20 (oldest)',
      process.env['CRDCONV_OLDEST_ASSETS'] ?? resolve(repoRoot, '../shared/k8s/bin')
    ),
    release(`${current} (current)`, process.env['CRDCONV_CURRENT_ASSETS'] ?? join(cache, current)),
  ]
}
