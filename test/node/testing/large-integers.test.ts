import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { integerAsBigInt, jsonInteger } from '../../../packages/webhook/src/json/index.ts'
import { defineResource, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { checkLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'

const MeterV1 = z.looseObject({ spec: z.looseObject({ reading: z.int().optional() }).optional() })
const MeterV2 = z.looseObject({ spec: z.looseObject({ total: z.int().optional() }).optional() })

/** v1 `reading` is v2 `total`; `viaNumber` passes it through a double, as careless code would. */
function meter(viaNumber: boolean) {
  const copy = (value: unknown) => (viaNumber && typeof value === 'bigint' ? Number(value) : value)
  return defineResource({
    group: 'example.com',
    kind: 'Meter',
    versions: { v1: { schema: MeterV1, storage: true }, v2: { schema: MeterV2 } },
    converters: [
      {
        from: 'v1',
        to: 'v2',
        convert: ({ spec, ...rest }) => {
          if (spec === undefined) return rest
          const { reading, ...others } = spec
          return { ...rest, spec: { ...others, total: copy(reading) as number } }
        },
      },
      {
        from: 'v2',
        to: 'v1',
        convert: ({ spec, ...rest }) => {
          if (spec === undefined) return rest
          const { total, ...others } = spec
          // exact arithmetic over the whole int64 range: +0 through bigint and back
          const exact = integerAsBigInt(total)
          const reading = exact === undefined ? total : jsonInteger(exact + 0n)
          return { ...rest, spec: { ...others, reading: reading as number } }
        },
      },
    ],
  })
}

const bigMeter: KubeObject = {
  apiVersion: 'example.com/v1',
  kind: 'Meter',
  metadata: { name: 'm', namespace: 'default' },
  spec: { reading: 9223372036854775807n as unknown as number },
}

describe('the round-trip kit with integers past 2^53', () => {
  it('passes a converter that keeps them exact', () => {
    const report = checkLosslessRoundTrips(meter(false), { examples: [bigMeter], numRuns: 5 })
    expect(report.ok).toBe(true)
  })

  it('catches a converter that rounds them through a double, naming the field and both values', () => {
    const report = checkLosslessRoundTrips(meter(true), { examples: [bigMeter], numRuns: 5 })
    expect(report.ok).toBe(false)
    const failure = report.checks.find((check) => !check.ok)?.failure
    expect(failure?.code).toBe('data-lost')
    expect(failure?.message).toContain(
      'spec.reading: was 9223372036854775807, came back 9223372036854776000'
    )
  })
})
