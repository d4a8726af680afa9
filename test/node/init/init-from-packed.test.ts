// `crdconv init --from <folder>`: a project from a clone's `npm run pack`, while the packages are
// not on the registry. The consumer test installs such a project; these hold what init writes.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packedTarballNames } from '../../../packages/crdconv/src/init/index.ts'
import { crdconv } from '../cli/run-cli.ts'

const flags = ['--group', 'example.com', '--kind', 'CronTab', '--versions', 'v1beta1,v1']
const { version } = JSON.parse(readFileSync('packages/crdconv/package.json', 'utf8')) as {
  version: string
}

/** A parent folder with `clone/packed` holding tarballs by these names (their bytes do not matter here). */
function cloneWithPacked(names: readonly string[]): string {
  const parent = mkdtempSync(join(tmpdir(), 'crdconv-from-'))
  mkdirSync(join(parent, 'clone/packed'), { recursive: true })
  for (const name of names) writeFileSync(join(parent, 'clone/packed', name), '')
  return parent
}

describe('crdconv init --from <folder of tarballs>', () => {
  it('depends on both tarballs by file: references relative to the project, in the sections init chose', async () => {
    const names = packedTarballNames(version)
    const parent = cloneWithPacked(Object.values(names))
    const clone = join(parent, 'clone')
    const run = await crdconv(['init', '../webhook', '--from', 'packed', ...flags], { cwd: clone })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    const manifest = JSON.parse(readFileSync(join(parent, 'webhook/package.json'), 'utf8'))
    expect(manifest.dependencies['@crdconv/webhook']).toBe(`file:../clone/packed/${names.webhook}`)
    expect(manifest.devDependencies['crdconv']).toBe(`file:../clone/packed/${names.crdconv}`)
    expect(manifest.dependencies['crdconv']).toBeUndefined()
  })

  it.each([
    ['an empty folder', []],
    ['a folder with the runtime only', [packedTarballNames(version).webhook]],
    ['tarballs of another version', Object.values(packedTarballNames('0.0.1'))],
  ])(
    'refuses %s in one line naming the missing tarball and npm run pack, and writes nothing',
    async (_, present) => {
      const parent = cloneWithPacked(present)
      const clone = join(parent, 'clone')
      const run = await crdconv(['init', '../webhook', '--from', 'packed', ...flags], {
        cwd: clone,
      })
      expect(run.code).toBe(2)
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
      expect(run.stderr).toMatch(
        new RegExp(
          `--from packed holds no .*crdconv-${version.replaceAll('.', '\\.')}\\.tgz.*npm run pack`
        )
      )
      expect(readdirSync(parent).sort()).toEqual(['clone'])
    }
  )
})
