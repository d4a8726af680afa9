import { describe, expect, it } from 'vitest'
import { schemeIssueCodes } from '../../support/scheme-issues.ts'
import { describePath, resourceWithEdges } from '../../support/resource-factory.ts'

describe('converter graph', () => {
  const hubAndSpokes = resourceWithEdges(
    ['v2', 'v1', 'v3'],
    [
      ['v1', 'v2'],
      ['v2', 'v1'],
      ['v3', 'v2'],
      ['v2', 'v3'],
    ]
  )
  const chain = resourceWithEdges(
    ['v1alpha1', 'v1beta1', 'v1', 'v2'],
    [
      ['v1alpha1', 'v1beta1'],
      ['v1beta1', 'v1alpha1'],
      ['v1beta1', 'v1'],
      ['v1', 'v1beta1'],
      ['v1', 'v2'],
      ['v2', 'v1'],
    ]
  )

  it.each([
    [hubAndSpokes, 'v1', 'v3', 'v1 → v2 → v3'],
    [hubAndSpokes, 'v3', 'v1', 'v3 → v2 → v1'],
    [hubAndSpokes, 'v2', 'v3', 'v2 → v3'],
    [chain, 'v1alpha1', 'v2', 'v1alpha1 → v1beta1 → v1 → v2'],
    [chain, 'v2', 'v1alpha1', 'v2 → v1 → v1beta1 → v1alpha1'],
    [chain, 'v1beta1', 'v1', 'v1beta1 → v1'],
  ])('finds the shortest path (%#): %s → %s', (resource, from, to, expected) => {
    expect(describePath(resource.paths.get(from)?.get(to))).toBe(expected)
  })

  it('takes the direct edge over a longer path when both exist', () => {
    const resource = resourceWithEdges(
      ['v1', 'v2', 'v3'],
      [
        ['v1', 'v2'],
        ['v2', 'v3'],
        ['v1', 'v3'],
        ['v3', 'v1'],
        ['v2', 'v1'],
      ]
    )
    expect(describePath(resource.paths.get('v1')?.get('v3'))).toBe('v1 → v3')
    expect(describePath(resource.paths.get('v3')?.get('v2'))).toBe('v3 → v1 → v2')
  })

  it('answers an empty path from a version to itself', () => {
    expect(chain.paths.get('v1')?.get('v1')).toEqual([])
  })

  it.each([
    [
      'a version that cannot reach another',
      ['v1', 'v2', 'v3'],
      [
        ['v1', 'v2'],
        ['v2', 'v1'],
        ['v3', 'v1'],
      ],
      /no conversion path from v1 to v3[\s\S]*no conversion path from v2 to v3/,
      ['version-unreachable', 'version-unreachable'],
    ],
    [
      'a converter to an unknown version',
      ['v1', 'v2'],
      [
        ['v1', 'v9'],
        ['v1', 'v2'],
        ['v2', 'v1'],
      ],
      /converter v1 → v9 names unknown version v9 \(declared: v1, v2\)/,
      ['converter-version-unknown'],
    ],
    [
      'the same converter twice',
      ['v1', 'v2'],
      [
        ['v1', 'v2'],
        ['v1', 'v2'],
        ['v2', 'v1'],
      ],
      /converter v1 → v2 is declared twice/,
      ['converter-declared-twice'],
    ],
    [
      'a converter from a version to itself',
      ['v1'],
      [['v1', 'v1']],
      /converts a version to itself/,
      ['converter-to-itself'],
    ],
  ] as const)('refuses %s at definition time', (_name, versions, edges, message, codes) => {
    expect(schemeIssueCodes(() => resourceWithEdges(versions, edges))).toEqual(codes)
    expect(() => resourceWithEdges(versions, edges)).toThrow(message)
  })

  it('names the resource in the error', () => {
    expect(() => resourceWithEdges(['v1', 'v2'], [['v1', 'v2']], { kind: 'Gadget' })).toThrow(
      /^Gadget\.test\.example\.com: every served version must convert to every other/
    )
  })
})
