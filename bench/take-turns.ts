/**
 * The order of one round: the items rotated by the round's number, so that each goes first as
 * often as the others and drift on a shared machine hits all alike.
 */
export function orderOfRound<T>(items: readonly T[], round: number): T[] {
  return items.map((_, index) => items[(index + round) % items.length] as T)
}
