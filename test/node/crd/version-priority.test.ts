import { describe, expect, it } from 'vitest'
import {
  compareVersionPriority,
  sortByVersionPriority,
} from '../../../packages/crdconv/src/crd/index.ts'

describe('sortByVersionPriority', () => {
  it("sorts the documentation's example list into the documented order", () => {
    const documented = [
      'v10',
      'v2',
      'v1',
      'v11beta2',
      'v10beta3',
      'v3beta1',
      'v12alpha1',
      'v11alpha2',
      'foo1',
      'foo10',
    ]
    const shuffled = [
      'foo10',
      'v1',
      'v11alpha2',
      'v3beta1',
      'foo1',
      'v10',
      'v12alpha1',
      'v2',
      'v10beta3',
      'v11beta2',
    ]
    expect(sortByVersionPriority(shuffled)).toEqual(documented)
    expect(sortByVersionPriority([...documented].reverse())).toEqual(documented)
  })

  it('puts v1 before v1beta1, as kubectl picks v1 for the documented CronTab', () => {
    expect(sortByVersionPriority(['v1beta1', 'v1'])).toEqual(['v1', 'v1beta1'])
  })

  it.each([
    ['v2', 'v1', -1],
    ['v1', 'v2beta1', -1],
    ['v2beta1', 'v2alpha3', -1],
    ['v1beta2', 'v1beta1', -1],
    ['v1alpha1', 'zeta', -1],
    ['alpha', 'beta', -1],
    ['v1', 'v1', 0],
  ])('ranks %s against %s as %i', (a, b, sign) => {
    expect(Math.sign(compareVersionPriority(a, b))).toBe(sign)
    expect(Math.sign(compareVersionPriority(b, a))).toBe(-sign || 0)
  })

  it('does not treat names that only look like versions as Kubernetes versions', () => {
    expect(sortByVersionPriority(['v1beta', 'v1', 'v01x'])).toEqual(['v1', 'v01x', 'v1beta'])
  })
})
