import { describe, expect, it } from 'vitest'
import { backup, joinDestination, splitDestination } from '../../../examples/backup/index.ts'
import { createScheme, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import {
  deepFreeze,
  expectLosslessRoundTrips,
} from '../../../packages/crdconv/src/testing/index.ts'

const scheme = createScheme([backup])
const STASH = 'example.com/conversion-stash'
type Version = 'v1alpha1' | 'v1beta1' | 'v1'

function backupAt(version: Version, spec: Record<string, unknown>): KubeObject {
  return deepFreeze({
    apiVersion: `example.com/${version}`,
    kind: 'Backup',
    metadata: { name: 'db', namespace: 'prod', uid: 'u-1', labels: { app: 'db' } },
    spec: { schedule: '0 3 * * *', ...spec },
  })
}

function specOf(object: KubeObject): Record<string, unknown> {
  return (object['spec'] ?? {}) as Record<string, unknown>
}

function convert(object: unknown, version: Version): KubeObject {
  const result = scheme.convert(object, `example.com/${version}`)
  if (!result.ok) throw new Error(`conversion failed: ${result.failure.message}`)
  return result.object
}

describe('splitDestination and joinDestination', () => {
  it.each([
    ['bucket/some/prefix', { bucket: 'bucket', prefix: 'some/prefix' }],
    ['bucket', { bucket: 'bucket' }],
    ['bucket/', { bucket: 'bucket', prefix: '' }],
    ['/prefix', { bucket: '', prefix: 'prefix' }],
  ])('should split %j at the first slash and join it back', (destination, parts) => {
    expect(splitDestination(destination)).toEqual(parts)
    expect(joinDestination(parts)).toEqual({ destination, lossless: true })
  })

  it.each([
    [{ bucket: 'a/b' }, 'a/b'],
    [{ prefix: 'p' }, '/p'],
  ])('should say when %j does not join back to the same fields', (parts, destination) => {
    expect(joinDestination(parts)).toEqual({ destination, lossless: false })
  })
})

describe('backup converters', () => {
  it.each<[Version, Record<string, unknown>, Version, Record<string, unknown>]>([
    ['v1alpha1', { keep: 7 }, 'v1beta1', { retention: 7 }],
    ['v1beta1', { retention: 7 }, 'v1alpha1', { keep: 7 }],
    ['v1beta1', { destination: 'backups/db' }, 'v1', { bucket: 'backups', prefix: 'db' }],
    ['v1', { bucket: 'backups', prefix: 'db' }, 'v1beta1', { destination: 'backups/db' }],
    ['v1alpha1', { destination: 'b/p', keep: 2 }, 'v1', { bucket: 'b', prefix: 'p', retention: 2 }],
    ['v1', { bucket: 'b', retention: 2 }, 'v1alpha1', { destination: 'b', keep: 2 }],
  ])('should convert %s %j to %s %j', (from, spec, to, expected) => {
    const converted = convert(backupAt(from, spec), to)
    expect(converted.spec).toEqual({ schedule: '0 3 * * *', ...expected })
    expect(converted.metadata).toEqual(backupAt(from, {}).metadata)
  })

  it('should keep v1 encryption in the stash at v1beta1 and v1alpha1, and restore it at v1', () => {
    const encryption = { keyRef: 'backup-key', algorithm: 'AES256' }
    const v1 = backupAt('v1', { bucket: 'b', encryption })
    const v1alpha1 = convert(v1, 'v1alpha1')
    expect(v1alpha1.spec).toEqual({ schedule: '0 3 * * *', destination: 'b' })
    expect(v1alpha1.metadata?.annotations?.[STASH]).toContain('backup-key')
    const back = convert(v1alpha1, 'v1')
    expect(back.spec).toEqual(v1.spec)
    expect(back.metadata?.annotations).toEqual({})
  })

  it('should not restore encryption after the object was edited at v1beta1', () => {
    const v1beta1 = convert(backupAt('v1', { bucket: 'b', encryption: { keyRef: 'k' } }), 'v1beta1')
    const edited = { ...v1beta1, spec: { ...specOf(v1beta1), destination: 'elsewhere/x' } }
    const v1 = convert(edited, 'v1')
    expect(v1.spec).toEqual({ schedule: '0 3 * * *', bucket: 'elsewhere', prefix: 'x' })
    expect(v1.metadata?.annotations?.[STASH]).toBeUndefined()
  })

  it('should stash a bucket with a slash, which a destination cannot hold apart from the prefix', () => {
    const v1 = backupAt('v1', { bucket: 'a/b', prefix: 'c' })
    const v1beta1 = convert(v1, 'v1beta1')
    expect(specOf(v1beta1)['destination']).toBe('a/b/c')
    expect(convert(v1beta1, 'v1').spec).toEqual(v1.spec)
  })

  it('should stash a destination that is not text rather than fail the read', () => {
    const v1beta1 = backupAt('v1beta1', { destination: 42 })
    const v1 = convert(v1beta1, 'v1')
    expect(v1.spec).toEqual({ schedule: '0 3 * * *' })
    expect(convert(v1, 'v1beta1').spec).toEqual(v1beta1.spec)
  })

  it.each<[string, Record<string, unknown>]>([
    ['no metadata', {}],
    ['no spec', { metadata: { name: 'db' } }],
    ['an empty spec', { spec: {} }],
    ['a spec that is not an object', { spec: 'oops' }],
    ['metadata without a name', { metadata: { labels: { a: 'b' } }, spec: { schedule: 'x' } }],
  ])('should convert a partial object with %s between every pair of versions', (_case, fields) => {
    const versions: Version[] = ['v1alpha1', 'v1beta1', 'v1']
    for (const from of versions) {
      const fragment: KubeObject = deepFreeze({
        apiVersion: `example.com/${from}`,
        kind: 'Backup',
        ...fields,
      })
      for (const to of versions) {
        const there = convert(fragment, to)
        const back = convert(there, from)
        expect(back['spec']).toEqual(fragment['spec'])
      }
    }
  })

  it('should lose nothing on any round trip', () => {
    expectLosslessRoundTrips(backup)
  })

  it('should lose nothing on any round trip of partial objects', () => {
    expectLosslessRoundTrips(backup, { partial: true })
  })
})
