// The status-prediction bench (bench/status-prediction-bench.ts) at a tiny size on the real API
// servers: every figure status predicts is there beside a measured one, the counts agree, and
// each ratio is the quotient of the two. No assertion is on a duration.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  predictionLine,
  predictionOnRelease,
  type StatusPredictionRelease,
} from '../../../bench/status-prediction-bench.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'

describe('predictionLine', () => {
  it.each([
    { predicted: 100, measured: 100, ratio: 1, withinTwice: true },
    { predicted: 100, measured: 200, ratio: 0.5, withinTwice: true },
    { predicted: 100, measured: 50, ratio: 2, withinTwice: true },
    { predicted: 100, measured: 201, ratio: 0.5, withinTwice: false },
    { predicted: 201, measured: 100, ratio: 2.01, withinTwice: false },
    { predicted: 1, measured: 0, ratio: Number.POSITIVE_INFINITY, withinTwice: false },
  ])(
    'predicted $predicted beside measured $measured: ratio $ratio, within twice: $withinTwice',
    ({ predicted, measured, ratio, withinTwice }) => {
      expect(predictionLine('a figure', 'ms', predicted, measured)).toMatchObject({
        ratio,
        withinTwice,
      })
    }
  )
})

const OBJECTS = 6
const BURST = 4

describeWithApiServer('the status-prediction bench at a tiny size', (release) => {
  const oldest = release.name.includes('(oldest)')
  let figures: StatusPredictionRelease

  beforeAll(async () => {
    figures = await predictionOnRelease(release, { rttMs: 10, objects: OBJECTS, bursts: [BURST] })
  }, 4 * API_SERVER_START_MS)

  it(`has the figures status predicts on this release, each beside a measured one`, () => {
    const figuresShown = figures.lines.map((line) => line.figure)
    expect(figuresShown.slice(0, 2)).toEqual([
      'one review through the API server',
      `reviews per write (${BURST} creates at v1beta1)`,
    ])
    expect(figuresShown.slice(2)).toEqual(
      oldest
        ? [`a LIST at v1 of ${OBJECTS + BURST} objects, over one at v1beta1`]
        : [`a consistent LIST right after ${BURST} writes, over one at rest`]
    )
    expect(figures).toMatchObject({ rttMs: 10, stored: OBJECTS, roundTripSource: 'metrics' })
    for (const line of figures.lines) {
      expect(Number.isFinite(line.predicted), line.figure).toBe(true)
      expect(Number.isFinite(line.measured), line.figure).toBe(true)
    }
  })

  it('counts one review per write, as status predicts with one other served version', () => {
    const perWrite = figures.lines[1]
    expect(perWrite).toMatchObject({ unit: 'reviews', predicted: 1, measured: 1, ratio: 1 })
  })
})
