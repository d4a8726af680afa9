import type { ReviewPhase } from '../review/index.ts'

// the phases in the order answerReview ends them, with what each one covers
const PHASES: readonly { readonly name: ReviewPhase; readonly description: string }[] = [
  { name: 'parse', description: 'read and parse JSON' },
  { name: 'convert', description: 'validate, convert and check' },
  { name: 'write', description: 'write JSON' },
]
const TOTAL = { name: 'total', description: 'conversion review' }

/**
 * The `Server-Timing` header of one review: each phase that ended, then the total, in the format
 * of hono's timing middleware (`parse;dur=0.1;desc="read and parse JSON",…`). It records one
 * number per phase and builds the header once, where the middleware kept a map of timers and
 * rebuilt a `Headers` object after the answer was made.
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

  header(): string {
    let header = ''
    let phaseStart = this.#phasesStarted
    for (let index = 0; index < this.#phaseEnds.length && index < PHASES.length; index++) {
      const end = this.#phaseEnds[index] as number
      header += metric(PHASES[index] as (typeof PHASES)[number], end - phaseStart) + ','
      phaseStart = end
    }
    return header + metric(TOTAL, performance.now() - this.#started)
  }
}

function metric(phase: { name: string; description: string }, milliseconds: number): string {
  return `${phase.name};dur=${tenths(milliseconds)};desc="${phase.description}"`
}

// `toFixed(1)` for a duration, from integers: a quarter of the cost, four times per review
function tenths(milliseconds: number): string {
  const rounded = Math.round(milliseconds * 10)
  return `${Math.trunc(rounded / 10)}.${rounded % 10}`
}
