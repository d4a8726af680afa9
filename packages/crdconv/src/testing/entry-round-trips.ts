// Round trips through a deployed entry (the Worker bundle, the Lambda handler, a server): the
// objects the kit checks, sent as ConversionReviews the way the API server sends them, kept as it
// keeps them, and compared as `expectLosslessRoundTrips` compares them, so a project's entry tests
// and `crdconv check` give one verdict.
import * as fc from 'fast-check'
import { exampleObjects } from '../crd/index.ts'
import { describeDifference, isPlainObject, parseJson, stringifyJson } from '@crdconv/webhook/json'
import {
  checkDefinitions,
  formatApiVersion,
  type KubeObject,
  type Resource,
  type Scheme,
} from '@crdconv/webhook/scheme'
import { arbitraryObjectAt, versionJsonSchema } from './object-arbitrary.ts'
import { pruneUnknownFields } from './prune-unknown-fields.ts'
import { roundTripDifferences } from './round-trip-comparison.ts'

/** Posts a ConversionReview's JSON text to the entry under test; resolves with the HTTP status and body text. */
export type SendReview = (
  body: string
) => Promise<{ readonly status: number; readonly body: string }>

export interface EntryRoundTripOptions {
  /** Objects generated from each version's schema beside its bare object and `examples`; default 5. */
  readonly numRuns?: number
  /** Seed of the generator; default 1, so every run sends the same objects. */
  readonly seed?: number
  /**
   * Fail when a version has no `examples`. By default a version without them is checked with its
   * bare object and the generated ones, as `crdconv check` does.
   */
  readonly requireExamples?: boolean
}

/** Objects generated per version unless told otherwise: each costs reviews through the entry. */
export const DEFAULT_ENTRY_RUNS = 5

/**
 * Converts objects of every version of `target` through a deployed entry to each version (one
 * ConversionReview per target version, objects of all versions in it), then each answer, pruned
 * as the API server stores it, back to its own version: it must come back as
 * `expectLosslessRoundTrips` counts it (empty `labels`/`annotations` are absent ones; a stash
 * annotation on the way is the converters' business). Each answer must be a Success with the
 * objects in order, at the desired version, with the same kind, name, namespace and uid. The
 * objects: each version's bare object and `examples` (`exampleObjects`), and `numRuns` generated
 * from its schema. Rejects with an `Error` that lists every problem, or with the `SchemeError`
 * of a mistake in a definition (`checkDefinitions`) before anything is sent.
 *
 * @example
 * ```ts
 * import { expectRoundTripsThrough } from 'crdconv/testing'
 *
 * it('converts through the Worker', async () => {
 *   await expectRoundTripsThrough(scheme, async (body) => {
 *     const response = await SELF.fetch('https://webhook.example/convert/<token>', {
 *       method: 'POST',
 *       headers: { 'content-type': 'application/json' },
 *       body,
 *     })
 *     return { status: response.status, body: await response.text() }
 *   })
 * })
 * ```
 */
export async function expectRoundTripsThrough(
  target: Resource | Scheme,
  send: SendReview,
  options: EntryRoundTripOptions = {}
): Promise<void> {
  const resources = 'resources' in target ? target.resources : [target]
  checkDefinitions(resources)
  const problems: string[] = []
  for (const resource of resources) {
    problems.push(...(await entryRoundTrips(resource, send, options)))
  }
  if (problems.length > 0) {
    throw new Error(`round trips through the entry failed:\n${problems.join('\n')}`)
  }
}

interface Sent {
  readonly version: string
  readonly object: KubeObject
}

async function entryRoundTrips(
  resource: Resource,
  send: SendReview,
  options: EntryRoundTripOptions
): Promise<string[]> {
  const label = resource.identity.groupKind
  const problems: string[] = []
  if (options.requireExamples === true) {
    for (const version of resource.versionNames) {
      if ((resource.versions[version]?.examples ?? []).length === 0) {
        problems.push(`${label} ${version}: give the version \`examples\``)
      }
    }
  }
  const sent: Sent[] = resource.versionNames.flatMap((version) =>
    objectsAt(resource, version, options).map((object) => ({ version, object }))
  )
  const review = reviewSender(send)
  for (const there of resource.versionNames) {
    const away = await review(
      resource,
      there,
      sent.map(({ object }) => object)
    )
    if (typeof away === 'string') {
      problems.push(`${label}: to ${there}: ${away}`)
      continue
    }
    const stored = away.map((object) => keptAt(resource, there, object))
    for (const back of resource.versionNames) {
      if (back === there) continue
      const indexes = sent.flatMap((item, index) => (item.version === back ? [index] : []))
      const path = `${back} → ${there} → ${back}`
      const home = await review(
        resource,
        back,
        indexes.map((index) => stored[index] as KubeObject)
      )
      if (typeof home === 'string') {
        problems.push(`${label}: ${path}: ${home}`)
        continue
      }
      for (const [position, index] of indexes.entries()) {
        const original = (sent[index] as Sent).object
        const returned = keptAt(resource, back, home[position] as KubeObject)
        const differences = roundTripDifferences(original, returned)
        if (differences.length === 0) continue
        problems.push(
          `${label}: ${path}: ${nameOf(original)} came back different:`,
          ...differences.map((difference) => `  ${describeDifference(difference)}`)
        )
      }
    }
  }
  return problems
}

/** The version's bare object and examples, then `numRuns` objects generated from its schema. */
function objectsAt(
  resource: Resource,
  version: string,
  options: EntryRoundTripOptions
): KubeObject[] {
  const generated = fc.sample(arbitraryObjectAt(resource, version), {
    numRuns: options.numRuns ?? DEFAULT_ENTRY_RUNS,
    seed: options.seed ?? 1,
  })
  return [...exampleObjects(resource, version), ...generated]
}

/** What the API server stores of an answer at `version`: the fields its schema declares. */
function keptAt(resource: Resource, version: string, object: KubeObject): KubeObject {
  return pruneUnknownFields(object, versionJsonSchema(resource, version)) as KubeObject
}

const nameOf = (object: KubeObject): string => {
  const metadata = isPlainObject(object.metadata) ? object.metadata : {}
  const name = typeof metadata['name'] === 'string' ? metadata['name'] : '(no name)'
  return `${String(object.apiVersion)} ${name}`
}

type Review = (
  resource: Resource,
  version: string,
  objects: readonly KubeObject[]
) => Promise<KubeObject[] | string>

/** Sends one review and answers the converted objects, or what is wrong with the answer. */
function reviewSender(send: SendReview): Review {
  let reviews = 0
  return async (resource, version, objects) => {
    const uid = `crdconv-entry-review-${++reviews}`
    const desiredAPIVersion = formatApiVersion(resource.group, version)
    const request = { uid, desiredAPIVersion, objects }
    const review = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request }
    const { status, body } = await send(stringifyJson(review))
    if (status !== 200) return `answered HTTP ${status}: ${body.slice(0, 500)}`
    const answer = parseJson(body)
    const response = isPlainObject(answer) ? answer['response'] : undefined
    if (!isPlainObject(answer) || !isPlainObject(response) || response['uid'] !== uid) {
      return `the answer is not the ConversionReview of request ${uid}: ${body.slice(0, 500)}`
    }
    const result = isPlainObject(response['result']) ? response['result'] : {}
    if (result['status'] !== 'Success') {
      return `the review failed: ${String(result['message'] ?? stringifyJson(result))}`
    }
    const converted = response['convertedObjects']
    if (!Array.isArray(converted) || converted.length !== objects.length) {
      return `sent ${objects.length} objects, got back ${Array.isArray(converted) ? converted.length : 'none'}`
    }
    for (const [index, object] of objects.entries()) {
      const wrong = identityProblem(object, converted[index], desiredAPIVersion)
      if (wrong !== undefined) return `object ${index} (${nameOf(object)}): ${wrong}`
    }
    return converted as KubeObject[]
  }
}

/** What the API server refuses in a converted object: another kind, version or identity. */
function identityProblem(
  sent: KubeObject,
  converted: unknown,
  desiredAPIVersion: string
): string | undefined {
  if (!isPlainObject(converted)) return 'came back as no object'
  if (converted['apiVersion'] !== desiredAPIVersion) {
    return `came back at apiVersion ${String(converted['apiVersion'])}, not ${desiredAPIVersion}`
  }
  if (converted['kind'] !== sent.kind) return `came back as kind ${String(converted['kind'])}`
  const before = isPlainObject(sent.metadata) ? sent.metadata : {}
  const after = isPlainObject(converted['metadata']) ? converted['metadata'] : {}
  for (const field of ['name', 'namespace', 'uid']) {
    if (before[field] !== after[field]) {
      return `metadata.${field} came back as ${String(after[field])}, not ${String(before[field])}`
    }
  }
  return undefined
}
