import { describe, expect, it } from 'vitest'
import { ConversionError } from '../../../packages/webhook/src/scheme/index.ts'
import { exampleScheme, cronTab } from '../../../examples/index.ts'
import { joinHostPort, splitHostPort } from '../../../examples/crontab/index.ts'
import { cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'

describe('splitHostPort / joinHostPort', () => {
  it.each([
    ['localhost:1234', 'localhost', '1234'],
    ['example.com:2345', 'example.com', '2345'],
    ['10.0.0.1:80', '10.0.0.1', '80'],
    ['[::1]:8080', '::1', '8080'],
    ['[2001:db8::7]:443', '2001:db8::7', '443'],
    [':80', '', '80'],
    ['host:', 'host', ''],
    ['host:http', 'host', 'http'],
  ])('splits %s and joins it back to the same text', (hostPort, host, port) => {
    expect(splitHostPort(hostPort)).toEqual({ host, port })
    expect(joinHostPort({ host, port })).toBe(hostPort)
  })

  it.each([
    ['no-port', 'missing ":port"'],
    ['::1:8080', 'too many colons (write an IPv6 address in brackets, like [::1]:8080)'],
    ['[::1', 'missing "]" after an IPv6 address'],
    ['[::1]8080', 'missing ":port" after "]"'],
    ['[example.com]:80', 'only IPv6 addresses go in brackets'],
    ['host]:80', 'unexpected "[" or "]"'],
    ['', 'missing ":port"'],
  ])('refuses %j with a ConversionError on field hostPort', (hostPort, why) => {
    const attempt = () => splitHostPort(hostPort)
    expect(attempt).toThrow(ConversionError)
    expect(attempt).toThrow(
      `hostPort ${JSON.stringify(hostPort)} could not be parsed into a separate host and port: ${why}`
    )
  })
})

describe('CronTab example', () => {
  it('is the documented resource: crontabs.example.com, v1beta1 stored, v1 served', () => {
    expect(cronTab.group).toBe('example.com')
    expect(cronTab.names.plural).toBe('crontabs')
    expect(cronTab.storageVersion).toBe('v1beta1')
    expect(cronTab.versionNames).toEqual(['v1beta1', 'v1'])
  })

  it.each([
    [
      'v1beta1 → v1 → v1beta1',
      cronTabV1beta1({ hostPort: '[fe80::1]:9000', status: { lastRun: 'now' } }),
      'example.com/v1',
    ],
    [
      'v1 → v1beta1 → v1',
      cronTabV1({ host: 'db', port: '5432', extra: { kept: true } }),
      'example.com/v1beta1',
    ],
  ])('round-trips %s without losing anything', (_name, object, via) => {
    const there = exampleScheme.convert(object, via)
    const back = there.ok ? exampleScheme.convert(there.object, object.apiVersion) : there
    expect(back).toEqual({ ok: true, object })
  })

  it.each([
    [
      'v1beta1 without hostPort',
      { apiVersion: 'example.com/v1beta1', kind: 'CronTab', spec: { image: 'i' } },
      'example.com/v1',
      { spec: { image: 'i' } },
    ],
    [
      'v1 without host or port',
      { apiVersion: 'example.com/v1', kind: 'CronTab' },
      'example.com/v1beta1',
      {},
    ],
    [
      'v1 with a port only',
      { apiVersion: 'example.com/v1', kind: 'CronTab', port: 80 },
      'example.com/v1beta1',
      { hostPort: ':80' },
    ],
  ])('converts a partial object (%s) without failing', (_name, object, desired, fields) => {
    const result = exampleScheme.convert(object, desired)
    expect(result).toEqual({
      ok: true,
      object: { apiVersion: desired, kind: 'CronTab', metadata: {}, ...fields },
    })
  })

  it('fails a hostPort that is not text, naming the field', () => {
    const result = exampleScheme.convert(cronTabV1beta1({ hostPort: 8080 }), 'example.com/v1')
    expect(result).toEqual({
      ok: false,
      failure: {
        code: 'converter-refused',
        message: 'hostPort must be a string "host:port", not number',
        path: 'hostPort',
      },
    })
  })
})
