import { describe, expect, it } from 'vitest'
import { reviewLine } from '../../../packages/crdconv/src/dev/index.ts'

describe("crdconv dev's line per review", () => {
  it.each([
    [
      'what converted, from where to where',
      {
        message: 'conversion review',
        status: 200,
        outcome: 'Success',
        durationMs: 0.61,
        objectCount: 3,
        failedCount: 0,
        conversions: [
          { kind: 'CronTab', from: 'example.com/v1beta1', to: 'example.com/v1', count: 2 },
          { kind: 'CronTab', from: 'example.com/v1alpha1', to: 'example.com/v1', count: 1 },
        ],
      },
      'review: 2 CronTab example.com/v1beta1 → example.com/v1, 1 CronTab example.com/v1alpha1 → example.com/v1, Success (0.6 ms)',
    ],
    [
      'how many failed',
      {
        message: 'conversion review',
        status: 200,
        outcome: 'Failed',
        durationMs: 1.25,
        objectCount: 1,
        failedCount: 1,
        conversions: [
          { kind: 'CronTab', from: 'example.com/v1', to: 'example.com/v1beta1', count: 1 },
        ],
      },
      'review: 1 CronTab example.com/v1 → example.com/v1beta1, Failed (1 failed) (1.3 ms)',
    ],
    [
      'a request that was no review, with its status and problem',
      {
        message: 'conversion review',
        status: 400,
        outcome: 'Invalid',
        durationMs: 0.2,
        problem: 'request.uid: expected string',
      },
      'review: Invalid, HTTP 400: request.uid: expected string (0.2 ms)',
    ],
    ...[
      [1, 'review: 1 object, Failed, HTTP 200: kind Widget is not served (0.3 ms)'],
      [2, 'review: 2 objects, Failed, HTTP 200: kind Widget is not served (0.3 ms)'],
    ].map(
      ([objectCount, line]) =>
        [
          `the objects of a review nothing converted, counted: ${objectCount}`,
          {
            message: 'conversion review',
            status: 200,
            outcome: 'Failed',
            durationMs: 0.3,
            objectCount: objectCount as number,
            problem: 'kind Widget is not served',
          },
          line as string,
        ] as const
    ),
  ] as const)('says %s', (_, entry, line) => {
    expect(reviewLine(entry)).toBe(line)
  })
})
