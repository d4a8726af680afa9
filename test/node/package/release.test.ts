// The release path: `npm pack` builds each package first (its `prepack`), `npm publish --dry-run`
// of both packages is public with provenance, and `changeset version` bumps both together, the
// tooling's peer on the runtime with them.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { packedTarballNames } from '../../../packages/crdconv/src/init/index.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const FOLDERS = ['webhook', 'crdconv'] as const
/** What each package must ship beside its package.json: its build, and the changelog. */
const BUILT = {
  webhook: ['CHANGELOG.md', 'dist/index.js', 'dist/platform/worker/index.js'],
  crdconv: ['CHANGELOG.md', 'bin/crdconv.js', 'dist/cli/main.js', 'dist/cdk/index.d.ts'],
} as const

interface Manifest {
  name: string
  version: string
  publishConfig?: Record<string, unknown>
  peerDependencies?: Record<string, string>
}

const manifestOf = (root: string, folder: string): Manifest =>
  JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')) as Manifest

interface PackedFile {
  path: string
}
interface Packed {
  name: string
  filename: string
  files: PackedFile[]
}

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', [...args], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_loglevel: 'error' },
  })
  return stdout
}

/** A copy of what `files` names of this repository (`node_modules` linked), to change freely. */
function copyOfRepository(paths: readonly string[]): string {
  const copy = mkdtempSync(join(tmpdir(), 'crdconv-release-'))
  for (const path of paths) cpSync(join(repoRoot, path), join(copy, path), { recursive: true })
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'))
  copies.push(copy)
  return copy
}
const copies: string[] = []
afterAll(() => Promise.all(copies.map((copy) => rm(copy, { recursive: true, force: true }))))

describe('releasing @crdconv/webhook and crdconv', { timeout: 300_000 }, () => {
  it('npm pack of a package never built packs its build: prepack builds dist/ first', async () => {
    const copy = copyOfRepository([
      'package.json',
      'tsconfig.json',
      'scripts/build-package.mjs',
      'packages/webhook/package.json',
      'packages/webhook/tsconfig.build.json',
      'packages/webhook/src',
    ])
    const [packed] = JSON.parse(
      await npm(['pack', '--json', '--dry-run'], join(copy, 'packages/webhook'))
    ) as Packed[]
    const paths = packed!.files.map((file) => file.path)
    expect(paths).toContain('dist/index.js')
    expect(paths).toContain('dist/platform/worker/index.d.ts')
  })

  it('npm publish --dry-run of both: public, with provenance, the tarball names init --from looks for', async () => {
    for (const folder of FOLDERS) {
      const manifest = manifestOf(repoRoot, folder)
      expect(manifest.publishConfig).toEqual({ access: 'public', provenance: true })
      // one package at a time: npm 11 prints one JSON document per workspace
      const published = JSON.parse(
        await npm(['publish', '--dry-run', '--json'], join(repoRoot, 'packages', folder))
      ) as Record<string, Packed>
      const packed = published[manifest.name]
      const expectedName = packedTarballNames(manifest.version)[folder]
      expect(packed?.filename).toBe(expectedName)
      const paths = packed!.files.map((file) => file.path)
      expect(paths).toEqual(expect.arrayContaining(['package.json', ...BUILT[folder]]))
    }
  })

  it('changeset version bumps both packages together, and the peer on the runtime with them', async () => {
    const copy = copyOfRepository([
      'package.json',
      '.changeset/config.json',
      ...FOLDERS.flatMap((folder) => [
        `packages/${folder}/package.json`,
        `packages/${folder}/CHANGELOG.md`,
      ]),
    ])
    const before = manifestOf(copy, 'webhook').version
    writeFileSync(
      join(copy, '.changeset/runtime-fix.md'),
      '---\n"@crdconv/webhook": patch\n---\n\nA fix in the runtime alone.\n'
    )
    await promisify(execFile)(
      process.execPath,
      [join(repoRoot, 'node_modules/@changesets/cli/bin.js'), 'version'],
      { cwd: copy }
    )
    const [major, minor, patch] = before.split('.').map(Number)
    const next = `${major}.${minor}.${patch! + 1}`
    expect(FOLDERS.map((folder) => manifestOf(copy, folder).version)).toEqual([next, next])
    expect(manifestOf(copy, 'crdconv').peerDependencies?.['@crdconv/webhook']).toBe(next)
    for (const folder of FOLDERS) {
      const changelog = readFileSync(join(copy, 'packages', folder, 'CHANGELOG.md'), 'utf8')
      expect(changelog).toMatch(new RegExp(`^## ${next.replaceAll('.', '\\.')}$`, 'm'))
    }
  })
})
