// Hostile request bodies for the fuzz properties (Node, workerd and `npm run fuzz`), and the one
// check every answer must pass whatever was sent.
import fc from 'fast-check'
import { DEFAULT_MAX_DEPTH } from '../../packages/webhook/src/http/index.ts'
import { nestingDepthExceeds } from '../../packages/webhook/src/json/index.ts'
import { checkConversionAnswer } from '../../packages/webhook/src/review/index.ts'
import { stashedBackupReview } from './hostile-stash.ts'
import { conversionReview, cronTabV1, cronTabV1beta1, REVIEW_V1BETA1 } from './review-factory.ts'

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', 'a\udc00b']
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '']
const ODD_NUMBER_TEXT = ['9007199254740993', '-9007199254740993', '1e400', '-1e400', '1e-400', '-0']

const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...LONE_SURROGATES),
  fc.string({ unit: fc.constantFrom(...LONE_SURROGATES, 'é', '𝄞', '\u0000'), maxLength: 8 }),
  fc.constantFrom(...ODD_KEYS)
)

/** Any JSON value, with odd keys and strings mixed in. */
const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 53), 1.5, Number.MAX_VALUE),
    oddString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(oddString, fc.constantFrom(...ODD_KEYS)), tie('value'), {
      maxKeys: 4,
    })
  ),
})).value

/** A valid review of CronTabs at mixed versions, in either review version. */
const validReview = fc
  .record({
    reviewVersion: fc.constantFrom('apiextensions.k8s.io/v1', REVIEW_V1BETA1),
    uid: fc.oneof(
      fc.uuid(),
      oddString.filter((uid) => uid !== '')
    ),
    desired: fc.constantFrom('example.com/v1', 'example.com/v1beta1', 'example.com/v9'),
    objects: fc.array(
      fc.oneof(
        fc
          .record({ name: fc.string({ minLength: 1, maxLength: 8 }), port: fc.nat(65535) })
          .map(({ name, port }) => cronTabV1beta1({ name, hostPort: `h.example:${port}` })),
        fc.string({ maxLength: 8 }).map((name) => cronTabV1({ name: name || 'n' })),
        oddValue
      ),
      { maxLength: 5 }
    ),
  })
  .map(({ reviewVersion, uid, desired, objects }) =>
    conversionReview({ apiVersion: reviewVersion, uid, desiredAPIVersion: desired, objects })
  )

type Path = (string | number)[]

function pathsOf(value: unknown, prefix: Path = [], found: Path[] = []): Path[] {
  found.push(prefix)
  if (typeof value === 'object' && value !== null && prefix.length < 6) {
    for (const [key, child] of Object.entries(value)) {
      pathsOf(child, [...prefix, Array.isArray(value) ? Number(key) : key], found)
    }
  }
  return found
}

function replaceAt(root: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement
  const copy = structuredClone(root) as Record<string | number, unknown>
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (remove) delete parent[last]
  else parent[last] = replacement
  return copy
}

/** A valid review with one value replaced by anything, or removed. */
const mutatedReview = fc
  .tuple(validReview, fc.nat(), oddValue, fc.boolean())
  .map(([review, pick, replacement, remove]) => {
    const paths = pathsOf(review)
    const path = paths[pick % paths.length] as Path
    return JSON.stringify(replaceAt(review, path, replacement, remove && path.length > 0))
  })

/** Text-level edits JSON.stringify cannot make: duplicate keys, `__proto__` keys, huge numbers. */
const textEdits: readonly ((text: string, seed: number) => string)[] = [
  (text) => text.replace('"uid":', '"uid":"first","uid":'),
  (text) => text.replace('"request":', '"__proto__":{"polluted":true},"request":'),
  (text) => text.replace('"metadata":{', '"metadata":{"__proto__":{"polluted":true},'),
  (text) => text.replace('"spec":', '"constructor":{"prototype":{"polluted":true}},"spec":'),
  (text, seed) =>
    text.replace(/:\d+/, `:${ODD_NUMBER_TEXT[seed % ODD_NUMBER_TEXT.length] as string}`),
  (text) => text.replace('"objects":[', '"objects":[{"apiVersion":"example.com/v1beta1"},'),
  (text) => text.replace('"desiredAPIVersion":', '"desiredAPIVersion":"\\ud800",\n"x":'),
  (text, seed) => text.slice(0, seed % Math.max(text.length, 1)),
]

const editedReview = fc
  .tuple(validReview, fc.nat(), fc.nat())
  .map(([review, which, seed]) =>
    (textEdits[which % textEdits.length] as (text: string, seed: number) => string)(
      JSON.stringify(review),
      seed
    )
  )

const nested = (depth: number, leaf = '0') => '['.repeat(depth) + leaf + ']'.repeat(depth)

/** Nesting up to 100,000 levels: as the body, inside an object, or inside the envelope. */
const deepReview = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 1_000 }), weight: 3 },
      { arbitrary: fc.integer({ min: 1_000, max: 100_000 }), weight: 1 },
      { arbitrary: fc.constant(100_000), weight: 1 }
    ),
    fc.constantFrom('body', 'object', 'envelope')
  )
  .map(([depth, where]) => {
    if (where === 'body') return nested(depth)
    const review = JSON.stringify(conversionReview({ objects: [cronTabV1beta1()] }))
    return where === 'object'
      ? review.replace('"spec":', `"deep":${nested(depth)},"spec":`)
      : review.replace('"request":', `"deep":${nested(depth)},"request":`)
  })

/** Many objects or one long string: within the body limit, bounded so a run stays quick. */
const bigReview = fc
  .tuple(fc.integer({ min: 1_000, max: 5_000 }), fc.constantFrom(0, {}, 'x', null))
  .map(([count, item]) =>
    JSON.stringify(conversionReview({ objects: Array.from({ length: count }, () => item) }))
  )

const digitRun = (length: number, digit: number) => String(digit % 10).repeat(length)

/**
 * One object holding what costs most per byte: a long integer literal (refused past 21 digits),
 * a long digit run where JSON allows one (string, key, fraction, exponent), a huge string or key,
 * or a wide object or array. Up to about 200 KB, so a run stays quick.
 */
const costlyValueReview = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 16, max: 30 }),
      fc.integer({ min: 30, max: 200_000 }),
      fc.constant(200_000)
    ),
    fc.nat(9),
    fc.constantFrom(
      (run: string) => (run.startsWith('0') ? `1${run}` : run),
      (run: string) => `-${run.replace(/^0/, '1')}`,
      (run: string) => JSON.stringify(run),
      (run: string) => `{${JSON.stringify(run)}:1}`,
      (run: string) => `0.${run}`,
      (run: string) => `1e${run}`,
      (run: string) => `-1.5E-${run}`,
      (run: string) => JSON.stringify('\\n'.repeat(run.length / 2)),
      (run: string) =>
        `{${Array.from({ length: run.length / 8 }, (_, index) => `"k${index}":1`).join(',')}}`,
      (run: string) => `[${'1,'.repeat(run.length / 2)}1]`
    )
  )
  .map(([length, digit, shape]) => {
    const review = JSON.stringify(conversionReview({ objects: [cronTabV1beta1()] }))
    return review.replace('"spec":{', `"spec":{"costly":${shape(digitRun(length, digit))},`)
  })

/**
 * A stored object whose stash, written by hand with a valid hash, hides what the limits refuse on
 * the way in: nesting up to 100,000 levels, or more bytes than a stash may take.
 */
const stashReview = fc
  .record({
    depth: fc.oneof(
      fc.integer({ min: 1, max: 70 }),
      fc.integer({ min: 70, max: 10_000 }),
      fc.constant(100_000)
    ),
    padding: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 60_000, max: 70_000 })),
  })
  .map((stash) => stashedBackupReview(stash))

/** Every kind of hostile body, as the text that goes on the wire. */
export const hostileBody: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: validReview.map((review) => JSON.stringify(review)), weight: 2 },
  { arbitrary: mutatedReview, weight: 4 },
  { arbitrary: editedReview, weight: 3 },
  { arbitrary: oddValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  { arbitrary: deepReview, weight: 1 },
  { arbitrary: bigReview, weight: 1 },
  { arbitrary: costlyValueReview, weight: 1 },
  { arbitrary: stashReview, weight: 1 }
)

/** Own property names of `Object.prototype`, to compare before and after. */
export const prototypeSnapshot = (): string =>
  Object.getOwnPropertyNames(Object.prototype).sort().join(',')

/**
 * Why an answer to `sent` breaks the contract, or `undefined`: never a 5xx; a 4xx carries a JSON
 * error; a 200 is a ConversionReview of the request's version with its uid, and a Success passes
 * the API server's own checks and nests no deeper than the webhook lets a request nest.
 */
export function answerProblem(
  sent: string,
  status: number,
  answerText: string
): string | undefined {
  if (({} as Record<string, unknown>)['polluted'] !== undefined) return 'Object.prototype polluted'
  let answer: unknown
  try {
    answer = JSON.parse(answerText)
  } catch {
    return `status ${status} with a body that is not JSON`
  }
  if (status >= 400 && status < 500) {
    const error = (answer as { error?: unknown } | null)?.error
    return typeof error === 'string' && error !== '' ? undefined : `${status} without an error`
  }
  if (status !== 200) return `status ${status}`
  const request = parseOrUndefined(sent) as ReturnType<typeof conversionReview> | undefined
  const review = answer as {
    apiVersion?: unknown
    kind?: unknown
    response?: {
      uid?: unknown
      result?: { status?: unknown; message?: unknown }
      convertedObjects?: unknown
    }
  }
  if (request === undefined) return '200 for a body that is not JSON'
  if (review.kind !== 'ConversionReview') return 'kind is not ConversionReview'
  if (review.apiVersion !== request.apiVersion) return 'apiVersion differs from the request'
  if (review.response?.uid !== request.request.uid) return 'uid not echoed'
  const result = review.response.result
  if (result?.status === 'Failed') {
    if (typeof result.message !== 'string' || result.message === '') return 'Failed without message'
    return review.response.convertedObjects === undefined ? undefined : 'Failed with objects'
  }
  if (result?.status !== 'Success') return `result.status ${String(result?.status)}`
  if (nestingDepthExceeds(review.response.convertedObjects, DEFAULT_MAX_DEPTH + 1)) {
    return `Success with objects nested more than ${DEFAULT_MAX_DEPTH} levels deep`
  }
  const violations = checkConversionAnswer(
    request.request.objects,
    request.request.desiredAPIVersion,
    review.response.convertedObjects
  )
  return violations.length === 0
    ? undefined
    : `Success the API server rejects: ${violations[0]?.message}`
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
