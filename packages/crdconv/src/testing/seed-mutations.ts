// Objects grown from seeds: mutations that keep an object valid for its version's schema, and one
// object per seed with every key seen at each of its places combined.
import * as fc from 'fast-check'
import { jsonCopy, jsonDifferencesAt } from '@crdconv/webhook/json'
import { canonicalJson, isPlainObject, type KubeObject } from '@crdconv/webhook/scheme'
import { valueAt } from './coverage-answers.ts'
import { withValueAt } from './schema-leaves.ts'
import { placeName, placesOf, type Place, type ShapePool } from './seed-shapes.ts'
import type { SeedObject } from './seed-objects.ts'

/** What the kit can change in a seed, each at one place. */
export const SEED_MUTATIONS = [
  'drop',
  'add',
  'change',
  'graft',
  'grow',
  'shrink',
  'reorder',
  'duplicate',
] as const

/** One mutation: which kind, at which of the places it can apply to, with which of the values. */
export interface Mutation {
  readonly kind: (typeof SEED_MUTATIONS)[number]
  readonly at: number
  readonly pick: number
}

/** Whether an object grown from `seed` may be handed to the converters: valid for its version's schema. */
export type Acceptable = (object: KubeObject, seed: SeedObject) => boolean

const MAX_MUTATIONS = 6
const grownFromSeed = new WeakMap<object, SeedObject>()

/** The seed `object` was grown from by the kit, if it was. */
export function grownFrom(object: unknown): SeedObject | undefined {
  return typeof object === 'object' && object !== null ? grownFromSeed.get(object) : undefined
}

/** A copy of the seed's object, known as grown from it (with no change). */
export function seedCopy(seed: SeedObject): KubeObject {
  const object = jsonCopy(seed.object)
  grownFromSeed.set(object, seed)
  return object
}

/**
 * Objects grown from `seeds` (all at one version): a seed with up to six mutations, each kept
 * only where the object stays acceptable; shrinking goes towards fewer mutations, back to the seed.
 *
 * @example
 * ```ts
 * fc.sample(grownObjects(seeds, shapePool(seeds.map((seed) => seed.object)), () => true), 3)
 * ```
 */
export function grownObjects(
  seeds: readonly SeedObject[],
  pool: ShapePool,
  acceptable: Acceptable
): fc.Arbitrary<KubeObject> {
  const mutation = fc.record({
    kind: fc.constantFrom(...SEED_MUTATIONS),
    at: fc.nat(),
    pick: fc.nat(),
  })
  return fc
    .tuple(
      fc.nat({ max: Math.max(0, seeds.length - 1) }),
      fc.array(mutation, { minLength: 1, maxLength: MAX_MUTATIONS })
    )
    .map(([index, mutations]) => {
      const seed = seeds[index] as SeedObject
      let object = jsonCopy(seed.object)
      for (const step of mutations) {
        const next = mutated(object, step, pool)
        if (next !== undefined && acceptable(next, seed)) object = next
      }
      grownFromSeed.set(object, seed)
      return object
    })
}

/**
 * `seed`'s object with every key seen at each of its places (in any seed) that it lacks, where
 * the object stays acceptable: shapes the seeds hold apart, together in one object.
 */
export function combinedObject(
  seed: SeedObject,
  pool: ShapePool,
  acceptable: Acceptable
): KubeObject {
  let object = jsonCopy(seed.object)
  const queue: Place[] = [[]]
  for (let place = queue.shift(); place !== undefined; place = queue.shift()) {
    const node = valueAt(object, place)
    if (Array.isArray(node)) node.forEach((_, index) => queue.push([...place, index]))
    if (!isPlainObject(node)) continue
    const name = placeName(place)
    for (const key of pool.keys.get(name) ?? []) {
      if (Object.hasOwn(node, key)) continue
      const value = pool.values.get(`${name}.${key}`)?.[0]
      if (value === undefined) continue
      const next = withValueAt(object, [...place, key], jsonCopy(value)) as KubeObject
      if (acceptable(next, seed)) object = next
    }
    const current = valueAt(object, place)
    if (isPlainObject(current)) for (const key of Object.keys(current)) queue.push([...place, key])
  }
  grownFromSeed.set(object, seed)
  return object
}

/** Differences from the seed tried one at a time when shrinking: enough for any object grown here. */
const MAX_REVERTS = 50

/**
 * `object`, grown from a seed, with each of its differences from the seed taken back one at a time
 * while it still `fails`: what fast-check cannot shrink (a combined object, a mutation that also
 * changed what did not matter) shown as only the changes that matter.
 */
export function closerToSeed(
  object: KubeObject,
  fails: (candidate: KubeObject) => boolean
): KubeObject {
  const seed = grownFrom(object)
  if (seed === undefined) return object
  let current = object
  for (let reverted = true; reverted;) {
    reverted = false
    for (const { at, expected } of jsonDifferencesAt(seed.object, current, {
      limit: MAX_REVERTS,
    })) {
      const candidate =
        expected === undefined
          ? withoutValueAt(current, at)
          : (withValueAt(current, at, jsonCopy(expected)) as KubeObject)
      if (fails(candidate)) {
        current = candidate
        reverted = true
        break
      }
    }
  }
  grownFromSeed.set(current, seed)
  return current
}

/** `object` with one mutation applied, a new object; `undefined` where it has no place to apply. */
export function mutated(
  object: KubeObject,
  mutation: Mutation,
  pool: ShapePool
): KubeObject | undefined {
  const places = placesOf(object)
  const choose = <T>(items: readonly T[], number: number): T | undefined =>
    items.length === 0 ? undefined : items[number % items.length]
  const lists = places.filter(({ value }) => Array.isArray(value)) as {
    place: Place
    value: unknown[]
  }[]
  switch (mutation.kind) {
    case 'drop': {
      const target = choose(
        places.filter(({ place }) => typeof place.at(-1) === 'string'),
        mutation.at
      )
      return target === undefined ? undefined : withoutValueAt(object, target.place)
    }
    case 'add': {
      const objects = [{ place: [] as Place, value: object as unknown }, ...places].filter(
        ({ place, value }) =>
          isPlainObject(value) &&
          (pool.keys.get(placeName(place)) ?? []).some((key) => !Object.hasOwn(value, key))
      )
      const target = choose(objects, mutation.at)
      if (target === undefined) return undefined
      const name = placeName(target.place)
      const missing = (pool.keys.get(name) ?? []).filter(
        (key) => !Object.hasOwn(target.value as object, key)
      )
      const key = choose(missing, mutation.pick) as string
      const value = choose(pool.values.get(`${name}.${key}`) ?? [], mutation.pick)
      return value === undefined
        ? undefined
        : (withValueAt(object, [...target.place, key], jsonCopy(value)) as KubeObject)
    }
    case 'change': {
      const scalars = places.filter(({ value }) => typeof value !== 'object' || value === null)
      const target = choose(scalars, mutation.at)
      if (target === undefined) return undefined
      return withValueAt(
        object,
        target.place,
        otherScalar(target, pool, mutation.pick)
      ) as KubeObject
    }
    case 'graft': {
      const grafts = places.filter(({ place, value }) =>
        (pool.values.get(placeName(place)) ?? []).some(
          (other) => canonicalJson(other) !== canonicalJson(value)
        )
      )
      const target = choose(grafts, mutation.at)
      if (target === undefined) return undefined
      const json = canonicalJson(target.value)
      const others = (pool.values.get(placeName(target.place)) ?? []).filter(
        (other) => canonicalJson(other) !== json
      )
      return withValueAt(
        object,
        target.place,
        jsonCopy(choose(others, mutation.pick))
      ) as KubeObject
    }
    case 'grow': {
      const target = choose(lists, mutation.at)
      if (target === undefined) return undefined
      const items = pool.values.get(`${placeName(target.place)}[]`) ?? target.value
      const item = choose(items, mutation.pick)
      if (item === undefined) return undefined
      const list = [...target.value]
      list.splice(mutation.pick % (list.length + 1), 0, jsonCopy(item))
      return withValueAt(object, target.place, list) as KubeObject
    }
    case 'shrink':
    case 'reorder':
    case 'duplicate': {
      const least = mutation.kind === 'reorder' ? 2 : 1
      const target = choose(
        lists.filter(({ value }) => value.length >= least),
        mutation.at
      )
      if (target === undefined) return undefined
      const list = [...target.value]
      const index = mutation.pick % list.length
      if (mutation.kind === 'shrink') list.splice(index, 1)
      else if (mutation.kind === 'duplicate') list.splice(index, 0, jsonCopy(list[index]))
      else list.push(...list.splice(index, 1))
      return withValueAt(object, target.place, list) as KubeObject
    }
  }
}

/** Another scalar for a place: one seen there in a seed, else one of the same type. */
function otherScalar(
  { place, value }: { place: Place; value: unknown },
  pool: ShapePool,
  pick: number
): unknown {
  const json = canonicalJson(value)
  const seen = (pool.values.get(placeName(place)) ?? []).filter(
    (other) => (typeof other !== 'object' || other === null) && canonicalJson(other) !== json
  )
  if (seen.length > 0 && pick % 2 === 0) return seen[pick % seen.length]
  switch (typeof value) {
    case 'string':
      return pick % 3 === 0 ? '' : `${value}-${pick % 10}`
    case 'number':
      return pick % 3 === 0 ? 0 : value + 1 + (pick % 10)
    case 'boolean':
      return !value
    default:
      return seen[0] ?? null
  }
}

/** A copy of `object` without the member at `place` (a key: list items are shrunk, not dropped). */
function withoutValueAt(object: KubeObject, place: Place): KubeObject {
  const parent = place.slice(0, -1)
  const rest = { ...(valueAt(object, parent) as Record<string, unknown>) }
  delete rest[String(place.at(-1))]
  return withValueAt(object, parent, rest) as KubeObject
}
