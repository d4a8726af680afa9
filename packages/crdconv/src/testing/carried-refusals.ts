// Answers a client could not write back because the converters carried a value (or its absence)
// over as it is into a version whose schema refuses it: a difference between the two versions no
// converter decides yet, such as the TODOs `crdconv import` leaves. One finding per field and pair
// of versions, whichever round trips and objects met it, rather than a failure in every round trip.
import type { KubeObject } from '@crdconv/webhook/scheme'
import type { RoundTripCheck } from './round-trip-report.ts'
import { describeRefusal, MAX_REFUSALS, type Refusal } from './writable-answers.ts'

interface Sighting {
  readonly pair: string
  readonly refusal: Refusal
  readonly object: KubeObject
  readonly check: string
  seed?: number
}

/**
 * The carried-over refusals of one resource's round trips, each field of each pair once, and the
 * one check that reports them.
 */
export class CarriedRefusals {
  readonly #sightings = new Map<string, Sighting>()

  /** Notes what `to`'s schema refuses in an answer converted from `object` at `from`. */
  note(
    from: string,
    to: string,
    refusals: readonly Refusal[],
    object: KubeObject,
    check: string
  ): void {
    const pair = `${from} → ${to}`
    for (const refusal of refusals) {
      const key = `${pair} ${refusal.field} ${refusal.reason}`
      if (!this.#sightings.has(key)) this.#sightings.set(key, { pair, refusal, object, check })
    }
  }

  /** The seed of the check that just ran, for the sightings it made: how to replay them. */
  settle(seed: number): void {
    for (const sighting of this.#sightings.values()) sighting.seed ??= seed
  }

  /**
   * One failed check naming each field a version refuses after the converters carried it over
   * (`answer-not-writable`), or `undefined` when there is none.
   */
  check(resource: string): RoundTripCheck | undefined {
    const sightings = [...this.#sightings.values()]
    const [first] = sightings
    if (first === undefined) return undefined
    const title = 'answers a client can write back'
    const fields = sightings.length === 1 ? 'one field' : `${sightings.length} fields`
    const shown = sightings.slice(0, MAX_REFUSALS * 4)
    const message = [
      `${resource}: ${title}: ${fields} carried over as they are into a version whose schema refuses them, so a client that reads such an object there and writes it back is refused`,
      ...shown.map(
        ({ pair, refusal, check }) =>
          `  ${pair}: ${describeRefusal({ ...refusal, place: refusal.field })} (met in ${check})`
      ),
      ...(sightings.length > shown.length ? [`  and ${sightings.length - shown.length} more`] : []),
      "  the two versions differ there and no converter decides it yet (an imported CRD names each in a TODO): write the value the target accepts on the way (a `then`, move.mapped, move.added with a value), or accept it in the target version's schema",
      `replay with { seed: ${first.seed ?? 0} }`,
    ].join('\n')
    return {
      resource,
      kind: 'writable',
      title,
      ok: false,
      runs: 0,
      overBudget: 0,
      failure: {
        code: 'answer-not-writable',
        message,
        path: first.pair.split(' → '),
        counterexample: first.object,
        seed: first.seed ?? 0,
      },
    }
  }
}
