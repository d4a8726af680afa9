// crdconv diff on every multi-version CRD of the real-world corpus (../shared/crds, or
// $CRD_CORPUS), read where it is. The answers are not written down: what is asserted holds of any
// correct diff (additions and removals turn one version's fields into the other's; each direction
// mirrors the other).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  schemaDifferences,
  schemaFieldPaths,
  type SchemaDifference,
} from '../../../packages/crdconv/src/diff/index.ts'
import { readCrdDocuments } from '../../../packages/crdconv/src/import/index.ts'
import { crdconv } from '../cli/run-cli.ts'

const corpus = resolve(
  process.env['CRD_CORPUS'] ?? join(import.meta.dirname, '../../../../shared/crds')
)
const multiVersion = (
  existsSync(corpus) ? readdirSync(corpus, { recursive: true, encoding: 'utf8' }) : []
)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort()
  .map((file) => ({
    file,
    crd: readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds[0]?.crd,
  }))
  .filter(({ crd }) => (crd?.spec.versions.length ?? 0) > 1)

/** `paths` with every path in or under a removed field taken out and every added subtree put in. */
function applyDifferences(
  paths: readonly string[],
  differences: readonly SchemaDifference[],
  target: readonly string[]
): Set<string> {
  const under = (path: string, top: string) =>
    path === top || path.startsWith(`${top}.`) || path.startsWith(`${top}[`)
  const removed = differences.filter(({ kind }) => kind === 'removed').map(({ path }) => path)
  const added = differences.filter(({ kind }) => kind === 'added').map(({ path }) => path)
  return new Set([
    ...paths.filter((path) => !removed.some((top) => under(path, top))),
    ...target.filter((path) => added.some((top) => under(path, top))),
  ])
}

describe.skipIf(multiVersion.length === 0)(
  'crdconv diff on the multi-version CRDs of the corpus',
  () => {
    const pairs = multiVersion.flatMap(({ file, crd }) =>
      crd!.spec.versions.flatMap((from) =>
        crd!.spec.versions
          .filter((to) => to.name !== from.name)
          .map((to) => ({
            title: `${file}: ${from.name} → ${to.name}`,
            from: from.schema?.openAPIV3Schema ?? {},
            to: to.schema?.openAPIV3Schema ?? {},
          }))
      )
    )

    it.each(pairs)(
      '$title: additions and removals turn one version’s fields into the other’s',
      ({ from, to }) => {
        const differences = schemaDifferences(from, to)
        const target = schemaFieldPaths(to)
        expect([...applyDifferences(schemaFieldPaths(from), differences, target)].sort()).toEqual(
          [...new Set(target)].sort()
        )
        const known = new Set(['(root)', ...schemaFieldPaths(from), ...target])
        expect(differences.filter(({ path }) => !known.has(path))).toEqual([])
      }
    )

    it.each(pairs)(
      '$title: the other direction mirrors it, and a version equals itself',
      ({ from, to }) => {
        const mirror = (difference: SchemaDifference) => {
          const swapped = {
            added: 'removed',
            removed: 'added',
            'enum-values-added': 'enum-values-removed',
            'enum-values-removed': 'enum-values-added',
            'rules-added': 'rules-removed',
            'rules-removed': 'rules-added',
          } as Record<string, string>
          return JSON.stringify([
            difference.path,
            swapped[difference.kind] ?? difference.kind,
            difference.keyword,
            difference.to,
            difference.from,
          ])
        }
        const forth = schemaDifferences(from, to).map(mirror).sort()
        const back = schemaDifferences(to, from)
          .map((difference) =>
            JSON.stringify([
              difference.path,
              difference.kind,
              difference.keyword,
              difference.from,
              difference.to,
            ])
          )
          .sort()
        expect(back).toEqual(forth)
        expect(schemaDifferences(from, from)).toEqual([])
      }
    )

    it.each(multiVersion)(
      '$file: the command prints the same differences as JSON and as a table',
      async ({ file, crd }) => {
        const [first, second] = crd!.spec.versions.map((version) => version.name)
        const path = join(corpus, file)
        const json = await crdconv(['diff', path, '--from', first!, '--to', second!, '--json'])
        expect(json.stderr).toBe('')
        expect(json.code).toBe(0)
        const [resource] = (
          JSON.parse(json.stdout) as {
            resources: { pairs: { differences: SchemaDifference[] }[] }[]
          }
        ).resources
        const differences = resource!.pairs[0]!.differences
        const schemaOf = (name: string) =>
          crd!.spec.versions.find((version) => version.name === name)?.schema?.openAPIV3Schema ?? {}
        expect(differences).toEqual(
          JSON.parse(JSON.stringify(schemaDifferences(schemaOf(first!), schemaOf(second!))))
        )
        const table = await crdconv(['diff', path, '--from', first!, '--to', second!])
        expect(table.code).toBe(0)
        for (const difference of differences) expect(table.stdout).toContain(difference.path)
      }
    )
  }
)
