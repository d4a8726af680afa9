import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { stashedBackupReview } from '../../support/hostile-stash.ts'

interface Answer {
  response: { result: { status: string; message?: string }; convertedObjects?: unknown[] }
}

const convert = async (body: string) => {
  const response = await SELF.fetch('https://crdconv.example/convert', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, answer: (await response.json()) as Answer }
}

describe('a stash built to get past the limits, inside workerd', () => {
  it.each([
    ['nested 30,000 deep', { depth: 30_000 }, /nests more than 64 levels deep/],
    ['larger than its budget', { padding: 70_000 }, /over the stash's limit of 65536 bytes/],
  ])('fails a stash %s with 200, naming the object and the limit', async (_what, stash, limit) => {
    const { status, answer } = await convert(stashedBackupReview(stash))
    expect(status).toBe(200)
    expect(answer.response.result.status).toBe('Failed')
    expect(answer.response.convertedObjects).toBeUndefined()
    expect(answer.response.result.message).toContain('prod/db')
    expect(answer.response.result.message).toMatch(limit)
  })

  it('still restores a stash within the limits', async () => {
    const { answer } = await convert(stashedBackupReview({ depth: 2, padding: 3 }))
    expect(answer.response.result.status).toBe('Success')
  })
})
