import { describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import { convertChecked, describeProblem } from '../../../packages/webhook/src/review/index.ts'
import { schemeConvertingWith } from '../../support/resource-factory.ts'
import { cronTabV1beta1 } from '../../support/review-factory.ts'

describe('convertChecked', () => {
  it('converts an object the API server will take', () => {
    const result = convertChecked(exampleScheme, cronTabV1beta1(), 'example.com/v1')
    expect(result).toMatchObject({
      ok: true,
      object: { apiVersion: 'example.com/v1', port: '1234' },
    })
  })

  it('names the object, the versions and the field of a failed conversion', () => {
    const result = convertChecked(exampleScheme, cronTabV1beta1({ hostPort: 7 }), 'example.com/v1')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problem.rejected).toBeUndefined()
    expect(describeProblem(result.problem)).toMatch(
      /^CronTab default\/my-crontab, example\.com\/v1beta1 → example\.com\/v1: .*hostPort/
    )
  })

  it('fails an answer the API server would reject, keeping the rule and the answer', () => {
    const scheme = schemeConvertingWith((object) => ({
      ...object,
      metadata: { labels: { origin: 'v'.repeat(64) } },
    }))
    const object = { apiVersion: 'test.example.com/v1', kind: 'Probe', metadata: { name: 'p' } }
    const result = convertChecked(scheme, object, 'test.example.com/v2')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problem.rejected?.rule.code).toBe('label-invalid')
    expect(result.problem.rejected?.rule.message).toMatch(
      /^metadata\.labels\["origin"\] value: must be no more/
    )
    expect(result.problem.rejected?.answer).toMatchObject({ metadata: { name: 'p' } })
    expect(result.problem.code).toBe('answer-refused')
  })
})
