import { execFileSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import { packDryRun, type PackDryRun } from '../../../bench/package-size-bench.ts'
import { SIZE_CEILINGS } from '../../../bench/targets.ts'

// What a Worker or Lambda project downloads with @crdconv/webhook: its dist/ alone. The
// `crdconv-source` condition's TypeScript sources serve this repository's tools only.
describe('the @crdconv/webhook tarball', { timeout: 180_000 }, () => {
  let pack: PackDryRun
  beforeAll(async () => {
    // a no-op while dist/ is newer than the sources
    execFileSync(process.execPath, ['scripts/build-package.mjs', 'webhook'], { stdio: 'pipe' })
    pack = await packDryRun('webhook')
  }, 180_000)

  it(`unpacks to at most ${SIZE_CEILINGS.runtimePackageBytes / 1024} KiB`, () => {
    expect(pack.unpackedSize).toBeLessThanOrEqual(SIZE_CEILINGS.runtimePackageBytes)
  })

  it('holds dist/ (JavaScript and declarations), package.json, the readme, licence and changelog, nothing else', () => {
    const others = pack.files
      .map((file) => file.path)
      .filter((path) => !/^dist\/.+\.(js|d\.ts)$/.test(path))
    expect(
      others.filter((path) => !/^(package\.json|README\.md|LICEN[CS]E|CHANGELOG\.md)$/.test(path))
    ).toEqual([])
    expect(pack.files.map((file) => file.path)).toContain('dist/platform/worker/index.js')
  })
})
