import { describe, expect, it } from 'vitest'
import { createScheme } from '../../../packages/webhook/src/scheme/index.ts'
import { schemeIssueCodes } from '../../support/scheme-issues.ts'
import { cronTab } from '../../../examples/index.ts'
import { chainedVolume, resourceWithEdges } from '../../support/resource-factory.ts'

describe('createScheme', () => {
  it('dispatches each object to the resource of its group and kind', () => {
    const scheme = createScheme([cronTab, chainedVolume])
    expect(scheme.resourceFor('example.com', 'CronTab')).toBe(cronTab)
    expect(scheme.resourceFor('storage.example.com', 'Volume')).toBe(chainedVolume)
    expect(scheme.resourceFor('example.com', 'Volume')).toBeUndefined()
    const volume = scheme.convert(
      {
        apiVersion: 'storage.example.com/v1alpha1',
        kind: 'Volume',
        metadata: { name: 'v' },
        size: 3,
      },
      'storage.example.com/v1'
    )
    expect(volume).toMatchObject({ ok: true, object: { capacityGiB: 3 } })
  })

  it('refuses two resources with the same group and kind', () => {
    const twin = resourceWithEdges(['v1'], [], { group: 'example.com', kind: 'CronTab' })
    expect(schemeIssueCodes(() => createScheme([cronTab, twin]))).toEqual([
      'resource-defined-twice',
    ])
    expect(() => createScheme([cronTab, twin])).toThrow(/CronTab\.example\.com is defined twice/)
  })
})
