// Raw TCP connections to a server on loopback, for the tests of the Node server's connection
// handling: what the server wrote back, when it closed, and closing every one after a test.
import { connect, type Socket } from 'node:net'

export type OpenSocket = Socket & {
  /** Everything the server has written back so far. */
  received: () => string
  /** Settles when the connection closes, from either side. */
  ended: Promise<void>
}

const opened: Socket[] = []

/** A raw connection to `127.0.0.1:port`, from `localAddress` (any of 127.0.0.0/8). */
export function openSocket(port: number, localAddress = '127.0.0.1'): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }) as OpenSocket
    const chunks: string[] = []
    socket.received = () => chunks.join('')
    socket.ended = new Promise((done) => socket.once('close', () => done()))
    socket.on('data', (chunk) => chunks.push(String(chunk)))
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
    opened.push(socket)
  })
}

/**
 * A connection in the middle of a request: headers sent, body held back, so the server reads
 * on until its request timeout (the server has taken the request once its `request` event ran).
 */
export async function openMidRequest(port: number, localAddress?: string): Promise<OpenSocket> {
  const socket = await openSocket(port, localAddress)
  socket.write(
    'POST /convert HTTP/1.1\r\nHost: crdconv\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\n\r\n{'
  )
  return socket
}

/** Resolves once the socket has received `text`; rejects when it closes first. */
export function receive(socket: OpenSocket, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!socket.received().includes(text)) return
      socket.off('data', check)
      resolve()
    }
    socket.on('data', check)
    void socket.ended.then(() => reject(new Error(`closed before ${JSON.stringify(text)}`)))
    check()
  })
}

/** Destroys every socket `openSocket` opened: for `afterEach`. */
export function closeOpenedSockets(): void {
  for (const socket of opened.splice(0)) socket.destroy()
}

/** Every socket `openSocket` opened and not yet closed by `closeOpenedSockets`. */
export function openedSockets(): readonly Socket[] {
  return opened
}
