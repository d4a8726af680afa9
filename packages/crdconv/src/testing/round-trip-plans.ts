import { jsonCopy } from '@crdconv/webhook/json'
import {
  canonicalJson,
  createScheme,
  formatApiVersion,
  checkDefinitions,
  type Converter,
  type KubeObject,
  type Resource,
} from '@crdconv/webhook/scheme'
import { deepFreeze } from './deep-freeze.ts'
import { requireFreshAnswers } from './fresh-answers.ts'
import { describeDifference, type JsonDifference } from '@crdconv/webhook/json'
import { apiServerRewrites, describeRewrite } from './api-server-rewrites.ts'
import { versionJsonSchema } from './object-arbitrary.ts'
import { roundTripDifferences } from './round-trip-comparison.ts'
import { storedByApiServer } from './api-server-storage.ts'
import {
  carriedOver,
  describeRefusal,
  MAX_REFUSALS,
  schemaRefusals,
  type Refusal,
} from './writable-answers.ts'
import type { CarriedRefusals } from './carried-refusals.ts'
import type { JsonSchema } from './json-schema-arbitrary.ts'
import type { RoundTripCheck } from './round-trip-report.ts'
import { mutated, storedAnswer, type Problem } from './round-trip-problem.ts'

/** One check to run on many objects: a round trip, or a direct converter against a longer path. */
export interface Plan {
  readonly kind: RoundTripCheck['kind']
  readonly title: string
  readonly path: readonly string[]
  readonly from: string
  readonly run: (object: KubeObject) => Problem | undefined
  /** Called with the seed of the check once it ran. */
  readonly ran?: (seed: number) => void
}

/** One converted object: what the API server keeps of it (`object`) and the webhook's own `answer`. */
interface Stored {
  readonly object: KubeObject
  readonly answer: KubeObject
}

/** Converts one object and answers what the API server would keep of the result, pruned and defaulted (else all of it). */
type Storing = (object: KubeObject, version: string, pruned?: boolean) => Problem | Stored

export interface PlanOptions {
  /** Judge each answer by its version's schema (`answer-not-writable`); default `false`. */
  readonly writable?: boolean
  /** Where refusals of values the converters carried over as they were are noted, once each. */
  readonly carried?: CarriedRefusals
}

/**
 * Every check of `resource`: a round trip for each ordered pair of versions, and a comparison
 * for each converter that a longer path can stand in for. Throws a `SchemeError` on a mistake
 * in the definition (`checkDefinitions`), which the round trips report as a check not run.
 */
export function planChecks(
  resource: Resource,
  { writable = false, carried }: PlanOptions = {}
): Plan[] {
  checkDefinitions([resource])
  const scheme = createScheme([requireFreshAnswers(resource)])
  const apiVersion = (version: string) => formatApiVersion(resource.group, version)
  const schemas = new Map(
    resource.versionNames.map((version) => [version, versionJsonSchema(resource, version)])
  )
  const store: Storing = (object, version, pruned = true) => {
    const result = storedAnswer(scheme, object, apiVersion(version))
    if ('what' in result) return result
    if (!pruned) return { object: result.object, answer: result.object }
    const kept = storedByApiServer(result.object, schemaAt(version)) as KubeObject
    return { object: deepFreeze(kept), answer: result.object }
  }
  const schemaAt = (version: string) => schemas.get(version) ?? true
  // off for partial objects: fragments (server-side apply) no client writes back whole
  const refusals = writable ? schemaRefusals(resource) : (): Refusal[] => []
  const plans: Plan[] = []
  for (const from of resource.versionNames) {
    for (const to of resource.versionNames) {
      if (from === to) continue
      const path = [from, ...hops(resource, from, to), ...hops(resource, to, from)]
      plans.push({
        kind: 'round-trip',
        title: path.join(' → '),
        path,
        from,
        // the webhook only ever sees an object the API server has pruned and defaulted already
        run: (object) => {
          const original = asStored(object, schemaAt(from))
          const unwritable = (refused: readonly Refusal[]) =>
            carried?.note(from, to, refused, original, path.join(' → '))
          return roundTrip(store, original, to, from, { schemaAt, refusals, unwritable })
        },
        ...(carried === undefined ? {} : { ran: (seed: number) => carried.settle(seed) }),
      })
    }
  }
  for (const direct of resource.converters) {
    const detour = findDetour(resource.converters, direct)
    if (detour === undefined) continue
    const longer = [direct.from, ...detour.map((step) => step.to)]
    plans.push({
      kind: 'paths-agree',
      title: `${direct.from} → ${direct.to} agrees with ${longer.join(' → ')}`,
      path: longer,
      from: direct.from,
      run: (object) => pathsAgree(store, object, direct, detour, resource.group),
    })
  }
  return plans
}

/** The versions after `from` on the webhook's path from `from` to `to`. */
function hops(resource: Resource, from: string, to: string): string[] {
  return (resource.paths.get(from)?.get(to) ?? []).map((step) => step.to)
}

/** The shortest path between the ends of `direct` that does not use it, if any. */
function findDetour(
  converters: readonly Converter[],
  direct: Converter
): readonly Converter[] | undefined {
  const reached = new Map<string, readonly Converter[]>([[direct.from, []]])
  const queue = [direct.from]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const step of converters) {
      if (step === direct || step.from !== next || reached.has(step.to)) continue
      const path = [...(reached.get(next) ?? []), step]
      if (step.to === direct.to) return path
      reached.set(step.to, path)
      queue.push(step.to)
    }
  }
  return undefined
}

/** `object` as the API server stores it at its own version, frozen as the kit hands objects over. */
function asStored(object: KubeObject, schema: JsonSchema | boolean): KubeObject {
  return deepFreeze(storedByApiServer(object, schema) as KubeObject)
}

function roundTrip(
  store: Storing,
  original: KubeObject,
  there: string,
  back: string,
  { schemaAt, refusals, unwritable }: Versions
): Problem | undefined {
  const before = canonicalJson(original)
  const away = store(original, there)
  if ('what' in away) return away
  // a client reads the answer and writes it back: the API server must take it at `there`
  const refused = refusals(away.object, there)
  if (refused.length > 0 && refusals(original, back).length === 0) {
    // a value the converters wrote fails this trip; one they carried over is noted once per field
    const written = refused.filter((refusal) => !carriedOver(refusal, original, away.object))
    if (written.length > 0) {
      return {
        code: 'answer-not-writable',
        what: `${back} → ${there} gave an answer a client could not write back: ${there}'s schema refuses it`,
        lines: written.slice(0, MAX_REFUSALS).map(describeRefusal),
        returned: away.object,
      }
    }
    unwritable(refused)
  }
  const home = storeAgain(store, away.object, back)
  if ('what' in home) return home
  if (canonicalJson(original) !== before) return mutated()
  const differences = roundTripDifferences(original, home.object)
  if (differences.length === 0) return undefined
  const lost = differences.some((difference) => difference.expected !== undefined)
  const trip = { there, back, schemaAt }
  return {
    code: lost ? 'data-lost' : 'fields-added',
    what: lost ? 'lost data' : 'came back with fields it did not have',
    lines: [
      ...differences.map((difference) => describeDifference(difference)),
      ...rewritesAwayToBlame(store, original, away.answer, differences, trip),
      ...rewritesHomeToBlame(home.answer, differences, trip),
    ],
    returned: home.object,
  }
}

/** `object` converted to `version` after the API server kept it: as JSON, not as the same objects. */
function storeAgain(store: Storing, object: KubeObject, version: string): Problem | Stored {
  return store(deepFreeze(jsonCopy(object)), version)
}

interface Versions {
  readonly schemaAt: (version: string) => JsonSchema | boolean
  readonly refusals: (object: KubeObject, version: string) => Refusal[]
  /** Refusals of values the converters carried over as they were. */
  readonly unwritable: (refused: readonly Refusal[]) => void
}

interface Trip {
  readonly there: string
  readonly back: string
  readonly schemaAt: (version: string) => JsonSchema | boolean
}

/**
 * The lines that name what the API server did to the answer at `there` where that, and not the
 * converters, made the round trip differ: the same trip from the answer as the webhook gave it
 * comes back without some of `differences`. None when the converters alone explain them.
 */
function rewritesAwayToBlame(
  store: Storing,
  original: KubeObject,
  answer: KubeObject,
  differences: readonly JsonDifference[],
  { there, back, schemaAt }: Trip
): string[] {
  const rewrites = apiServerRewrites(answer, schemaAt(there))
  if (rewrites.length === 0) return []
  const unkept = storeAgain(store, answer, back)
  if ('what' in unkept) return []
  const remaining = new Set(
    roundTripDifferences(original, unkept.object).map((difference) => difference.path)
  )
  const caused = differences.filter((difference) => !remaining.has(difference.path))
  if (caused.length === 0) return []
  const paths = caused.map((difference) => difference.path).join(', ')
  const wouldBe = caused.length === 1 ? 'it was' : 'they were'
  return [
    `caused by the API server, which rewrites the answer at ${there} before the next review (without that, ${paths} would come back as ${wouldBe}):`,
    ...rewrites.map((rewrite) => `  ${describeRewrite(rewrite, { at: there, from: back })}`),
  ]
}

/** The lines that name what the API server did to the answer home at `back` in the places that differ. */
function rewritesHomeToBlame(
  answer: KubeObject,
  differences: readonly JsonDifference[],
  { there, back, schemaAt }: Trip
): string[] {
  const within = (place: string, path: string) =>
    path === place || path.startsWith(`${place}.`) || path.startsWith(`${place}[`)
  const rewrites = apiServerRewrites(answer, schemaAt(back)).filter((rewrite) =>
    differences.some((difference) => within(rewrite.path, difference.path))
  )
  if (rewrites.length === 0) return []
  return [
    `caused by the API server, which rewrites the answer at ${back} before anyone reads it:`,
    ...rewrites.map(
      (rewrite) => `  ${describeRewrite(rewrite, { at: back, from: there, returning: true })}`
    ),
  ]
}

function pathsAgree(
  store: Storing,
  original: KubeObject,
  direct: Converter,
  detour: readonly Converter[],
  group: string
): Problem | undefined {
  const before = canonicalJson(original)
  const short = store(original, direct.to)
  if ('what' in short) return short
  // one webhook call runs the whole path: the API server prunes and defaults only its end
  let current = original
  for (const [index, step] of detour.entries()) {
    const next = store(current, step.to, index === detour.length - 1)
    if ('what' in next) return next
    current = deepFreeze(next.object)
  }
  if (canonicalJson(original) !== before) return mutated()
  // each path keeps what it must in its own stash entries; only what users see has to agree
  const differences = roundTripDifferences(short.object, current, { ignoringStashOf: group })
  if (differences.length === 0) return undefined
  const shorter = `${direct.from} → ${direct.to} gave`
  const longer = `${[direct.from, ...detour.map((step) => step.to)].join(' → ')} gave`
  return {
    code: 'paths-disagree',
    what: 'the direct converter and the longer path disagree',
    lines: differences.map((difference) => describeDifference(difference, [shorter, longer])),
    returned: current,
  }
}
