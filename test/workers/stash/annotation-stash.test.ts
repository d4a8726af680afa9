import { describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import { fnv1a64 } from '../../../packages/webhook/src/scheme/index.ts'

describe('the annotation stash inside workerd', () => {
  it('should hash as in Node', () => {
    expect(fnv1a64('foobar')).toBe('85944171f73967e8')
  })

  it('should stash v1 encryption on the way down and restore it on the way up', () => {
    const v1 = {
      apiVersion: 'example.com/v1',
      kind: 'Backup',
      metadata: { name: 'db', namespace: 'prod' },
      spec: { bucket: 'backups', prefix: 'db', encryption: { keyRef: 'backup-key' } },
    }
    const stored = exampleScheme.convert(v1, 'example.com/v1beta1')
    if (!stored.ok) throw new Error(stored.failure.message)
    expect(stored.object.metadata?.annotations?.['example.com/conversion-stash']).toContain(
      'backup-key'
    )
    const back = exampleScheme.convert(stored.object, 'example.com/v1')
    expect(back.ok && back.object['spec']).toEqual(v1.spec)
  })
})
