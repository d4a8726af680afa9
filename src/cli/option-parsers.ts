import { InvalidArgumentError } from 'commander'

export function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('must be a whole number from 0 to 65535')
  }
  return port
}

export function parseCount(value: string): number {
  const count = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(count) || count < 1) {
    throw new InvalidArgumentError('must be a whole number above 0')
  }
  return count
}
