import { ConversionError } from '@crdconv/webhook'

export interface HostAndPort {
  host: string
  port: string
}

/**
 * Splits `host:port` the way Go's `net.SplitHostPort` does, IPv6 in brackets (`[::1]:8080`).
 * Rejects what could not be joined back to the same text, so a round-trip never loses data.
 */
export function splitHostPort(hostPort: string): HostAndPort {
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']')
    if (close === -1) throw cannotSplit(hostPort, 'missing "]" after an IPv6 address')
    const host = hostPort.slice(1, close)
    if (!host.includes(':')) throw cannotSplit(hostPort, 'only IPv6 addresses go in brackets')
    if (hostPort[close + 1] !== ':') throw cannotSplit(hostPort, 'missing ":port" after "]"')
    const port = hostPort.slice(close + 2)
    if (port.includes(':') || port.includes(']')) {
      throw cannotSplit(hostPort, 'unexpected characters in the port')
    }
    return { host, port }
  }
  const colon = hostPort.indexOf(':')
  if (colon === -1) throw cannotSplit(hostPort, 'missing ":port"')
  if (hostPort.indexOf(':', colon + 1) !== -1) {
    throw cannotSplit(
      hostPort,
      'too many colons (write an IPv6 address in brackets, like [::1]:8080)'
    )
  }
  if (hostPort.includes('[') || hostPort.includes(']')) {
    throw cannotSplit(hostPort, 'unexpected "[" or "]"')
  }
  return { host: hostPort.slice(0, colon), port: hostPort.slice(colon + 1) }
}

/** The conversion failure for a `hostPort` that does not split, with the reason. */
function cannotSplit(hostPort: string, why: string): ConversionError {
  return new ConversionError(
    `hostPort ${JSON.stringify(hostPort)} could not be parsed into a separate host and port: ${why}`,
    { field: 'hostPort' }
  )
}

/** Joins what `splitHostPort` split: `joinHostPort(splitHostPort(x))` is `x`. */
export function joinHostPort({ host, port }: HostAndPort): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
}
