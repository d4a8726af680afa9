// `crdconv check` at its defaults in this tree and the other commit, in alternating rounds: on the
// README's CronTab (examples/crontab, each tree's own) and on the largest CRD of ../shared/crds
// (imported once by this tree, the module written into each tree's node_modules/.cache so that it
// resolves that tree's runtime). A target of this tree, not a regression check: check is meant to
// do more work as the kit grows, within a bound.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { importCrds } from '../../packages/crdconv/src/import/index.ts'
import { execFileAsync, lastJsonLine, median, repoRoot } from '../bench-support.ts'
import { orderOfRound } from '../take-turns.ts'
import type { PairedFigure } from './paired-figures.ts'

/** The bound on check's time, new over old, for each scheme measured. */
export const CHECK_TIME_LIMIT = 1.5
const ROUNDS = 3

type Side = 'current' | 'currentAgain' | 'against'
const SIDES: readonly Side[] = ['current', 'currentAgain', 'against']

/** Each measured scheme's figure (ms CPU of one check), and the new/old ratio of its medians. */
export interface CheckTimeFigures {
  readonly figures: PairedFigure[]
  readonly ratios: ReadonlyMap<string, number>
}

export async function measureCheckTime(
  workDir: string,
  trees: Record<Side, string>,
  log: (line: string) => void
): Promise<CheckTimeFigures> {
  const largest = largestCrd()
  const schemes: { name: string; at: (tree: string) => string }[] = [
    { name: "crdconv check, the README's CronTab", at: (tree) => cronTabScheme(tree) },
  ]
  if (largest !== undefined) {
    const { files } = await importCrds(readFileSync(largest, 'utf8'))
    const module = files.find(
      (file) => !file.path.endsWith('.test.ts') && !file.path.includes('.descriptions.')
    )
    if (module === undefined) throw new Error(`${largest}: import wrote no module`)
    const written = new Map<string, string>()
    for (const tree of new Set(Object.values(trees))) {
      const folder = join(tree, 'node_modules', '.cache', 'crdconv-bench-check')
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, module.path), module.content)
      const scheme = join(folder, 'scheme.ts')
      const identifier = /export const (\w+) = defineResource/.exec(module.content)?.[1]
      writeFileSync(
        scheme,
        `import { createScheme } from '@crdconv/webhook'\nimport { ${identifier} } from './${module.path}'\nexport const scheme = createScheme([${identifier}])\n`
      )
      written.set(tree, scheme)
    }
    schemes.push({
      name: `crdconv check, ${basename(largest)} (largest of ../shared/crds)`,
      at: (tree) => written.get(tree) ?? '',
    })
  }
  const child = join(repoRoot, 'bench/children/check-child.ts')
  const figures: PairedFigure[] = []
  const ratios = new Map<string, number>()
  for (const scheme of schemes) {
    log(`${scheme.name}: ${ROUNDS} rounds of three processes`)
    const times: Record<Side, number[]> = { current: [], currentAgain: [], against: [] }
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of orderOfRound(SIDES, round)) {
        const { stdout } = await execFileAsync(
          process.execPath,
          [
            '--import',
            'tsx',
            '--conditions=crdconv-source',
            child,
            trees[side],
            scheme.at(trees[side]),
            workDir,
          ],
          { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 }
        )
        times[side].push(lastJsonLine<{ cpuMs: number }>(stdout).cpuMs)
      }
    }
    figures.push({ name: scheme.name, unit: 'ms CPU', ...times })
    ratios.set(
      scheme.name,
      median([...times.current, ...times.currentAgain]) / median(times.against)
    )
  }
  return { figures, ratios }
}

/** A scheme of each tree's CronTab alone, in its node_modules/.cache (never in the tree itself). */
function cronTabScheme(tree: string): string {
  const folder = join(tree, 'node_modules', '.cache', 'crdconv-bench-check')
  mkdirSync(folder, { recursive: true })
  const scheme = join(folder, 'crontab-scheme.ts')
  writeFileSync(
    scheme,
    "import { createScheme } from '@crdconv/webhook'\nimport { cronTab } from '../../../examples/crontab/index.ts'\nexport const scheme = createScheme([cronTab])\n"
  )
  return scheme
}

/** The largest CRD file of the corpus ($CRD_CORPUS or ../shared/crds), or none where it is absent. */
function largestCrd(): string | undefined {
  const corpus = resolve(process.env['CRD_CORPUS'] ?? join(repoRoot, '../shared/crds'))
  if (!existsSync(corpus)) return undefined
  const files = readdirSync(corpus, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join(corpus, name))
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0]
}
