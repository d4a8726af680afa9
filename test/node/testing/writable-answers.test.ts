import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { defineResource, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { checkLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'

/** A resource whose converters copy `spec` as it is between a v1 and a v2 schema. */
function copying(v1: z.ZodType, v2: z.ZodType, examples: Record<string, unknown>[] = []) {
  const copy = (object: KubeObject) => ({ ...object })
  return defineResource({
    group: 'example.com',
    kind: 'Dial',
    versions: { v1: { schema: v1, storage: true, examples }, v2: { schema: v2 } },
    converters: [
      { from: 'v1', to: 'v2', convert: copy },
      { from: 'v2', to: 'v1', convert: copy },
    ],
  })
}

describe('answers a client can write back', () => {
  it.each([
    [
      'an enum value the target does not have',
      z.object({ spec: z.object({ mode: z.enum(['fast', 'slow']) }) }),
      z.object({ spec: z.object({ mode: z.enum(['fast', 'careful']) }) }),
      { spec: { mode: 'slow' } },
      'spec.mode: not one of "fast", "careful"',
    ],
    [
      'a field the target requires left out',
      z.object({ spec: z.object({ size: z.int() }) }),
      z.object({ spec: z.object({ size: z.int(), owner: z.string() }) }),
      { spec: { size: 3 } },
      'spec.owner: required, absent',
    ],
    [
      'a format the target holds broken',
      z.object({ spec: z.object({ contact: z.string() }) }),
      z.object({ spec: z.object({ contact: z.email() }) }),
      { spec: { contact: 'ops team' } },
      'spec.contact: not a valid email',
    ],
  ])('fails a round trip that comes back whole through %s', (_, v1, v2, example, refusal) => {
    const report = checkLosslessRoundTrips(copying(v1, v2, [example]), {
      numRuns: 5,
      writable: true,
    })
    const failure = report.checks.find((check) => check.title === 'v1 → v2 → v1')?.failure
    expect(failure?.code).toBe('answer-not-writable')
    expect(failure?.message).toContain(
      "v1 → v2 gave an answer a client could not write back: v2's schema refuses it"
    )
    expect(failure?.message).toContain(refusal)
  })

  it('does not blame the converters for an object its own version already refuses', () => {
    const strict = z.object({ spec: z.object({ mode: z.enum(['fast']) }) })
    const recorded: KubeObject = {
      apiVersion: 'example.com/v1',
      kind: 'Dial',
      metadata: { name: 'old' },
      spec: { mode: 'legacy' },
    }
    const report = checkLosslessRoundTrips(copying(strict, strict), {
      numRuns: 5,
      writable: true,
      examples: [recorded],
    })
    expect(report.ok).toBe(true)
  })
})
