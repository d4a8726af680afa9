/** A v1beta1 Cache's address: `host` and `port`. */
export interface HostAndPort {
  host: string
  port: number
}

/**
 * Splits `host:port` at the last colon, the port as a number; without a colon, or with a port
 * that is not a number, it is all host. What does not join back to the same text (`db`,
 * `db:06379`) is kept in the stash by the declared split, so nothing is lost.
 */
export function splitEndpoint(endpoint: string): Partial<HostAndPort> {
  const colon = endpoint.lastIndexOf(':')
  const port = Number(endpoint.slice(colon + 1))
  if (colon === -1 || !Number.isInteger(port)) return { host: endpoint }
  return { host: endpoint.slice(0, colon), port }
}

/** Joins what `splitEndpoint` split. */
export function joinEndpoint({ host, port }: HostAndPort): string {
  return `${host}:${port}`
}
