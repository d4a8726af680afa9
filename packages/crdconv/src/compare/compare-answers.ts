import { randomUUID } from 'node:crypto'
import { reviewConversion } from '@crdconv/webhook/review'
import {
  formatApiVersion,
  isPlainObject,
  stashAnnotationKey,
  type KubeObject,
  type Resource,
  type Scheme,
} from '@crdconv/webhook/scheme'
import type { TextAnswer } from '../http-client/index.ts'
import type { GeneratingKit, ComparedObject } from './compared-objects.ts'
import { answerDifferences, type FieldDifference } from './answer-differences.ts'

/** POSTs one ConversionReview body to the running webhook. */
export type PostReview = (body: string) => Promise<TextAnswer>

/** One object sent to both sides, and how their answers differ. */
export interface ObjectComparison {
  readonly resource: string
  readonly from: string
  readonly to: string
  readonly label: string
  /** `namespace/name` of the object sent. */
  readonly object: string
  /** Why a side refused the review (`result.message`, or what was wrong with its answer). */
  readonly crdconvRefused?: string
  readonly webhookRefused?: string
  readonly differences: readonly FieldDifference[]
}

export interface CompareOptions {
  /** Annotations in which the running webhook keeps its own state (Cluster API's conversion-data). */
  readonly stateAnnotations: readonly string[]
  /** Called after each object, with how many are done and how many there are. */
  readonly onProgress?: (done: number, total: number) => void
  /** Only the kit's `storedByApiServer` and `versionJsonSchema` are used here. */
  readonly kit?: Pick<GeneratingKit, 'storedByApiServer' | 'versionJsonSchema'> | undefined
}

export interface PlannedObject extends ComparedObject {
  readonly resource: Resource
  readonly from: string
  readonly to: string
}

/**
 * Sends each planned object in a ConversionReview of its own, as the API server does for reads,
 * to the running webhook (`post`) and to `scheme`, and compares the two converted objects as the
 * API server keeps them (pruned by the target version's schema when `kit` is given).
 *
 * @example
 * ```ts
 * const results = await compareAnswers(scheme, planned, post, { stateAnnotations: ['cluster.x-k8s.io/conversion-data'] })
 * ```
 */
export async function compareAnswers(
  scheme: Scheme,
  planned: readonly PlannedObject[],
  post: PostReview,
  options: CompareOptions
): Promise<ObjectComparison[]> {
  const results: ObjectComparison[] = []
  for (const item of planned) {
    results.push(await compareOne(scheme, item, post, options))
    options.onProgress?.(results.length, planned.length)
  }
  return results
}

async function compareOne(
  scheme: Scheme,
  { resource, from, to, label, object }: PlannedObject,
  post: PostReview,
  options: CompareOptions
): Promise<ObjectComparison> {
  const review = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: randomUUID(),
      desiredAPIVersion: formatApiVersion(resource.group, to),
      objects: [object],
    },
    response: { uid: '', convertedObjects: null, result: { metadata: {} } },
  }
  const base = {
    resource: resource.identity.crdName,
    from,
    to,
    label,
    object: objectName(object),
  }
  const ours = ownAnswer(review, scheme)
  const theirs = await webhookAnswer(post, JSON.stringify(review), review.request.uid)
  const refusals = {
    ...(typeof ours === 'string' ? { crdconvRefused: ours } : {}),
    ...(typeof theirs === 'string' ? { webhookRefused: theirs } : {}),
  }
  if (typeof ours === 'string' || typeof theirs === 'string') {
    return { ...base, ...refusals, differences: [] }
  }
  const stored = (value: KubeObject) => {
    if (options.kit === undefined) return value
    const schema = options.kit.versionJsonSchema(resource, to)
    return options.kit.storedByApiServer(value, schema) as KubeObject
  }
  const state = new Set([stashAnnotationKey(resource.group), ...options.stateAnnotations])
  const places = resource.converters.flatMap((converter) => converter.annotationPlaces ?? [])
  return { ...base, differences: answerDifferences(stored(ours), stored(theirs), state, places) }
}

function ownAnswer(review: unknown, scheme: Scheme): KubeObject | string {
  const outcome = reviewConversion(review, scheme)
  return outcome.valid ? converted(outcome.review) : outcome.problem.message
}

/** The converted object of an answer, or why there is none. */
function converted(body: unknown): KubeObject | string {
  if (!isPlainObject(body)) return 'the answer is not a JSON object'
  const response = body['response']
  if (!isPlainObject(response)) return 'the answer has no response'
  const result = isPlainObject(response['result']) ? response['result'] : {}
  if (result['status'] !== 'Success') {
    return typeof result['message'] === 'string' ? result['message'] : 'Failed, with no message'
  }
  const objects = response['convertedObjects']
  if (!Array.isArray(objects) || objects.length !== 1 || !isPlainObject(objects[0])) {
    return 'Success, but not one converted object'
  }
  return objects[0] as KubeObject
}

async function webhookAnswer(
  post: PostReview,
  body: string,
  uid: string
): Promise<KubeObject | string> {
  let answer: TextAnswer
  try {
    answer = await post(body)
  } catch (error) {
    return `no answer: ${error instanceof Error ? error.message : String(error)}`
  }
  if (answer.status !== 200) return `HTTP ${answer.status}: ${answer.body.slice(0, 200)}`
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.body)
  } catch {
    return `the answer is not JSON: ${answer.body.slice(0, 200)}`
  }
  const response = isPlainObject(parsed) ? parsed['response'] : undefined
  if (isPlainObject(response) && response['uid'] !== uid) {
    return `response.uid is ${JSON.stringify(response['uid'])}, not the request's ${uid}`
  }
  return converted(parsed)
}

function objectName(object: KubeObject): string {
  const metadata = isPlainObject(object.metadata) ? object.metadata : {}
  const name = typeof metadata['name'] === 'string' ? metadata['name'] : '(no name)'
  return typeof metadata['namespace'] === 'string' ? `${metadata['namespace']}/${name}` : name
}
