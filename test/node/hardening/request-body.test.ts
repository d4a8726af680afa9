import { describe, expect, it } from 'vitest'
import { readBodyText } from '../../../packages/webhook/src/http/request-body.ts'

/** A POST whose body arrives as a stream of `chunks`, with no Content-Length (chunked upload). */
function streamed(chunks: string[]): Request {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)))
      controller.close()
    },
  })
  return new Request('http://x/convert', { method: 'POST', body, duplex: 'half' } as RequestInit)
}

describe('readBodyText', () => {
  it('reads a streamed body of unknown length within the limit', async () => {
    const result = await readBodyText(streamed(['{"a":', '"x€y"}']), 100)
    expect(result).toEqual({ ok: true, text: '{"a":"x€y"}' })
  })

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const result = await readBodyText(streamed(['x'.repeat(60), 'x'.repeat(60)]), 100)
    expect(result).toEqual({ ok: false, tooLarge: true })
  })

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const request = new Request('http://x/convert', {
      method: 'POST',
      headers: { 'content-length': '1000' },
      body: 'x'.repeat(1000),
    })
    expect(await readBodyText(request, 100)).toEqual({ ok: false, tooLarge: true })
    expect(request.bodyUsed).toBe(false)
  })

  it('reads a body within a declared Content-Length, and an absent body as empty', async () => {
    const request = new Request('http://x/convert', {
      method: 'POST',
      headers: { 'content-length': '2' },
      body: '{}',
    })
    expect(await readBodyText(request, 100)).toEqual({ ok: true, text: '{}' })
    expect(await readBodyText(new Request('http://x/convert', { method: 'POST' }), 100)).toEqual({
      ok: true,
      text: '',
    })
  })
})
