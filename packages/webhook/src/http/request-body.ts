export type BodyText =
  | { ok: true; text: string }
  | { ok: false; tooLarge: true }
  /** The body stream failed before its end: the client closed or reset the connection. */
  | { ok: false; aborted: string }

const BYTE_ORDER_MARK = 0xfeff
const TOO_LARGE: BodyText = { ok: false, tooLarge: true }
// one decoder for every streamed body: `decode` without `stream` keeps no state between calls
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * The request body as text, or `tooLarge` once it passes `maxBytes`: refused from a declared
 * Content-Length before reading, or while reading a body of unknown length; or `aborted` when
 * the client goes away mid-body. Unlike hono's `bodyLimit`, it never builds a new Request from
 * the old one, which leaks memory on Node 20 (undici keeps every derived Request's abort signal
 * alive). Decoded as UTF-8 without leading byte order marks (RFC 8259 lets a parser ignore one)
 * on every platform: a declared length is read with the platform's own `text()`, the cheapest
 * read there is, and a streamed body by one decoder.
 */
export function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  const declared = request.headers.get('content-length')
  if (declared !== null && !request.headers.has('transfer-encoding')) {
    if (Number(declared) > maxBytes) return Promise.resolve(TOO_LARGE)
    // the platform's own read: @hono/node-server's skips the web stream entirely
    return request.text().then(withoutByteOrderMarks, aborted)
  }
  return readStreamedText(request, maxBytes).catch(aborted)
}

async function readStreamedText(request: Request, maxBytes: number): Promise<BodyText> {
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
      return TOO_LARGE
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return withoutByteOrderMarks(utf8.decode(bytes))
}

// undici's and @hono/node-server's text() drop one mark, workerd's none: dropping every leading
// one reads the same text on each
function withoutByteOrderMarks(text: string): BodyText {
  let start = 0
  while (text.charCodeAt(start) === BYTE_ORDER_MARK) start++
  return { ok: true, text: start === 0 ? text : text.slice(start) }
}

// only the body stream can fail here: name what ended it, never a stack (it is no bug)
function aborted(error: unknown): BodyText {
  const code = (error as { code?: unknown } | null)?.code
  return { ok: false, aborted: typeof code === 'string' ? code : errorName(error) }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}
