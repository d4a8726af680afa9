import { describe, expect, it } from 'vitest'
import { exampleScheme } from '../../../examples/index.ts'
import { createApp } from '../../../packages/webhook/src/http/index.ts'
import { parseJson, stringifyJson } from '../../../packages/webhook/src/json/index.ts'
import {
  createScheme,
  defineResource,
  restoreStashedFields,
  stashFields,
} from '../../../packages/webhook/src/scheme/index.ts'
import {
  expectLosslessRoundTrips,
  expectRoundTripsThrough,
  roundTripDifferences,
  type SendReview,
} from '../../../packages/crdconv/src/testing/index.ts'
import * as z from 'zod/mini'

const reviewOf = (desiredAPIVersion: string, object: object) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'ConversionReview',
  request: { uid: 'review-1', desiredAPIVersion, objects: [object] },
})

const appOf = (scheme: Parameters<typeof createApp>[0]['scheme']): SendReview => {
  const app = createApp({ allowUnauthenticated: true, scheme, log: () => {} })
  return async (body) => {
    const response = await app.request('/convert', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    return { status: response.status, body: await response.text() }
  }
}

// v1 → v1beta1 keeps an empty host in the stash (hostPort cannot say it), and restoring it leaves
// `annotations: {}`: both are what the kit accepts, and the entry's round trips must accept them
// the same way. No version has `examples`.
const V1beta1 = z.looseObject({ hostPort: z.optional(z.string().check(z.minLength(1))) })
const V1 = z.looseObject({ host: z.optional(z.string()) })
const stashing = defineResource({
  group: 'example.com',
  kind: 'Probe',
  versions: { v1beta1: { schema: V1beta1, storage: true }, v1: { schema: V1 } },
  converters: [
    {
      from: 'v1beta1',
      to: 'v1',
      convert: (object, context) => {
        const { object: unstashed, fields } = restoreStashedFields(object, context)
        const { hostPort, ...rest } = unstashed
        if (fields !== undefined) return { ...rest, ...fields }
        return hostPort === undefined ? rest : { ...rest, host: hostPort }
      },
    },
    {
      from: 'v1',
      to: 'v1beta1',
      convert: ({ host, ...rest }, context) =>
        host === undefined
          ? rest
          : host === ''
            ? stashFields(rest, context, { host })
            : { ...rest, hostPort: host },
    },
  ],
})

/** A v1 Probe with an empty host: it goes through the stash. */
const emptyHost = {
  apiVersion: 'example.com/v1',
  kind: 'Probe',
  metadata: { name: 'empty-host', namespace: 'default', uid: 'uid-empty-host' },
  host: '',
}

describe('expectRoundTripsThrough', () => {
  it('passes an honest entry: the stash annotation and emptied annotations as the kit accepts them', async () => {
    await expectRoundTripsThrough(exampleScheme, appOf(exampleScheme))
    const send = appOf(createScheme([stashing]))
    await expectRoundTripsThrough(stashing, send)
    expectLosslessRoundTrips(stashing, { examples: [emptyHost] })
    // the stash is really on the way: v1 → v1beta1 writes it, v1beta1 → v1 empties annotations
    const down = parseJson(
      (await send(stringifyJson(reviewOf('example.com/v1beta1', emptyHost)))).body
    ) as { response: { convertedObjects: [typeof emptyHost] } }
    const [stored] = down.response.convertedObjects
    expect(Object.keys(stored.metadata)).toContain('annotations')
    const up = parseJson((await send(stringifyJson(reviewOf('example.com/v1', stored)))).body) as {
      response: { convertedObjects: [typeof emptyHost] }
    }
    expect(up.response.convertedObjects[0]).toEqual({
      ...emptyHost,
      metadata: { ...emptyHost.metadata, annotations: {} },
    })
  })

  it('fails, naming the path and the field, an entry that loses a field', async () => {
    const honest = appOf(createScheme([stashing]))
    const lossy: SendReview = async (body) => {
      const answer = await honest(body)
      const review = parseJson(answer.body) as {
        response: { convertedObjects: Record<string, unknown>[] }
      }
      for (const object of review.response.convertedObjects) delete object['hostPort']
      return { status: answer.status, body: stringifyJson(review) }
    }
    await expect(expectRoundTripsThrough(stashing, lossy)).rejects.toThrow(
      /Probe\.example\.com: v1beta1 → v1 → v1beta1: example\.com\/v1beta1 \S+ came back different:\n {2}hostPort: was "[^"]*", came back absent/
    )
  })

  it('fails an entry that answers Failed, with its message', async () => {
    const failing: SendReview = async (body) => {
      const { request } = parseJson(body) as { request: { uid: string } }
      const response = { uid: request.uid, result: { status: 'Failure', message: 'no such kind' } }
      return { status: 200, body: JSON.stringify({ response }) }
    }
    await expect(expectRoundTripsThrough(stashing, failing)).rejects.toThrow(
      /to v1beta1: the review failed: no such kind/
    )
  })

  it('asks for examples only when told to', async () => {
    await expect(
      expectRoundTripsThrough(stashing, appOf(createScheme([stashing])), {
        requireExamples: true,
      })
    ).rejects.toThrow(/Probe\.example\.com v1beta1: give the version `examples`/)
  })
})

describe('roundTripDifferences', () => {
  it.each([
    [
      'empty annotations',
      { metadata: { name: 'a', annotations: {} } },
      { metadata: { name: 'a' } },
    ],
    ['empty labels', { metadata: { labels: {} } }, {}],
  ])('counts %s as absent ones', (_, returned, original) => {
    expect(roundTripDifferences(original, returned)).toEqual([])
  })

  it('counts the stash annotation unless told to leave out its group', () => {
    const stashed = { metadata: { annotations: { 'example.com/conversion-stash': '{}' } } }
    expect(roundTripDifferences({}, stashed)).toHaveLength(1)
    expect(roundTripDifferences({}, stashed, { ignoringStashOf: 'example.com' })).toEqual([])
  })
})
