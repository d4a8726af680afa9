import { randomUUID } from 'node:crypto'
import { exampleObjects } from '../crd/index.ts'
import {
  checkConversionAnswer,
  reviewConversion,
  type ReviewApiVersion,
} from '@crdconv/webhook/review'
import { createScheme, isPlainObject, type Resource } from '@crdconv/webhook/scheme'
import { jsonDifferences } from '@crdconv/webhook/json'
import type { TextAnswer } from '../http-client/index.ts'

/** One synthetic review sent to the webhook and what was wrong with its answer. */
export interface ProbeResult {
  readonly resource: string
  readonly from: string
  readonly to: string
  readonly reviewVersion: ReviewApiVersion
  readonly objectCount: number
  readonly problems: readonly string[]
  readonly milliseconds: number
}

export type Post = (body: string) => Promise<TextAnswer>

/**
 * Sends one review per ordered pair of versions of each resource (ConversionReview v1, plus one
 * v1beta1 review per resource) with the objects `exampleObjects` makes, and checks every answer
 * with the API server's rules; the converted objects must also equal what the local converters
 * give, so a stale deployment shows up.
 */
export async function probeWebhook(
  resources: readonly Resource[],
  post: Post
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = []
  for (const resource of resources) {
    const pairs = resource.versionNames.flatMap((from) =>
      resource.versionNames.filter((to) => to !== from).map((to) => ({ from, to }))
    )
    const reviews: { from: string; to: string; reviewVersion: ReviewApiVersion }[] = pairs.map(
      (pair) => ({ ...pair, reviewVersion: 'apiextensions.k8s.io/v1' })
    )
    if (pairs[0] !== undefined) {
      reviews.push({ ...pairs[0], reviewVersion: 'apiextensions.k8s.io/v1beta1' })
    }
    for (const { from, to, reviewVersion } of reviews) {
      results.push(await probePair(resource, from, to, reviewVersion, post))
    }
  }
  return results
}

async function probePair(
  resource: Resource,
  from: string,
  to: string,
  reviewVersion: ReviewApiVersion,
  post: Post
): Promise<ProbeResult> {
  const objects = exampleObjects(resource, from, { uid: () => randomUUID() })
  const uid = randomUUID()
  const desiredAPIVersion = `${resource.group}/${to}`
  // as the API server sends it: an empty response stanza rides along
  const review = {
    apiVersion: reviewVersion,
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion, objects },
    response: { uid: '', convertedObjects: null, result: { metadata: {} } },
  }
  const started = performance.now()
  const base = {
    resource: resource.identity.crdName,
    from,
    to,
    reviewVersion,
    objectCount: objects.length,
  }
  let answer: TextAnswer
  try {
    answer = await post(JSON.stringify(review))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      ...base,
      problems: [`no answer: ${reason}`],
      milliseconds: performance.now() - started,
    }
  }
  const milliseconds = performance.now() - started
  return { ...base, problems: answerProblems(resource, review, answer), milliseconds }
}

function answerProblems(
  resource: Resource,
  review: {
    apiVersion: ReviewApiVersion
    request: { uid: string; desiredAPIVersion: string; objects: unknown[] }
  },
  answer: TextAnswer
): string[] {
  const snippet = answer.body.slice(0, 300)
  if (answer.status !== 200) return [`HTTP ${answer.status} (expected 200): ${snippet}`]
  let body: unknown
  try {
    body = JSON.parse(answer.body)
  } catch {
    return [`the answer is not JSON: ${snippet}`]
  }
  if (!isPlainObject(body)) return ['the answer is not a JSON object']
  const problems: string[] = []
  if (body['apiVersion'] !== review.apiVersion) {
    problems.push(
      `apiVersion is ${JSON.stringify(body['apiVersion'])}, expected ${review.apiVersion} (the one sent)`
    )
  }
  if (body['kind'] !== 'ConversionReview') {
    problems.push(`kind is ${JSON.stringify(body['kind'])}, expected ConversionReview`)
  }
  const response = body['response']
  if (!isPlainObject(response)) return [...problems, 'the answer has no response']
  if (response['uid'] !== review.request.uid) {
    problems.push(
      `response.uid is ${JSON.stringify(response['uid'])}, expected the request's ${review.request.uid}`
    )
  }
  const result = isPlainObject(response['result']) ? response['result'] : {}
  if (result['status'] !== 'Success') {
    const message = typeof result['message'] === 'string' ? `: ${result['message']}` : ''
    return [...problems, `the webhook answered ${JSON.stringify(result['status'])}${message}`]
  }
  const { objects, desiredAPIVersion } = review.request
  for (const violation of checkConversionAnswer(
    objects,
    desiredAPIVersion,
    response['convertedObjects']
  )) {
    const at = violation.index === undefined ? '' : `convertedObjects[${violation.index}]: `
    problems.push(`the API server would reject the answer: ${at}${violation.message}`)
  }
  if (problems.length > 0) return problems
  const local = reviewConversion(review, createScheme([resource]))
  if (!local.valid || local.review.response.result.status !== 'Success') {
    const message = local.valid ? local.review.response.result.message : local.problem.message
    return [
      `the webhook converted what the local converters refuse (${message}): is the deployment current?`,
    ]
  }
  const difference = firstDifference(
    local.review.response.convertedObjects,
    response['convertedObjects']
  )
  return difference === undefined
    ? []
    : [`the answer differs from the local converters' at ${difference}: is the deployment current?`]
}

function firstDifference(expected: unknown, actual: unknown): string | undefined {
  const [difference] = jsonDifferences(
    { convertedObjects: expected },
    { convertedObjects: actual },
    1
  )
  if (difference === undefined) return undefined
  const { path, expected: want, actual: got } = difference
  return Array.isArray(want) && Array.isArray(got)
    ? `${path} (length ${got.length}, expected ${want.length})`
    : path
}
