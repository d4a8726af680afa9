import { describe, expect, it } from 'vitest'
import {
  checkConversionAnswer,
  checkConvertedObject,
} from '../../../packages/webhook/src/review/index.ts'
import { cronTabV1, cronTabV1beta1 } from '../../support/review-factory.ts'

const DESIRED = 'example.com/v1'
const sent = () => cronTabV1beta1({ labels: { app: 'web' }, annotations: { note: 'x' } })
/** A correct answer for `sent()`, then changed by `change`. */
const answer = (change: (object: ReturnType<typeof cronTabV1>) => unknown) =>
  change(cronTabV1({ labels: { app: 'web' }, annotations: { note: 'x' } }))

describe('checkConvertedObject', () => {
  it('accepts a correct answer, and changed labels and annotations that pass validation', () => {
    expect(
      checkConvertedObject(
        sent(),
        answer((o) => o),
        DESIRED
      )
    ).toBeUndefined()
    const relabelled = answer((o) => ({
      ...o,
      metadata: {
        ...o.metadata,
        labels: { 'example.com/tier': 'gold', empty: '' },
        annotations: {},
      },
    }))
    expect(checkConvertedObject(sent(), relabelled, DESIRED)).toBeUndefined()
  })

  it.each([
    ['not an object', () => 'text', 'not-an-object', 'the converted object is not a JSON object'],
    [
      'another apiVersion',
      (o: object) => ({ ...o, apiVersion: 'example.com/v1beta1' }),
      'api-version-wrong',
      'apiVersion is "example.com/v1beta1", expected "example.com/v1"',
    ],
    [
      'another kind',
      (o: object) => ({ ...o, kind: 'Cron' }),
      'kind-changed',
      'kind changed from "CronTab" to "Cron"',
    ],
    [
      'no metadata',
      (o: object) => ({ ...o, metadata: undefined }),
      'metadata-missing',
      'metadata is missing or not an object',
    ],
    [
      'metadata that is a list',
      (o: object) => ({ ...o, metadata: [] }),
      'metadata-missing',
      'metadata is missing or not an object',
    ],
    [
      'another name',
      (o: ReturnType<typeof cronTabV1>) => ({ ...o, metadata: { ...o.metadata, name: 'other' } }),
      'identity-changed',
      'metadata.name changed from "my-crontab" to "other"',
    ],
    [
      'another namespace',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, namespace: 'kube-system' },
      }),
      'identity-changed',
      'metadata.namespace changed from "default" to "kube-system"',
    ],
    [
      'another uid',
      (o: ReturnType<typeof cronTabV1>) => ({ ...o, metadata: { ...o.metadata, uid: undefined } }),
      'identity-changed',
      'metadata.uid changed from "uid-my-crontab" to undefined',
    ],
    [
      'labels dropped',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: undefined },
      }),
      'map-dropped',
      /metadata\.labels was dropped: the API server would delete every one/,
    ],
    [
      'annotations dropped',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, annotations: null },
      }),
      'map-dropped',
      /metadata\.annotations was dropped/,
    ],
    [
      'a label value that is not a string',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: { app: 3 } },
      }),
      'map-not-strings',
      'metadata.labels["app"] must be a string, not number',
    ],
    [
      'labels that are not a map',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: 'app=web' },
      }),
      'map-not-strings',
      'metadata.labels must be a map of strings',
    ],
    [
      'a label value over 63 characters',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: { app: 'a'.repeat(64) } },
      }),
      'label-invalid',
      'metadata.labels["app"] value: must be no more than 63 characters (has 64)',
    ],
    [
      'a label value with a space',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: { app: 'my app' } },
      }),
      'label-invalid',
      /metadata\.labels\["app"\] value: must be empty or consist of alphanumerics/,
    ],
    [
      'a label key with two slashes',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: { 'a/b/c': 'x' } },
      }),
      'label-invalid',
      /metadata\.labels key "a\/b\/c": must be a name with at most one "\/"/,
    ],
    [
      'a label key with an uppercase prefix',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, labels: { 'Example.com/x': 'y' } },
      }),
      'label-invalid',
      /prefix part must be a lowercase DNS subdomain/,
    ],
    [
      'an annotation key that is empty',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, annotations: { '': 'x' } },
      }),
      'annotation-key-invalid',
      /metadata\.annotations key "": name part must not be empty/,
    ],
    [
      'annotations over 256 KiB',
      (o: ReturnType<typeof cronTabV1>) => ({
        ...o,
        metadata: { ...o.metadata, annotations: { big: 'é'.repeat(131072) } },
      }),
      'annotations-too-large',
      /metadata\.annotations total 262147 bytes, more than the API server's limit of 262144/,
    ],
  ])('names the rule when the answer has %s', (_name, change, code, rule) => {
    const problem = checkConvertedObject(sent(), answer(change as never), DESIRED)
    expect(problem?.code).toBe(code)
    if (typeof rule === 'string') expect(problem?.message).toBe(rule)
    else expect(problem?.message).toMatch(rule)
  })

  it('does not validate labels the converter left unchanged, as the API server does not', () => {
    const odd = cronTabV1beta1({ labels: { app: 'x'.repeat(70) } })
    const kept = cronTabV1({ labels: { app: 'x'.repeat(70) } })
    expect(checkConvertedObject(odd, kept, DESIRED)).toBeUndefined()
  })
})

describe('checkConversionAnswer', () => {
  it('accepts one answer per object, in order', () => {
    const objects = [sent(), sent()]
    expect(checkConversionAnswer(objects, DESIRED, [answer((o) => o), answer((o) => o)])).toEqual(
      []
    )
  })

  it.each([
    ['null', null, 'answer-not-an-array', 'convertedObjects must be an array'],
    [
      'too few objects',
      [{}],
      'answer-count-differs',
      'convertedObjects must hold one object per request object, in order: 2 expected, 1 given',
    ],
  ])('rejects %s as a whole', (_name, converted, code, message) => {
    expect(checkConversionAnswer([sent(), sent()], DESIRED, converted)).toEqual([
      { index: undefined, code, message },
    ])
  })

  it('reports every broken object by index, which catches answers out of order', () => {
    const first = cronTabV1beta1({ name: 'first' })
    const second = cronTabV1beta1({ name: 'second' })
    const swapped = [cronTabV1({ name: 'second' }), cronTabV1({ name: 'first' })]
    expect(checkConversionAnswer([first, second], DESIRED, swapped)).toEqual([
      {
        index: 0,
        code: 'identity-changed',
        message: 'metadata.name changed from "first" to "second"',
        path: 'metadata.name',
      },
      {
        index: 1,
        code: 'identity-changed',
        message: 'metadata.name changed from "second" to "first"',
        path: 'metadata.name',
      },
    ])
  })
})
