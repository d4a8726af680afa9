import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { exampleScheme } from '../../../examples/index.ts'
import {
  defineResource,
  restoreStashedFields,
  stashFields,
  type Converter,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import {
  checkLosslessRoundTrips,
  expectLosslessRoundTrips,
  RoundTripError,
} from '../../../packages/crdconv/src/testing/index.ts'

const GadgetV1 = z.looseObject({
  spec: z.looseObject({ size: z.int().optional(), color: z.string().optional() }).optional(),
})
const GadgetV2 = z.looseObject({
  spec: z
    .looseObject({
      size: z.int().optional(),
      colour: z.string().optional(),
      shine: z.boolean().optional(),
    })
    .optional(),
})

/**
 * v1 `color` is v2 `colour`; v2 `shine` has no place in v1: kept in the stash, or lost when
 * `lossy`. `mutate` writes to the input; `pooled` hands out one v1 object for every call.
 */
function gadget(options: { lossy?: boolean; mutate?: boolean; pooled?: boolean } = {}) {
  const pool = {}
  return defineResource({
    group: 'example.com',
    kind: 'Gadget',
    versions: { v1: { schema: GadgetV1, storage: true }, v2: { schema: GadgetV2 } },
    converters: [
      {
        from: 'v1',
        to: 'v2',
        convert: (object, context) => {
          const { object: unstashed, fields } = restoreStashedFields(object, context)
          const { spec, ...rest } = unstashed
          if (spec === undefined) return rest
          if (options.mutate === true) (spec as Record<string, unknown>)['seen'] = true
          const { color, ...others } = spec
          return {
            ...rest,
            spec: { ...others, ...(color === undefined ? {} : { colour: color }), ...fields },
          }
        },
      },
      {
        from: 'v2',
        to: 'v1',
        convert: ({ spec, ...rest }, context) => {
          if (spec === undefined) return rest
          const { colour, shine, ...others } = spec
          const converted = {
            ...rest,
            spec: colour === undefined ? others : { ...others, color: colour },
          }
          const answer =
            options.lossy === true ? converted : stashFields(converted, context, { shine })
          return options.pooled === true ? Object.assign(pool, answer) : answer
        },
      },
    ],
  })
}

describe('expectLosslessRoundTrips', () => {
  it('should pass on every example resource of the scheme', () => {
    // the resources' own tests run the full number of objects
    expectLosslessRoundTrips(exampleScheme, { numRuns: 10 })
  })

  it('should catch a lossy converter and name the path, the field and the shrunk object', () => {
    let error: unknown
    try {
      expectLosslessRoundTrips(gadget({ lossy: true }), { seed: 1 })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(RoundTripError)
    const message = (error as Error).message
    expect(message).toContain('Gadget.example.com: v2 → v1 → v2: lost data')
    expect(message).toMatch(/spec\.shine: was (true|false), came back absent/)
    expect(message).toContain('object at v2 (smallest found')
    expect(message).toContain('came back as:')
    expect(message).toContain('replay with { seed: 1 }')
    const failed = (error as RoundTripError).report.checks.filter((check) => !check.ok)
    expect(failed.map((check) => check.title)).toEqual(['v2 → v1 → v2'])
    expect(failed[0]?.failure?.code).toBe('data-lost')
    // shrunk: only what it takes to lose data is left in the spec
    expect(failed[0]?.failure?.counterexample?.['spec']).toEqual({ shine: false })
  })

  it('should catch a converter that writes to the object it was given', () => {
    expect(() => expectLosslessRoundTrips(gadget({ mutate: true }))).toThrow(
      /v1 → v2 failed: converter threw TypeError.*\n.*a converter wrote to the object it was given/
    )
  })

  it('should catch a converter that hands out the same object for every call', () => {
    expect(() => expectLosslessRoundTrips(gadget({ pooled: true }))).toThrow(
      /v2 → v1 failed: converter threw Error: it returned an object it had already returned for another object/
    )
  })

  it('should report a converter that throws as a failed conversion', () => {
    const resource = gadget()
    const throwing: Converter = {
      from: 'v1',
      to: 'v2',
      convert: () => {
        throw new Error('boom')
      },
    }
    const broken = {
      ...resource,
      paths: new Map([
        ...resource.paths,
        [
          'v1',
          new Map([
            ['v2', [throwing]],
            ['v1', []],
          ]),
        ],
      ]),
    }
    expect(() => expectLosslessRoundTrips(broken)).toThrow(
      /v1 → v2 failed: converter threw Error: boom/
    )
  })
})

describe('checkLosslessRoundTrips', () => {
  it('should not throw but report the failed check with a readable summary', () => {
    const report = checkLosslessRoundTrips(gadget({ lossy: true }), { numRuns: 20 })
    expect(report.ok).toBe(false)
    expect(report.summary).toContain('✓ v1 → v2 → v1')
    expect(report.summary).toContain('✗ v2 → v1 → v2')
    expect(report.summary).toMatch(/1 of 2 checks failed$/)
  })

  it('should report a version it cannot generate objects for instead of throwing', () => {
    const resource = gadget()
    const broken = {
      ...resource,
      versions: { ...resource.versions, v2: { schema: {} as typeof GadgetV2 } },
    }
    const report = checkLosslessRoundTrips(broken, { numRuns: 5 })
    expect(report.ok).toBe(false)
    expect(report.checks.map((check) => check.failure?.code)).toEqual(['check-not-run'])
    expect(report.summary).toContain(
      'Gadget.example.com: setting up the checks: could not run the check'
    )
  })

  it('should run the number of objects asked for on each check', () => {
    const report = checkLosslessRoundTrips(gadget(), { numRuns: 7 })
    expect(report.ok).toBe(true)
    expect(report.checks.map((check) => check.runs)).toEqual([7, 7])
    expect(report.summary).toMatch(/all 2 checks passed/)
  })

  it('should try the hand-written examples first', () => {
    const example = {
      apiVersion: 'example.com/v2',
      kind: 'Gadget',
      metadata: { name: 'g' },
      spec: { colour: 'teal', shine: true },
    }
    const report = checkLosslessRoundTrips(gadget({ lossy: true }), {
      numRuns: 1,
      examples: [example],
    })
    const failure = report.checks.find((check) => !check.ok)?.failure
    expect(failure?.path).toEqual(['v2', 'v1', 'v2'])
    expect(failure?.message).toContain('spec.shine: was true, came back absent')
    expect(failure?.counterexample).toEqual(example)
  })

  it('should find the same smallest object again with the same seed', () => {
    const first = checkLosslessRoundTrips(gadget({ lossy: true }), { seed: 42 })
    const again = checkLosslessRoundTrips(gadget({ lossy: true }), { seed: 42 })
    expect(again.checks[1]?.failure?.counterexample).toEqual(
      first.checks[1]?.failure?.counterexample
    )
  })

  it('should catch an answer the API server would reject', () => {
    const resource = gadget()
    const badLabel: Converter = {
      from: 'v1',
      to: 'v2',
      convert: (object) => ({ ...object, metadata: { labels: { note: 'x'.repeat(64) } } }),
    }
    const broken = {
      ...resource,
      converters: [badLabel, ...resource.converters.slice(1)],
      paths: new Map([
        ...resource.paths,
        [
          'v1',
          new Map([
            ['v2', [badLabel]],
            ['v1', []],
          ]),
        ],
      ]),
    }
    const report = checkLosslessRoundTrips(broken, { numRuns: 5 })
    expect(report.checks[0]?.failure?.code).toBe('answer-refused')
    expect(report.checks[0]?.failure?.message).toContain('metadata.labels')
  })

  it('should catch a field the API server prunes because the target schema does not declare it', () => {
    // v2 declares `colour` in a strict spec: a converter that leaves `color` there loses it
    const strictSpec = (name: string) =>
      z.looseObject({
        spec: z.object({ size: z.int().optional(), [name]: z.string().optional() }).optional(),
      })
    const careless = defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions: {
        v1: { schema: strictSpec('color'), storage: true },
        v2: { schema: strictSpec('colour') },
      },
      converters: [
        { from: 'v1', to: 'v2', convert: (object) => object },
        { from: 'v2', to: 'v1', convert: (object) => object },
      ],
    })
    const report = checkLosslessRoundTrips(careless, { numRuns: 50 })
    expect(report.checks[0]?.failure?.code).toBe('data-lost')
    expect(report.checks[0]?.failure?.message).toMatch(
      /v1 → v2 → v1: .*\n {2}spec\.color: was ".*", came back absent/
    )
  })

  it('should check a direct converter against a longer path between the same versions', () => {
    const agreeing = hubWithShortcut(({ spec, ...rest }) => ({ ...rest, spec }))
    const agreeingReport = checkLosslessRoundTrips(agreeing, { numRuns: 20 })
    expect(agreeingReport.checks.map((check) => check.title)).toContain(
      'v1 → v3 agrees with v1 → v2 → v3'
    )
    expect(agreeingReport.ok).toBe(true)

    const disagreeing = hubWithShortcut(({ spec, ...rest }) =>
      spec === undefined ? rest : { ...rest, spec: { ...(spec as object), shortcut: true } }
    )
    const report = checkLosslessRoundTrips(disagreeing, { numRuns: 20 })
    const failure = report.checks.find(
      (check) => check.title === 'v1 → v3 agrees with v1 → v2 → v3'
    )?.failure
    expect(failure?.code).toBe('paths-disagree')
    expect(failure?.message).toContain('spec.shortcut: v1 → v3 gave true, v1 → v2 → v3 gave absent')
  })
})

/** v1, v2, v3 with the same fields, a chain both ways plus a direct v1 → v3 converter. */
function hubWithShortcut(shortcut: (object: KubeObject) => KubeObject) {
  const schema = z.looseObject({ spec: z.looseObject({ size: z.int() }) })
  const same = (object: KubeObject) => object
  return defineResource({
    group: 'example.com',
    kind: 'Thing',
    versions: { v1: { schema, storage: true }, v2: { schema }, v3: { schema } },
    converters: [
      { from: 'v1', to: 'v2', convert: same },
      { from: 'v2', to: 'v1', convert: same },
      { from: 'v2', to: 'v3', convert: same },
      { from: 'v3', to: 'v2', convert: same },
      { from: 'v1', to: 'v3', convert: shortcut },
    ],
  })
}
