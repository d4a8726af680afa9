import { InvalidArgumentError } from 'commander'

export function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('must be a whole number from 0 to 65535')
  }
  return port
}

export function parseRuns(value: string): number {
  const runs = Number(value)
  if (!Number.isInteger(runs) || runs < 1)
    throw new InvalidArgumentError('must be a whole number of 1 or more')
  return runs
}
