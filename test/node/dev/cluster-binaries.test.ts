import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UsageError } from '../../../packages/crdconv/src/command-io/index.ts'
import { findClusterBinaries } from '../../../packages/crdconv/src/dev/index.ts'

const root = mkdtempSync(join(tmpdir(), 'crdconv-dev-binaries-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A folder under the scratch root, with `binaries` in it as empty files. */
function folder(path: string, binaries: readonly string[] = ['etcd', 'kube-apiserver']): string {
  const directory = join(root, path)
  mkdirSync(directory, { recursive: true })
  for (const binary of binaries) writeFileSync(join(directory, binary), '')
  return directory
}

const complete = folder('assets')
const halfway = folder('only-etcd', ['etcd'])
const cache = join(root, 'cache')
for (const release of ['v1.9.0', 'v1.37.2', 'v1.37.10']) folder(join('cache', release))
folder(join('cache', 'v1.40.0'), ['etcd']) // newer, but incomplete: never chosen
const xdgRelease = folder('xdg/crdconv/k8s/v1.30.1')
const emptyCache = folder('empty-cache', [])
const noEnvtest = join(root, 'no-envtest')

function refusal(find: () => unknown): UsageError {
  try {
    find()
  } catch (error) {
    if (error instanceof UsageError) return error
    throw error
  }
  throw new Error('found binaries where there are none')
}

describe('crdconv dev, where it finds etcd and kube-apiserver', () => {
  it.each([
    ['--assets', complete, {}, complete, '--assets'],
    [
      'KUBEBUILDER_ASSETS',
      undefined,
      { KUBEBUILDER_ASSETS: complete },
      complete,
      'KUBEBUILDER_ASSETS',
    ],
    [
      "the newest complete release in crdconv's cache",
      undefined,
      { CRDCONV_K8S_CACHE: cache },
      join(cache, 'v1.37.10'),
      "crdconv's cache",
    ],
    [
      'the cache under XDG_CACHE_HOME',
      undefined,
      { XDG_CACHE_HOME: join(root, 'xdg') },
      xdgRelease,
      "crdconv's cache",
    ],
  ] as const)('from %s', (_, given, environment, assets, source) => {
    expect(findClusterBinaries(given, environment, noEnvtest)).toEqual({ assets, source })
  })

  it("falls back to envtest's default folder", () => {
    expect(findClusterBinaries(undefined, { CRDCONV_K8S_CACHE: emptyCache }, complete)).toEqual({
      assets: complete,
      source: "envtest's default folder",
    })
  })

  it.each([
    ['--assets', halfway, {}],
    ['KUBEBUILDER_ASSETS', undefined, { KUBEBUILDER_ASSETS: halfway }],
  ] as const)(
    'names a folder given by %s that lacks a binary, and does not look further',
    (source, given, environment) => {
      const error = refusal(() =>
        findClusterBinaries(given, { ...environment, CRDCONV_K8S_CACHE: cache }, noEnvtest)
      )
      expect(error.code).toBe('dependency-missing')
      expect(error.message).toContain(`${source}=${halfway} has no etcd and kube-apiserver`)
    }
  )

  it('says exactly how to get them when no place has them', () => {
    const error = refusal(() =>
      findClusterBinaries(undefined, { CRDCONV_K8S_CACHE: emptyCache }, noEnvtest)
    )
    expect(error.code).toBe('dependency-missing')
    expect(error.message).toContain(
      `neither crdconv's cache (${emptyCache}) nor ${noEnvtest} holds them`
    )
    expect(error.message).toContain(
      'go install sigs.k8s.io/controller-runtime/tools/setup-envtest@latest'
    )
    expect(error.message).toContain('export KUBEBUILDER_ASSETS="$(setup-envtest use -p path)"')
  })
})
