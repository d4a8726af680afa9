import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { defineResource, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { checkLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'

type Convert = (object: KubeObject) => KubeObject

const copy: Convert = (object) => ({ ...object })

/** A resource converted by `there` from v1 to v2 and `back` the other way. */
function dial(
  v1: z.ZodType,
  v2: z.ZodType,
  examples: Record<string, unknown>[] = [],
  there: Convert = copy,
  back: Convert = copy
) {
  return defineResource({
    group: 'example.com',
    kind: 'Dial',
    versions: { v1: { schema: v1, storage: true, examples }, v2: { schema: v2 } },
    converters: [
      { from: 'v1', to: 'v2', convert: there },
      { from: 'v2', to: 'v1', convert: back },
    ],
  })
}

const checkOf = (report: ReturnType<typeof checkLosslessRoundTrips>, title: string) =>
  report.checks.find((check) => check.title === title)

// the converters only copy spec: what v2 refuses is a difference nobody decided (an import's TODO)
const CARRIED_OVER = [
  [
    'an enum value the target does not have',
    z.object({ spec: z.object({ mode: z.enum(['fast', 'slow']) }) }),
    z.object({ spec: z.object({ mode: z.enum(['fast', 'careful']) }) }),
    { spec: { mode: 'slow' } },
    'v1 → v2: spec.mode: not one of "fast", "careful"',
  ],
  [
    'a field the target requires left out',
    z.object({ spec: z.object({ size: z.int() }) }),
    z.object({ spec: z.object({ size: z.int(), owner: z.string() }) }),
    { spec: { size: 3 } },
    'v1 → v2: spec.owner: required, absent',
  ],
  [
    'a format the target holds broken',
    z.object({ spec: z.object({ contact: z.string() }) }),
    z.object({ spec: z.object({ contact: z.email() }) }),
    { spec: { contact: 'ops team' } },
    'v1 → v2: spec.contact: not a valid email',
  ],
  [
    'a type changed, in every item of a list',
    z.object({ spec: z.object({ ports: z.array(z.object({ number: z.int() })) }) }),
    z.object({ spec: z.object({ ports: z.array(z.object({ number: z.string() })) }) }),
    { spec: { ports: [{ number: 80 }, { number: 443 }] } },
    'v1 → v2: spec.ports[].number: not a string',
  ],
] as const

describe('answers a client can write back', () => {
  it('judges every answer by default, and not with writable: false', () => {
    const [, v1, v2, example] = CARRIED_OVER[0]
    const resource = dial(v1, v2, [example])
    expect(checkLosslessRoundTrips(resource, { numRuns: 5 }).ok).toBe(false)
    expect(checkLosslessRoundTrips(resource, { numRuns: 5, writable: false }).ok).toBe(true)
  })

  it.each(CARRIED_OVER)(
    'names %s carried over as it was once, in one check for the resource',
    (_, v1, v2, example, refusal) => {
      const report = checkLosslessRoundTrips(dial(v1, v2, [example]), { numRuns: 20 })
      const unwritable = report.checks.filter((check) => check.kind === 'writable')
      expect(unwritable).toHaveLength(1)
      expect(unwritable[0]?.failure?.code).toBe('answer-not-writable')
      const message = unwritable[0]?.failure?.message ?? ''
      expect(message).toContain(`  ${refusal} (met in v1 → v2 → v1)`)
      expect(message.split(refusal)).toHaveLength(2)
      // the round trips themselves pass: nothing lost, nothing a converter wrote
      expect(checkOf(report, 'v1 → v2 → v1')?.ok).toBe(true)
      expect(report.summary).toMatch(
        /\n {2}✗ answers a client can write back\n {4}Dial.example.com: /
      )
    }
  )

  it.each([
    [
      'an enum value it maps wrongly',
      z.object({ spec: z.object({ mode: z.enum(['fast', 'slow']) }) }),
      z.object({ spec: z.object({ mode: z.enum(['Fast', 'Slow']) }) }),
      { spec: { mode: 'slow' } },
      (object: KubeObject) => ({ ...object, spec: { mode: 'SLOW' } }),
      'spec.mode: not one of "Fast", "Slow"',
    ],
    [
      'a port it splits out of range',
      z.object({ spec: z.object({ endpoint: z.string() }) }),
      z.object({ spec: z.object({ port: z.int().min(1) }) }),
      { spec: { endpoint: 'db:' } },
      (object: KubeObject) => ({ ...object, spec: { port: 0 } }),
      'spec.port: under the minimum 1',
    ],
  ])('fails the round trip whose converter wrote %s', (_, v1, v2, example, there, refusal) => {
    const report = checkLosslessRoundTrips(dial(v1, v2, [example], there), { numRuns: 5 })
    const failure = checkOf(report, 'v1 → v2 → v1')?.failure
    expect(failure?.code).toBe('answer-not-writable')
    expect(failure?.message).toContain(
      "v1 → v2 gave an answer a client could not write back: v2's schema refuses it"
    )
    expect(failure?.message).toContain(`  ${refusal}`)
  })

  it('does not blame the converters for an object its own version already refuses', () => {
    const strict = z.object({ spec: z.object({ mode: z.enum(['fast']) }) })
    const recorded: KubeObject = {
      apiVersion: 'example.com/v1',
      kind: 'Dial',
      metadata: { name: 'old' },
      spec: { mode: 'legacy' },
    }
    const report = checkLosslessRoundTrips(dial(strict, strict), {
      numRuns: 5,
      examples: [recorded],
    })
    expect(report.ok).toBe(true)
  })

  it('leaves partial objects unjudged: fragments no client writes back whole', () => {
    const [, v1, v2, example] = CARRIED_OVER[1]
    const report = checkLosslessRoundTrips(dial(v1, v2, [example]), {
      numRuns: 5,
      partial: true,
    })
    expect(report.checks.filter((check) => check.kind === 'writable')).toEqual([])
  })
})
