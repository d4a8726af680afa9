import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  ConversionError,
  defineResource,
  restoreStashedFields,
  stashFields,
  type KubeObject,
  type StashOptions,
} from '../../../packages/webhook/src/scheme/index.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
  expectLosslessRoundTrips,
  type RoundTripReport,
} from '../../../packages/crdconv/src/testing/index.ts'

const note = z.string().max(70_000)
const NoteV1 = z.looseObject({
  spec: z.looseObject({ size: z.int().optional(), note: note.optional() }).optional(),
})
// every object generated at v1 has a note (the converters cope with NoteV1's, a wider type)
const NotedV1 = z.looseObject({ spec: z.looseObject({ size: z.int().optional(), note }) })
const NoteV2 = z.looseObject({ spec: z.looseObject({ size: z.int().optional() }).optional() })

interface NoteOptions {
  /** v1's schema: `NoteV1` unless told. */
  readonly v1?: typeof NoteV1
  /** The way there throws a `ConversionError` of its own with this message first. */
  readonly refuse?: string
  /** The stash's options on the way there. */
  readonly stash?: StashOptions
}

/**
 * v1's `spec.note`, up to 70,000 characters, has no place in v2: the way there stashes it, the
 * way back restores it. A note at its longest does not fit the stash's 64 KiB.
 */
function notes(options: NoteOptions = {}) {
  return defineResource({
    group: 'example.com',
    kind: 'Note',
    versions: { v1: { schema: options.v1 ?? NoteV1, storage: true }, v2: { schema: NoteV2 } },
    converters: [
      {
        from: 'v1',
        to: 'v2',
        convert: ({ spec, ...rest }, context) => {
          if (options.refuse !== undefined) throw new ConversionError(options.refuse)
          if (spec === undefined) return rest
          const { note, ...others } = spec
          return stashFields({ ...rest, spec: others }, context, { note }, options.stash)
        },
      },
      {
        from: 'v2',
        to: 'v1',
        convert: (object, context) => {
          const { object: unstashed, fields } = restoreStashedFields(object, context)
          const note = fields?.['note']
          if (note === undefined) return unstashed
          return { ...unstashed, spec: { ...unstashed.spec, note } }
        },
      },
    ],
  })
}

/** A v1 note at the longest its schema allows: its stash would take over 64 KiB. */
const longest: KubeObject = {
  apiVersion: 'example.com/v1',
  kind: 'Note',
  metadata: { name: 'longest', namespace: 'default' },
  spec: { note: 'a'.repeat(70_000) },
}

const checkOf = (report: RoundTripReport, title: string) =>
  report.checks.find((check) => check.title === title)

describe('the round-trip kit and the stash budget', () => {
  it('passes a resource some of whose objects the stash cannot hold, counting them in the summary', () => {
    for (const seed of [1, 2, 3]) {
      const report = checkLosslessRoundTrips(notes(), { seed, numRuns: 20, examples: [longest] })
      expect(report.ok, report.summary).toBe(true)
      const trip = checkOf(report, 'v1 → v2 → v1')
      expect(trip?.runs).toBe(20)
      const overBudget = trip?.overBudget ?? 0
      expect(overBudget).toBeGreaterThanOrEqual(1)
      expect(report.summary).toContain(
        `  ✓ v1 → v2 → v1\n    ${overBudget} of ${20 + overBudget} objects generated at v1 were refused as over the stash budget (stash-too-large): a limit of these versions, nothing lost; they were left out`
      )
      expect(checkOf(report, 'v2 → v1 → v2')?.overBudget).toBe(0)
    }
    expect(() => expectLosslessRoundTrips(notes(), { examples: [longest] })).not.toThrow()
  })

  it('still fails with converter-refused when a converter throws a ConversionError of its own, whatever it says', () => {
    const refuse = 'spec.note would take 70000 bytes, over its budget of 65536 bytes'
    const report = checkLosslessRoundTrips(notes({ refuse }), { seed: 1, numRuns: 5 })
    const trip = checkOf(report, 'v1 → v2 → v1')
    expect(trip?.ok).toBe(false)
    expect(trip?.overBudget).toBe(0)
    expect(trip?.failure?.code).toBe('conversion-failed')
    expect(trip?.failure?.conversionCode).toBe('converter-refused')
    expect(trip?.failure?.message).toContain(`v1 → v2 failed: ${refuse}`)
  })

  it('fails a check where every generated object is over the stash budget, saying how many and why', () => {
    // the stash's key alone takes 28 bytes: nothing fits a budget of 16
    const v1 = NotedV1 as unknown as typeof NoteV1
    const report = checkLosslessRoundTrips(notes({ v1, stash: { maxBytes: 16 } }), {
      seed: 1,
      numRuns: 5,
    })
    expect(report.ok).toBe(false)
    const trip = checkOf(report, 'v1 → v2 → v1')
    expect(trip?.failure?.code).toBe('stash-too-large')
    // fast-check stops once more than 10 objects per object asked for were left out
    expect(trip?.overBudget).toBeGreaterThan(5 * 10)
    const total = (trip?.runs ?? 0) + (trip?.overBudget ?? 0)
    expect(trip?.failure?.message).toContain(
      `Note.example.com: v1 → v2 → v1: ${trip?.overBudget} of ${total} objects generated at v1 were refused as over the stash budget (stash-too-large)`
    )
    expect(trip?.failure?.message).toMatch(
      /\n {2}first refusal: v1 → v2 .*over its budget of 16 bytes/
    )
    // v2's objects come back to v1 without NotedV1's required note: answers no client could write
    const unwritable = checkOf(report, 'answers a client can write back')?.failure
    expect(unwritable?.code).toBe('answer-not-writable')
    expect(report.summary).toMatch(/2 of 3 checks failed$/)
  })

  it('counts the objects coverage leaves out as over the stash budget apart from failed conversions', () => {
    const [there] = conversionCoverage(notes(), { pairs: [['v1', 'v2']] }).pairs
    expect(there?.overBudget).toBeGreaterThan(0)
    expect(there?.failed).toBe(0)
    expect(there?.sources.find((source) => source.field === '.spec.note')?.outcome).toBe('stashed')
  })
})
