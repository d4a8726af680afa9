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
const built: Record<string, () => Promise<Record<string, unknown>>> = {
  crdconv: () => import('crdconv'),
  'crdconv/node': () => import('crdconv/node'),
  'crdconv/testing': () => import('crdconv/testing'),
  'crdconv/worker': () => import('crdconv/worker'),
  'crdconv/lambda': () => import('crdconv/lambda'),
}

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
      const [fromSource, fromBuild] = await Promise.all([sources[name]!(), built[name]!()])
      expect(Object.keys(fromBuild).sort()).toEqual(Object.keys(fromSource).sort())
    }
  )
})
