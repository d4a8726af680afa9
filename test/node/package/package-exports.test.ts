// The exports maps of both packages: every entry point has its TypeScript source for this
// repository (the `crdconv-source` condition), then declarations and JavaScript from dist/ for
// everyone else, and the build gives each entry point the same names as its source.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const PACKAGES = ['webhook', 'crdconv'] as const

interface EntryPoint {
  /** `@crdconv/webhook/worker` */
  readonly specifier: string
  readonly directory: string
  readonly target: Record<string, string>
}

function entryPoints(folder: (typeof PACKAGES)[number]): EntryPoint[] {
  const directory = resolve('packages', folder)
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
    name: string
    exports: Record<string, string | Record<string, string>>
  }
  return Object.entries(manifest.exports)
    .filter(([path]) => path !== './package.json')
    .map(([path, target]) => ({
      specifier: path === '.' ? manifest.name : `${manifest.name}${path.slice(1)}`,
      directory,
      target: typeof target === 'string' ? { default: target } : target,
    }))
}

const entries = PACKAGES.flatMap(entryPoints)
const load = (entry: EntryPoint, condition: 'crdconv-source' | 'default') =>
  import(
    /* @vite-ignore */ pathToFileURL(join(entry.directory, entry.target[condition] ?? '')).href
  ) as Promise<Record<string, unknown>>

describe('the entry points of @crdconv/webhook and crdconv', () => {
  it('include the webhook and its platforms; the tooling’s round-trip kit, CRD generator, API-server helper and CDK construct', () => {
    expect(entries.map((entry) => entry.specifier)).toEqual(
      expect.arrayContaining([
        '@crdconv/webhook',
        '@crdconv/webhook/worker',
        '@crdconv/webhook/lambda',
        '@crdconv/webhook/node',
        'crdconv/testing',
        'crdconv/crd',
        'crdconv/api-server',
        'crdconv/cdk',
      ])
    )
  })

  it.each(entries.map((entry) => [entry.specifier, entry] as const))(
    '%s lists its source, then types, then the built JavaScript of the same module',
    (_specifier, { target }) => {
      expect(Object.keys(target)).toEqual(['crdconv-source', 'types', 'default'])
      expect(target['default']).toMatch(/^\.\/dist\/.*\.js$/)
      expect(target['types']).toBe(target['default']!.replace(/\.js$/, '.d.ts'))
      expect(target['crdconv-source']).toBe(
        target['default']!.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts')
      )
    }
  )

  it.each(entries.map((entry) => [entry.specifier, entry] as const))(
    '%s exports from dist/ what its source exports',
    async (_specifier, entry) => {
      const [fromSource, fromBuild] = await Promise.all([
        load(entry, 'crdconv-source'),
        load(entry, 'default'),
      ])
      expect(Object.keys(fromSource)).not.toEqual([])
      expect(Object.keys(fromBuild).sort()).toEqual(Object.keys(fromSource).sort())
    }
  )
})
