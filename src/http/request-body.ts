export type BodyText =
  | { ok: true; text: string }
  | { ok: false; tooLarge: true }
  /** The body stream failed before its end: the client closed or reset the connection. */
  | { ok: false; aborted: string }

const BYTE_ORDER_MARK = 0xfeff

/**
 * The request body as text, or `tooLarge` once it passes `maxBytes`: refused from a declared
 * Content-Length before reading, or while reading a body of unknown length; or `aborted` when
 * the client goes away mid-body. Unlike hono's `bodyLimit`, it never builds a new Request from
 * the old one, which leaks memory on Node 20 (undici keeps every derived Request's abort signal
 * alive). Decoded as UTF-8 by one decoder on every platform, and one leading byte order mark is
 * dropped (RFC 8259 lets a parser ignore it), so Node, Lambda and workerd read the same text.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  try {
    const bytes = await readBodyBytes(request, maxBytes)
    if (bytes === undefined) return { ok: false, tooLarge: true }
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    return { ok: true, text: text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text }
  } catch (error) {
    // only the body stream can fail here: name what ended it, never a stack (it is no bug)
    const code = (error as { code?: unknown } | null)?.code
    return { ok: false, aborted: typeof code === 'string' ? code : errorName(error) }
  }
}

async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get('content-length')
  if (declared !== null && !request.headers.has('transfer-encoding')) {
    return Number(declared) > maxBytes ? undefined : new Uint8Array(await request.arrayBuffer())
  }
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}
