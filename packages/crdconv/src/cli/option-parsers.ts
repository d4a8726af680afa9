import { InvalidArgumentError } from 'commander'
import { parsePositiveInteger, SettingsError } from '@crdconv/webhook/http'
import { UsageError } from '../command-io/index.ts'
import type { ServiceReference } from '../lifecycle/index.ts'

export function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('must be a whole number from 0 to 65535')
  }
  return port
}

/** A whole number above 0, by the same rule as the `CONVERT_*` variables. */
export function parseCount(value: string): number {
  try {
    return parsePositiveInteger(value, 'value')
  } catch (error) {
    if (error instanceof SettingsError)
      throw new InvalidArgumentError('must be a whole number above 0')
    throw error
  }
}

/**
 * A commander parser for a duration in seconds above 0; with `max`, a whole number up to it.
 *
 * @example
 * ```ts
 * command.option('--timeout <seconds>', 'how long to wait', parseSeconds(), 10)
 * ```
 */
export function parseSeconds(max?: number): (value: string) => number {
  return (value) => {
    const seconds = Number(value)
    if (max !== undefined) {
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > max) {
        throw new InvalidArgumentError(`must be a whole number of seconds from 1 to ${max}`)
      }
    } else if (!Number.isFinite(seconds) || seconds <= 0) {
      throw new InvalidArgumentError('must be a positive number of seconds')
    }
    return seconds
  }
}

/** A whole number, negative ones too: a fast-check seed. */
export function parseSeed(value: string): number {
  const seed = Number(value)
  if (value.trim() === '' || !Number.isSafeInteger(seed)) {
    throw new InvalidArgumentError('must be a whole number')
  }
  return seed
}

/** A whole number from 0 up: a count where none is a choice (`--generated 0`). */
export function parseCountOrNone(value: string): number {
  return value.trim() === '0' ? 0 : parseCount(value)
}

/**
 * `namespace/name[:port][/path]` as a Service reference, or a usage error naming `option`.
 *
 * @example
 * ```ts
 * parseServiceReference('pools/pool-webhook:9443', '--service') // { namespace: 'pools', name: 'pool-webhook', port: 9443, path: '/convert' }
 * ```
 */
export function parseServiceReference(value: string, option: string): ServiceReference {
  const match = /^([a-z0-9-]+)\/([a-z0-9-]+)(?::(\d+))?(\/.*)?$/.exec(value)
  const port = Number(match?.[3] ?? '443')
  if (match === null || port < 1 || port > 65535) {
    throw new UsageError(
      'input-invalid',
      `${option} ${value}: expected namespace/name[:port][/path], like pools/pool-webhook:443/convert`
    )
  }
  return { namespace: match[1] ?? '', name: match[2] ?? '', port, path: match[4] ?? '/convert' }
}
