import type { ReviewPhase } from '../review/index.ts'

// the phases in the order answerReview ends them
const PHASES: readonly ReviewPhase[] = ['parse', 'convert', 'write']

/**
 * The `Server-Timing` header of one review: each phase that ended, then the total, in
 * milliseconds (`parse;dur=0.1,convert;dur=0.3,write;dur=0.1,total;dur=0.6`). It records one
 * number per phase and builds the header once, where hono's timing middleware kept a map of
 * timers and rebuilt a `Headers` object after the answer was made; no `desc`, which tripled the
 * header's length (and what Node checks and sends of it) for words the names already say.
 *
 * @example
 * ```ts
 * const timing = new ServerTiming(performance.now())
 * const answer = answerReview(body, scheme, { phaseEnded: timing.phaseEnded })
 * headers['server-timing'] = timing.header()
 * ```
 */
export class ServerTiming {
  readonly #started: number
  readonly #phaseEnds: number[] = []
  #phasesStarted: number

  constructor(started: number) {
    this.#started = started
    this.#phasesStarted = performance.now()
  }

  /** Pass as `answerReview`'s `phaseEnded`: records when each phase ended. */
  readonly phaseEnded = (): void => {
    this.#phaseEnds.push(performance.now())
  }

  /** How long a phase that ended took, in milliseconds; 0 for one that did not end. */
  phaseMilliseconds(phase: ReviewPhase): number {
    const index = PHASES.indexOf(phase)
    const end = this.#phaseEnds[index]
    if (end === undefined) return 0
    return end - (index === 0 ? this.#phasesStarted : (this.#phaseEnds[index - 1] as number))
  }

  header(): string {
    let header = ''
    let phaseStart = this.#phasesStarted
    for (let index = 0; index < this.#phaseEnds.length && index < PHASES.length; index++) {
      const end = this.#phaseEnds[index] as number
      header += `${PHASES[index] as ReviewPhase};dur=${tenths(end - phaseStart)},`
      phaseStart = end
    }
    return `${header}total;dur=${tenths(performance.now() - this.#started)}`
  }
}

// `toFixed(1)` for a duration, from integers: a third of the cost, four times per review
function tenths(milliseconds: number): string {
  const rounded = Math.round(milliseconds * 10)
  return `${Math.trunc(rounded / 10)}.${rounded % 10}`
}
