export type BodyText = { ok: true; text: string } | { ok: false; tooLarge: true }

/**
 * The request body as text, or `tooLarge` once it passes `maxBytes`: refused from a declared
 * Content-Length before reading, or while reading a body of unknown length. Unlike hono's
 * `bodyLimit`, it never builds a new Request from the old one, which leaks memory on Node 20
 * (undici keeps every derived Request's abort signal alive).
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  const declared = request.headers.get('content-length')
  if (declared !== null && !request.headers.has('transfer-encoding')) {
    return Number(declared) > maxBytes
      ? { ok: false, tooLarge: true }
      : { ok: true, text: await request.text() }
  }
  if (request.body === null) return { ok: true, text: '' }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return { ok: false, tooLarge: true }
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, text: new TextDecoder().decode(bytes) }
}
