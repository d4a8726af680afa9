// A definition the API server would refuse as a CRD (two storage versions, a group without a dot):
// the runtime builds and serves it, since nothing it answers depends on those rules, and every
// tooling path a project takes before deploy refuses it with the same SchemeError.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { loadScheme } from '../../../packages/crdconv/src/cli/load-scheme.ts'
import {
  buildCustomResourceDefinition,
  checkResource,
} from '../../../packages/crdconv/src/crd/index.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
  expectLosslessRoundTrips,
  expectRoundTripsThrough,
} from '../../../packages/crdconv/src/testing/index.ts'
import {
  checkDefinitions,
  createScheme,
  defineResource,
  SchemeError,
  type SchemeProblemCode,
} from '../../../packages/webhook/src/scheme/index.ts'
import { crdconv } from '../cli/run-cli.ts'

const schema = z.looseObject({ spec: z.looseObject({ size: z.int().optional() }).optional() })
const refused = defineResource({
  group: 'example',
  kind: 'Gadget',
  versions: { v1: { schema, storage: true }, v2: { schema, storage: true } },
  converters: [
    { from: 'v1', to: 'v2', convert: (object) => object },
    { from: 'v2', to: 'v1', convert: (object) => object },
  ],
})
const scheme = createScheme([refused])
const REFUSED_CODES: SchemeProblemCode[] = ['group-invalid', 'storage-version-count']

/** The codes of the `SchemeError` that `run` throws or rejects with; fails when it has none. */
async function refusalCodes(run: () => unknown): Promise<SchemeProblemCode[]> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(SchemeError)
    return (error as SchemeError).issues.map((issue) => issue.code)
  }
  throw new Error('expected a SchemeError, but the definition was accepted')
}

describe('a definition the API server would refuse as a CRD', () => {
  it('is built and served by the runtime: no CRD rule changes an answer', () => {
    const answer = scheme.convert(
      { apiVersion: 'example/v1', kind: 'Gadget', metadata: { name: 'a' }, spec: { size: 2 } },
      'example/v2'
    )
    expect(answer).toEqual({
      ok: true,
      object: {
        apiVersion: 'example/v2',
        kind: 'Gadget',
        metadata: { name: 'a' },
        spec: { size: 2 },
      },
    })
  })

  it.each<[string, () => unknown]>([
    ['checkDefinitions', () => checkDefinitions(scheme.resources)],
    [
      'the CRD generator',
      () => buildCustomResourceDefinition(refused, { url: 'https://x.example/convert' }),
    ],
    ["crdconv/crd's checkResource (a scaffold's first test)", () => checkResource(refused)],
    ['conversionCoverage', () => conversionCoverage(refused, { numRuns: 1 })],
    [
      'expectRoundTripsThrough, before it sends a review',
      () =>
        expectRoundTripsThrough(scheme, () => {
          throw new Error('sent a review for a definition the checks refuse')
        }),
    ],
  ])('is refused by %s', async (_path, run) => {
    expect(await refusalCodes(run)).toEqual(REFUSED_CODES)
  })

  it('fails the round trips as a check not run, naming each mistake', () => {
    expect(() => expectLosslessRoundTrips(refused, { numRuns: 1 })).toThrow(
      /could not run the check: Gadget\.example:\n\s+- group "example"/
    )
    const report = checkLosslessRoundTrips(refused, { numRuns: 1 })
    expect(report.ok).toBe(false)
    expect(report.checks.map((check) => check.failure?.code)).toEqual(['check-not-run'])
    expect(report.checks[0]?.failure?.message).toContain(
      'exactly one version must be the storage version (storage: true); found v1, v2'
    )
  })

  it('is refused by every crdconv command as it loads the scheme', async () => {
    const fixture = join(import.meta.dirname, '../cli/fixtures/throwing-definitions-scheme.ts')
    expect(await refusalCodes(() => loadScheme(fixture, process.cwd()))).toEqual([
      'storage-version-count',
    ])
    const run = await crdconv(['crd', '--scheme', fixture, '--url', 'https://x.example/convert'])
    expect(run.code).not.toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('found v1, v2')
  })
})
