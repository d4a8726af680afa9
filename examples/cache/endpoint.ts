/** A v1beta1 Cache's address: `host` and `port`. */
export interface HostAndPort {
  host: string
  port: number
}

/** The ports v1beta1 and v1 accept: what `splitEndpoint` writes must be writable there. */
const LOWEST_PORT = 1
const HIGHEST_PORT = 65535

/**
 * Splits `host:port` at the last colon, the port as a number; without a colon, or with a port
 * that is not decimal digits from 1 to 65535 (`db:`, `db:0`, `db:70000`, `db:http`), it is all
 * host, since v1beta1 refuses such a port. What does not join back to the same text (`db`,
 * `db:06379`) is kept in the stash by the declared split, so nothing is lost.
 */
export function splitEndpoint(endpoint: string): Partial<HostAndPort> {
  const colon = endpoint.lastIndexOf(':')
  const digits = endpoint.slice(colon + 1)
  const port = Number(digits)
  if (colon === -1 || !/^[0-9]+$/.test(digits) || port < LOWEST_PORT || port > HIGHEST_PORT) {
    return { host: endpoint }
  }
  return { host: endpoint.slice(0, colon), port }
}

/** Joins what `splitEndpoint` split. */
export function joinEndpoint({ host, port }: HostAndPort): string {
  return `${host}:${port}`
}
