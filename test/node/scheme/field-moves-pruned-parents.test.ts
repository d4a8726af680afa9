// Moves leave nothing the API server would prune: an object they empty that the other version
// does not declare goes, and one that came empty is noted in the stash and put back.
import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { expectLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'
import { gadget, movesScheme, widget } from './fixtures/moves-schemes.ts'

const at = (kind: string, version: string, fields: Record<string, unknown>): KubeObject => ({
  apiVersion: `moves.example.com/${version}`,
  kind,
  metadata: { name: 'm', namespace: 'default' },
  ...fields,
})

function convert(object: KubeObject, version: string): KubeObject {
  const result = movesScheme.convert(object, `moves.example.com/${version}`)
  if (!result.ok) throw new Error(result.failure.message)
  return result.object
}

const stashOf = (object: KubeObject) =>
  JSON.parse(object.metadata?.annotations?.['moves.example.com/conversion-stash'] ?? 'null')

describe('moves and the objects they empty', () => {
  it('take out the parent a rename empties, and need no stash for it', () => {
    const there = convert(at('Gadget', 'v1', { spec: { legacy: { timeout: '30s' } } }), 'v2')
    expect(there.spec).toEqual({ timeout: '30s' })
    expect(there.metadata?.annotations).toBeUndefined()
    expect(convert(there, 'v1').spec).toEqual({ legacy: { timeout: '30s' } })
  })

  it('take out a parent that came empty, and put it back from the stash', () => {
    const there = convert(at('Gadget', 'v1', { spec: { legacy: {} } }), 'v2')
    expect(there.spec).toEqual({})
    expect(stashOf(there)).toMatchObject({ v1: { fields: { '(emptied)': ['spec.legacy'] } } })
    expect(convert(there, 'v1').spec).toEqual({ legacy: {} })
  })

  it('do the same inside every list item, each item on its own', () => {
    const ports = [{ old: {} }, { old: { number: 80 } }, {}]
    const there = convert(at('Widget', 'v1', { spec: { ports } }), 'v2')
    expect((there.spec as { ports: unknown }).ports).toEqual([
      { weight: 1 },
      { number: 80, weight: 1 },
      { weight: 1 },
    ])
    expect(stashOf(there)).toMatchObject({
      v1: { fields: { '(emptied)': ['spec.ports[0].old'] } },
    })
    expect(convert(there, 'v1').spec).toEqual({ ports })
  })

  it.each([
    ['the two-field scheme', gadget],
    ['every kind of move', widget],
  ])('lose nothing in the round-trip kit: %s', (_, resource) => {
    expectLosslessRoundTrips(resource, { numRuns: 100 })
  })
})
