import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, { types: string; default: string }>
}

// the source module behind each entry point; the build maps src/<path>.ts to dist/<path>.js
const sources: Record<string, () => Promise<Record<string, unknown>>> = {
  crdconv: () => import('../../../src/index.ts'),
  'crdconv/node': () => import('../../../src/platform/node/index.ts'),
  'crdconv/testing': () => import('../../../src/testing/index.ts'),
  'crdconv/worker': () => import('../../../src/platform/worker/index.ts'),
  'crdconv/lambda': () => import('../../../src/platform/lambda/index.ts'),
}
// the package name resolves through package.json's exports to dist/
const built = (name: string) => import(/* @vite-ignore */ name) as Promise<Record<string, unknown>>

describe('the package entry points', () => {
  it('lists types first, then the built JavaScript, for every entry point', () => {
    const entries = Object.entries(manifest.exports).filter(([path]) => path !== './package.json')
    expect(entries.map(([path]) => (path === '.' ? 'crdconv' : `crdconv${path.slice(1)}`))).toEqual(
      expect.arrayContaining(Object.keys(sources))
    )
    for (const [, target] of entries) {
      expect(Object.keys(target)).toEqual(['types', 'default'])
      expect(target.default).toMatch(/^\.\/dist\/.*\.js$/)
      expect(target.types).toBe(target.default.replace(/\.js$/, '.d.ts'))
    }
  })

  it.each(Object.keys(sources))(
    'exports from the build what %s exports from the sources',
    async (name) => {
      const [fromSource, fromBuild] = await Promise.all([sources[name]!(), built(name)])
      expect(Object.keys(fromBuild).sort()).toEqual(Object.keys(fromSource).sort())
    }
  )
})
