import { describe, expect, it } from 'vitest'
import { CronTabV1beta1 } from '../../../examples/crontab/index.ts'
import { createScheme, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { cronTab, exampleScheme } from '../../../examples/index.ts'
import {
  deepFreeze,
  expectLosslessRoundTrips,
} from '../../../packages/crdconv/src/testing/index.ts'

const scheme = createScheme([cronTab])

function cronTabAt(version: 'v1' | 'v1beta1', fields: Record<string, unknown>): KubeObject {
  return deepFreeze({
    apiVersion: `example.com/${version}`,
    kind: 'CronTab',
    metadata: { name: 'nightly', namespace: 'jobs', uid: 'u-1' },
    spec: { cronSpec: '0 3 * * *', image: 'backup:1' },
    ...fields,
  })
}

function convert(object: unknown, version: string): KubeObject {
  const result = scheme.convert(object, `example.com/${version}`)
  if (!result.ok) throw new Error(`conversion failed: ${result.failure.message}`)
  return result.object
}

describe('cronTab converters', () => {
  it.each([
    ['example.com:8080', { host: 'example.com', port: '8080' }],
    ['[::1]:443', { host: '::1', port: '443' }],
    [':80', { host: '', port: '80' }],
  ])('should split hostPort %j into host and port', (hostPort, address) => {
    const v1 = convert(cronTabAt('v1beta1', { hostPort }), 'v1')
    expect(v1).toMatchObject(address)
    expect(v1['hostPort']).toBeUndefined()
    expect(convert(v1, 'v1beta1')['hostPort']).toBe(hostPort)
  })

  it.each(['not-an-address', 'a:b:c', '[::1]', ''])(
    'should fail the read of a stored hostPort %j that does not split, with the documented message',
    (hostPort) => {
      const result = scheme.convert(cronTabAt('v1beta1', { hostPort }), 'example.com/v1')
      const prefix = `hostPort ${JSON.stringify(hostPort)} could not be parsed into a separate host and port: `
      expect(!result.ok && result.failure.path).toBe('hostPort')
      expect(!result.ok && result.failure.code).toBe('converter-refused')
      expect(!result.ok && result.failure.message.startsWith(prefix)).toBe(true)
    }
  )

  it.each(['not-an-address', 'a:b:c', '[::1]', ''])(
    'should keep hostPort %j out of new objects: the v1beta1 schema (and so the CRD) refuses it',
    (hostPort) => {
      expect(CronTabV1beta1.safeParse({ hostPort }).success).toBe(false)
    }
  )

  it('should fail a hostPort that is not text, which the API server never stores, naming the field', () => {
    const result = scheme.convert(cronTabAt('v1beta1', { hostPort: 8080 }), 'example.com/v1')
    expect(result).toEqual({
      ok: false,
      failure: {
        code: 'converter-refused',
        message: 'hostPort must be a string "host:port", not number',
        path: 'hostPort',
      },
    })
  })

  it('should write host without port as best it can at v1beta1 and restore it exactly', () => {
    const v1beta1 = convert(cronTabAt('v1', { host: 'example.com' }), 'v1beta1')
    expect(v1beta1['hostPort']).toBe('example.com:')
    const back = convert(v1beta1, 'v1')
    expect(back['host']).toBe('example.com')
    expect('port' in back).toBe(false)
  })

  it('should derive host and port from hostPort again once it was edited at v1beta1', () => {
    const v1beta1 = convert(cronTabAt('v1', { host: 'example.com' }), 'v1beta1')
    const edited = { ...v1beta1, hostPort: 'other.example:9000' }
    expect(convert(edited, 'v1')).toMatchObject({ host: 'other.example', port: '9000' })
  })

  it.each([
    ['no metadata', { apiVersion: 'example.com/v1beta1', kind: 'CronTab' }],
    ['empty metadata', { apiVersion: 'example.com/v1', kind: 'CronTab', metadata: {} }],
    ['a spec only', { apiVersion: 'example.com/v1', kind: 'CronTab', spec: { replicas: 2 } }],
    ['a port but no host', { apiVersion: 'example.com/v1', kind: 'CronTab', port: '80' }],
    ['status only', { apiVersion: 'example.com/v1beta1', kind: 'CronTab', status: { x: 1 } }],
  ])('should convert a partial object with %s both ways', (_case, fragment) => {
    const frozen = deepFreeze(fragment)
    const other = frozen.apiVersion.endsWith('v1') ? 'v1beta1' : 'v1'
    const there = convert(frozen, other)
    const back = convert(there, frozen.apiVersion.split('/')[1] as string)
    expect({ ...back, metadata: undefined }).toEqual({ ...frozen, metadata: undefined })
  })

  it('should lose nothing on any round trip', () => {
    expectLosslessRoundTrips(cronTab)
  })

  it('should lose nothing on any round trip of partial objects', () => {
    expectLosslessRoundTrips(cronTab, { partial: true })
  })
})

describe('exampleScheme', () => {
  it('should serve the CronTab and the Backup', () => {
    expect(exampleScheme.resources.map((resource) => resource.kind)).toEqual(['CronTab', 'Backup'])
  })
})
