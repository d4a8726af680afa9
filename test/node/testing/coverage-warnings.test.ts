// Coverage's warnings are few enough to read: a field the converter fills from text it parses is
// filled, and a subtree nothing fills is one line with a count, not one line per field.
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { defineResource } from '../../../packages/webhook/src/scheme/index.ts'
import {
  conversionCoverage,
  coverageFindings,
  type PairCoverage,
} from '../../../packages/crdconv/src/testing/index.ts'

const MachineV1 = z.object({
  spec: z.object({ name: z.string(), drainTimeout: z.string() }).partial().optional(),
})

const Template = z
  .object({
    metadata: z.object({ name: z.string(), labels: z.record(z.string(), z.string()) }).partial(),
    spec: z
      .object({
        nodeName: z.string(),
        containers: z.array(
          z.object({ name: z.string(), image: z.string(), args: z.array(z.string()) }).partial()
        ),
      })
      .partial(),
  })
  .partial()

const MachineV2 = z.object({
  spec: z
    .object({
      name: z.string(),
      deletion: z.object({ drainSeconds: z.int().min(0) }).partial(),
      template: Template,
      extra: z.string(),
    })
    .partial()
    .optional(),
})

/** Seconds of a Go duration such as `1m30s`, or `undefined` for text that is not one. */
function seconds(duration: string): number | undefined {
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration)
  if (parts === null || duration === '') return undefined
  const [hours = 0, minutes = 0, secs = 0] = parts.slice(1).map((part) => Number(part ?? 0))
  return hours * 3600 + minutes * 60 + secs
}

// v1's drainTimeout (a Go duration) becomes v2's deletion.drainSeconds; nothing fills template
const machine = defineResource({
  group: 'coverage.example.com',
  kind: 'Machine',
  versions: { v1: { schema: MachineV1, storage: true }, v2: { schema: MachineV2 } },
  converters: [
    {
      from: 'v1',
      to: 'v2',
      convert: ({ spec, ...rest }) => {
        if (spec === undefined) return rest
        const { drainTimeout, ...others } = spec
        const drainSeconds = drainTimeout === undefined ? undefined : seconds(drainTimeout)
        return {
          ...rest,
          spec: {
            ...others,
            ...(drainSeconds === undefined ? {} : { deletion: { drainSeconds } }),
          },
        }
      },
    },
    {
      from: 'v2',
      to: 'v1',
      convert: ({ spec, ...rest }) => {
        if (spec === undefined) return rest
        const { deletion, template: _template, extra: _extra, ...others } = spec
        const drainSeconds = deletion?.drainSeconds
        return {
          ...rest,
          spec: {
            ...others,
            ...(drainSeconds === undefined ? {} : { drainTimeout: `${drainSeconds}s` }),
          },
        }
      },
    },
  ],
})

const report = conversionCoverage(machine, { pairs: [['v1', 'v2']] })
const pair = report.pairs[0] as PairCoverage

describe('coverage warnings', () => {
  it('reports a field the converter fills from a parsed duration as filled, from its source', () => {
    expect(
      pair.targets.find((target) => target.field === '.spec.deletion.drainSeconds')
    ).toMatchObject({
      outcome: 'filled',
      from: ['.spec.drainTimeout'],
    })
    expect(coverageFindings(report).warnings.map((warning) => warning.path)).not.toContain(
      '.spec.deletion.drainSeconds'
    )
  })

  it('says a subtree nothing fills once, at its top-most parent, with a count', () => {
    expect(coverageFindings(report).warnings).toEqual([
      {
        code: 'never-filled',
        path: '.spec.template',
        message:
          "Machine.coverage.example.com v1 → v2: v2's .spec.template is never filled: none of the 6 fields below it without a default; fill it in the converter from v1's fields, or give them defaults in v2's schema",
      },
      {
        code: 'never-filled',
        path: '.spec.extra',
        message:
          "Machine.coverage.example.com v1 → v2: v2's .spec.extra is never filled and has no default: fill it in the converter from v1's fields, or give it a default in v2's schema",
      },
    ])
  })
})
