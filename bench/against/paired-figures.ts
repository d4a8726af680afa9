import { median, round } from '../bench-support.ts'

/**
 * One figure measured on this tree twice and on the other commit once in every round (lower is
 * better): the second measure of this tree is the A/A pair that says how far the method moves a
 * figure in this very run.
 */
export interface PairedFigure {
  readonly name: string
  readonly unit: string
  readonly current: readonly number[]
  readonly currentAgain: readonly number[]
  readonly against: readonly number[]
}

export interface FigureVerdict {
  readonly name: string
  readonly unit: string
  readonly current: number
  readonly against: number
  /** Median over the rounds of this tree's figure over the other commit's in the same round. */
  readonly ratio: number
  /** The widest A/A ratio of the run, either way, as a fraction: 0.08 is ±8 %. */
  readonly noise: number
  /** How far over 1 the ratio may go before it is a regression: the noise, at least MIN_ALLOWANCE. */
  readonly allowance: number
  readonly verdict: 'regression' | 'faster' | 'same'
  readonly rounds: number
}

/** A change this small is never called a regression, however quiet the run. */
export const MIN_ALLOWANCE = 0.03

/**
 * Whether this tree is slower than the other commit beyond the noise the same run measured.
 *
 * @example
 * ```ts
 * judgeFigure({ name: 'core', unit: '×', current: [1.6, 1.7], currentAgain: [1.62, 1.66], against: [1.3, 1.32] })
 * // → { ratio: 1.27, noise: 0.02, verdict: 'regression', … }
 * ```
 */
export function judgeFigure(figure: PairedFigure): FigureVerdict {
  const { current, currentAgain, against } = figure
  if (current.length === 0 || current.length !== against.length) {
    throw new Error(
      `${figure.name}: ${current.length} rounds of this tree, ${against.length} of the other`
    )
  }
  const ratio = median(current.map((value, index) => value / (against[index] as number)))
  const pairs = current.map((value, index) => value / (currentAgain[index] as number))
  const noise = Math.max(0, ...pairs.map((pair) => Math.max(pair, 1 / pair) - 1))
  const allowance = Math.max(MIN_ALLOWANCE, noise)
  return {
    name: figure.name,
    unit: figure.unit,
    current: median(current),
    against: median(against),
    ratio: round(ratio, 3),
    noise: round(noise, 3),
    allowance: round(allowance, 3),
    verdict: ratio > 1 + allowance ? 'regression' : ratio < 1 / (1 + allowance) ? 'faster' : 'same',
    rounds: current.length,
  }
}
