import { describe, expect, it } from 'vitest'
import { judgeFigure, MIN_ALLOWANCE } from '../../../bench/against/paired-figures.ts'
import { parseAgainstOptions } from '../../../bench/against/run-against.ts'

const figure = (current: number[], currentAgain: number[], against: number[]) => ({
  name: 'core, 100 objects',
  unit: '×',
  current,
  currentAgain,
  against,
})

describe('judgeFigure: this tree against another commit, beside the run’s own A/A pair', () => {
  it.each([
    [
      '1.6× slower with ±2 % A/A noise',
      [1.6, 1.7, 1.65],
      [1.62, 1.66, 1.64],
      [1, 1.05, 1],
      'regression',
    ],
    ['1.1× slower with ±20 % A/A noise', [1.1, 1.1, 1.1], [1.32, 0.9, 1.1], [1, 1, 1], 'same'],
    ['2% slower in a quiet run', [1.02, 1.02, 1.02], [1.02, 1.02, 1.02], [1, 1, 1], 'same'],
    ['1.25× faster with ±5 % A/A noise', [1, 1, 1], [1.05, 1, 0.97], [1.25, 1.25, 1.3], 'faster'],
  ])('%s: %s', (_, current, again, against, verdict) => {
    expect(judgeFigure(figure(current, again, against)).verdict).toBe(verdict)
  })

  it('takes the median of the per-round ratios, and the widest A/A ratio either way as noise', () => {
    const verdict = judgeFigure(figure([2, 3, 4], [2.5, 3, 4], [2, 2, 2]))
    expect(verdict).toMatchObject({ ratio: 1.5, noise: 0.25, allowance: 0.25, rounds: 3 })
  })

  it(`never allows less than ${MIN_ALLOWANCE * 100} %, however quiet the run`, () => {
    expect(judgeFigure(figure([1.04], [1.04], [1])).allowance).toBe(MIN_ALLOWANCE)
    expect(judgeFigure(figure([1.04], [1.04], [1])).verdict).toBe('regression')
  })

  it('refuses figures whose rounds do not pair up', () => {
    expect(() => judgeFigure(figure([1, 1], [1, 1], [1]))).toThrow(/2 rounds of this tree, 1 of/)
  })
})

describe('parseAgainstOptions', () => {
  it.each([
    [['--no-system'], undefined],
    [
      ['--against', 'v0.2.0'],
      { ref: 'v0.2.0', report: undefined, platforms: false, checkTime: false },
    ],
    [
      ['--against', '--report', 'gate.json'],
      { ref: undefined, report: 'gate.json', platforms: false, checkTime: false },
    ],
    [['--against'], { ref: undefined, report: undefined, platforms: false, checkTime: false }],
    [
      ['--against', '02d3e5c', '--platforms'],
      { ref: '02d3e5c', report: undefined, platforms: true, checkTime: false },
    ],
    [
      ['--against', '02d3e5c', '--check-time'],
      { ref: '02d3e5c', report: undefined, platforms: false, checkTime: true },
    ],
  ])('%j → %j', (args, options) => {
    expect(parseAgainstOptions(args)).toEqual(options)
  })
})
