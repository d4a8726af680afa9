import { describeObject, isPlainObject, type Scheme } from '../scheme/index.ts'
import { checkConvertedObject } from './answer-check.ts'
import {
  ConversionReviewRequest,
  type ConversionReviewResponse,
  type ReviewApiVersion,
} from './conversion-review-schema.ts'
import { formatFailureMessage, type ObjectFailure } from './failure-message.ts'

/** One (kind, from, to) conversion in a review and how many objects took it; logged per review. */
export interface ConversionCount {
  readonly kind: string
  readonly from: string
  readonly to: string
  count: number
}

/** What a review did, without object contents: safe to log. */
export interface ReviewSummary {
  readonly uid: string
  readonly reviewVersion: ReviewApiVersion
  readonly desiredAPIVersion: string
  readonly objectCount: number
  readonly conversions: readonly ConversionCount[]
  readonly outcome: 'Success' | 'Failed'
  readonly failedCount: number
}

/** A body that is not a ConversionReview; `issues` carry zod's paths (`request.uid`). */
export interface InvalidReview {
  readonly message: string
  readonly issues: readonly { readonly path: string; readonly message: string }[]
}

export type ReviewOutcome =
  | {
      readonly valid: true
      readonly review: ConversionReviewResponse
      readonly summary: ReviewSummary
    }
  | { readonly valid: false; readonly problem: InvalidReview }

/**
 * Answers one parsed `ConversionReview` body: validates the envelope, converts each object on its
 * own, checks each answer against the API server's rules, and builds the response in the
 * request's own `apiVersion`. Pure: no I/O, never throws for any input.
 *
 * @example
 * ```ts
 * const outcome = reviewConversion(JSON.parse(body), scheme)
 * if (outcome.valid) return JSON.stringify(outcome.review)
 * ```
 */
export function reviewConversion(body: unknown, scheme: Scheme): ReviewOutcome {
  const parsed = ConversionReviewRequest.safeParse(body)
  if (!parsed.success) return { valid: false, problem: describeIssues(parsed.error.issues) }
  const { apiVersion, request } = parsed.data
  const { uid, desiredAPIVersion, objects } = request
  const converted: unknown[] = new Array(objects.length)
  const failures: ObjectFailure[] = []
  const conversions = conversionCounter(desiredAPIVersion)
  for (let index = 0; index < objects.length; index++) {
    const original = objects[index]
    const kind = stringField(original, 'kind')
    const from = stringField(original, 'apiVersion')
    conversions.add(kind, from)
    const result = scheme.convert(original, desiredAPIVersion)
    const broken = result.ok
      ? checkConvertedObject(original, result.object, desiredAPIVersion)
      : undefined
    if (result.ok && broken === undefined) {
      converted[index] = result.object
      continue
    }
    const failure = result.ok
      ? { reason: `the converted object would be rejected by the API server: ${broken}` }
      : result.failure
    failures.push({ index, kind, from, object: describeObject(original), ...failure })
  }
  const summary = {
    uid,
    reviewVersion: apiVersion,
    desiredAPIVersion,
    objectCount: objects.length,
    conversions: conversions.counts,
    failedCount: failures.length,
  }
  if (failures.length > 0) {
    const message = formatFailureMessage(failures, objects.length, desiredAPIVersion)
    return {
      valid: true,
      review: {
        apiVersion,
        kind: 'ConversionReview',
        response: { uid, result: { status: 'Failed', message } },
      },
      summary: { ...summary, outcome: 'Failed' },
    }
  }
  return {
    valid: true,
    review: {
      apiVersion,
      kind: 'ConversionReview',
      response: { uid, result: { status: 'Success' }, convertedObjects: converted },
    },
    summary: { ...summary, outcome: 'Success' },
  }
}

function stringField(object: unknown, field: string): string {
  const value = isPlainObject(object) ? object[field] : undefined
  return typeof value === 'string' && value !== '' ? value : `(no ${field})`
}

/** Counts objects per (kind, from) in first-seen order; the lookup builds no key string per object. */
function conversionCounter(to: string) {
  const counts: ConversionCount[] = []
  const byKind = new Map<string, Map<string, ConversionCount>>()
  return {
    counts,
    add(kind: string, from: string): void {
      let byFrom = byKind.get(kind)
      if (byFrom === undefined) byKind.set(kind, (byFrom = new Map()))
      const existing = byFrom.get(from)
      if (existing !== undefined) {
        existing.count++
        return
      }
      const count = { kind, from, to, count: 1 }
      byFrom.set(from, count)
      counts.push(count)
    },
  }
}

function describeIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
): InvalidReview {
  const described = issues.map((issue) => ({
    path: formatPath(issue.path),
    message: issue.message,
  }))
  const message = described
    .map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`))
    .join('; ')
  return { message: `not a ConversionReview: ${message}`, issues: described }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, position) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : `${position === 0 ? '' : '.'}${String(segment)}`
    )
    .join('')
}
