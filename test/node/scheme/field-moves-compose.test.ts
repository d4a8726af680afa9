// Declared moves and the author's own code on one edge: what `then` stashes joins the moves' own
// stash entry (both come back), and `thenBack` runs once the moves are undone, with what `then`
// stashed in hand.
import { describe, expect, it } from 'vitest'
import {
  createScheme,
  defineResource,
  fieldMoves,
  stashFields,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import { expectLosslessRoundTrips } from '../../../packages/crdconv/src/testing/index.ts'
import { composed, versions } from './fixtures/compose-scheme.ts'

const scheme = createScheme([composed])

const at = (version: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: `compose.example.com/${version}`,
  kind: 'Gadget',
  metadata: { name: 'g', namespace: 'default', annotations: { note: 'kept' } },
  spec,
})

function convert(object: KubeObject, version: string): KubeObject {
  const result = scheme.convert(object, `compose.example.com/${version}`)
  if (!result.ok) throw new Error(result.failure.message)
  return result.object
}

const stashOf = (object: KubeObject) =>
  JSON.parse(object.metadata?.annotations?.['compose.example.com/conversion-stash'] ?? 'null')

describe('moves and hand code on one edge', () => {
  it('keep what `then` stashes and what the moves stash in one entry, and give both back', () => {
    const original = at('v1', { legacy: { timeout: '30s' }, note: 'keep me', owner: 'team-a' })
    const there = convert(original, 'v2')
    expect(there.spec).toEqual({ timeout: 30 })
    expect(stashOf(there).v1.fields).toEqual({ 'spec.note': 'keep me', 'spec.owner': 'team-a' })
    expect(convert(there, 'v1')).toEqual(original)
  })

  it('run `thenBack` after the moves are undone, with what `then` stashed', () => {
    const original = at('v1', { legacy: { timeout: '1m' }, owner: 'team-a' })
    const there = convert(original, 'v2')
    expect(there.spec).toEqual({})
    expect(stashOf(there).v1.fields).toEqual({ 'spec.timeout': '1m', 'spec.owner': 'team-a' })
    expect(convert(there, 'v1')).toEqual(original)
  })

  it('give the way back what its own `thenBack` converted, with nothing stashed', () => {
    const there = at('v2', { timeout: 45 })
    expect(convert(there, 'v1').spec).toEqual({ legacy: { timeout: '45s' } })
    expect(convert(convert(there, 'v1'), 'v2')).toEqual(there)
  })

  it('fail the conversion, naming the field, when `then` stashes a field the moves stash too', () => {
    const clashing = defineResource({
      group: 'compose.example.com',
      kind: 'Gadget',
      versions,
      converters: fieldMoves(versions, 'v1', 'v2', (move) => [move.removed('spec.note')], {
        then: (object, context) =>
          stashFields(object as never, context, { 'spec.note': 'mine' }) as never,
        thenBack: (object) => object as never,
        oneWay: false,
      }),
    })
    const result = createScheme([clashing]).convert(
      at('v1', { note: 'n' }),
      'compose.example.com/v2'
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.failure.message).toContain(
      '`then` stashed spec.note, which the field moves stash too: keep it under a name of its own'
    )
  })

  it('lose nothing in the round-trip kit', () => {
    expectLosslessRoundTrips(composed, { numRuns: 200 })
  })
})
