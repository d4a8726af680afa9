import { describe, expect, it } from 'vitest'
import { createApp, type RequestOutcome } from '../../../packages/webhook/src/http/index.ts'
import {
  embeddedMetricFields,
  embeddedMetricLines,
} from '../../../packages/webhook/src/metrics/index.ts'
import { exampleScheme } from '../../../examples/index.ts'
import { postJson } from '../../support/hardening-fixtures.ts'
import { conversionReview, cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'

/** Each request's line as the Lambda writes it, beside the fields it stands for. */
async function linesAndFields(bodies: readonly unknown[]) {
  const written: string[] = []
  const writeLine = embeddedMetricLines(exampleScheme, (line) => written.push(line))
  const expected: Record<string, unknown>[] = []
  const app = createApp({
    allowUnauthenticated: true,
    scheme: exampleScheme,
    log: () => {},
    observe: (outcome: RequestOutcome, bindings: unknown) => {
      writeLine(outcome, bindings)
      expected.push(embeddedMetricFields(exampleScheme, outcome))
    },
  })
  for (const body of bodies) await app.request('/convert', postJson(body))
  return { written, expected }
}

/** The fields of a line, its timestamp aside (each side reads the clock itself). */
const withoutTimestamp = (fields: Record<string, unknown>) => {
  const { _aws, ...rest } = fields as { _aws: { Timestamp: number } & Record<string, unknown> }
  const { Timestamp, ...aws } = _aws
  expect(typeof Timestamp).toBe('number')
  return { ...rest, _aws: aws }
}

describe('embeddedMetricLines', () => {
  it.each([
    ['a converted review', conversionReview({ objects: [cronTabV1beta1({ name: 'a' })] })],
    [
      'a review with a failed object',
      conversionReview({ objects: [cronTabV1beta1({ hostPort: 'no port' })] }),
    ],
    [
      'a review back to the stored version',
      conversionReview({ desiredAPIVersion: 'example.com/v1beta1', objects: [cronTabV1()] }),
    ],
    [
      'a review of a kind this webhook does not serve',
      conversionReview({ objects: [{ ...cronTabV1beta1(), kind: 'Gadget' }] }),
    ],
    ['a body that is no review', { not: 'a review' }],
  ])('writes for %s the line embeddedMetricFields describes, key for key', async (_, body) => {
    const { written, expected } = await linesAndFields([body])
    expect(written).toHaveLength(1)
    const line = JSON.parse(written[0] as string) as Record<string, unknown>
    expect(Object.keys(line)).toEqual(Object.keys(expected[0] as object))
    expect(withoutTimestamp(line)).toEqual(withoutTimestamp(expected[0] as Record<string, unknown>))
  })

  it('labels each review by its own kind and versions when many come through one observer', async () => {
    const bodies = Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0
        ? conversionReview({ objects: [cronTabV1beta1()] })
        : conversionReview({
            desiredAPIVersion: 'example.com/v1beta1',
            objects: [{ ...cronTabV1(), kind: `Kind${index}` }],
          })
    )
    const { written, expected } = await linesAndFields(bodies)
    expect(written.map((line) => withoutTimestamp(JSON.parse(line)))).toEqual(
      expected.map(withoutTimestamp)
    )
  })
})
