import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkAnswers, schemeSource } from '../../../packages/crdconv/src/init/index.ts'

// On Node 20 (V8 11.3) an object built as `{ ...rest, host, port }` gets a hidden class of its
// own, and building it costs about twice as much (docs/performance.md). Objects that share a
// class show that the converters add their fields without that trap: the examples, which the
// bench measures on Node 20, on every Node; the scaffold's spreads on the Nodes its deploys run
// (Lambda's nodejs22.x, the image's Node 22, workerd), where V8 gives them one shared class.
const MOST_CLASSES = 2
const NODE_MAJOR = Number(process.versions.node.split('.')[0])
// a child Node with tsx per scheme: seconds on a loaded machine
const CHILD_TIMEOUT_MS = 120_000

interface ClassCount {
  readonly kind: string
  readonly from: string
  readonly to: string
  readonly path: string
  readonly objects: number
  readonly maps: number
}

function hiddenClasses(schemeFile: string): ClassCount[] {
  const child = join(import.meta.dirname, 'fixtures/hidden-classes.ts')
  const output = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--conditions=crdconv-source', '--import', 'tsx', child, schemeFile],
    { encoding: 'utf8' }
  )
  return JSON.parse(output) as ClassCount[]
}

/** What the converters build: the object and its fields, not the metadata the stash copies. */
function convertersOwn(counts: readonly ClassCount[]): ClassCount[] {
  return counts.filter((count) => count.path !== '.metadata')
}

// inside the repository, so that the scheme's imports resolve; a folder of this run's own, since
// a second run beside it removes its folder when it ends
mkdirSync(resolve('test-results'), { recursive: true })
const workDir = mkdtempSync(resolve('test-results/hidden-classes-'))
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

describe(
  'objects the converters return share hidden classes',
  { timeout: CHILD_TIMEOUT_MS },
  () => {
    it('in the CronTab and Backup examples, for every pair of versions', () => {
      const counts = convertersOwn(hiddenClasses(resolve('examples/scheme.ts')))
      expect(counts.map((count) => count.kind)).toEqual(
        expect.arrayContaining(['CronTab', 'Backup'])
      )
      expect(counts.filter((count) => count.maps > MOST_CLASSES)).toEqual([])
    })

    it.skipIf(NODE_MAJOR < 22)('in the scheme crdconv init writes, on Node 22 and later', () => {
      const checked = checkAnswers({
        group: 'stable.example.com',
        kind: 'Widget',
        versions: 'v1alpha1,v1beta1,v1',
      })
      if (!('options' in checked)) throw new Error(checked.problems.join('\n'))
      const file = join(workDir, 'scheme.ts')
      writeFileSync(file, schemeSource(checked.options))
      const counts = convertersOwn(hiddenClasses(file))
      expect(counts.length).toBeGreaterThan(0)
      expect(counts.filter((count) => count.maps > MOST_CLASSES)).toEqual([])
    })
  }
)
