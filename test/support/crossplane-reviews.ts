// The ConversionReviews the API server sends one crdconv endpoint for an XRD's composite resource
// and its claim (databaseXrdScheme of crossplane-xrds.ts), as Crossplane leaves the objects, and
// the spec every platform (Worker, Lambda, Node server) runs against its own way of sending them.
import { describe, expect, it } from 'vitest'
import type { WebhookTarget } from './http-contract.ts'
import { conversionReview } from './review-factory.ts'

type Json = Record<string, unknown>

const READY = {
  type: 'Ready',
  status: 'True',
  reason: 'Available',
  lastTransitionTime: '2026-12-05T08:00:00Z',
}
const SYNCED = {
  type: 'Synced',
  status: 'True',
  reason: 'ReconcileSuccess',
  lastTransitionTime: '2026-12-05T07:59:00Z',
  observedGeneration: 2,
}

/** The XR Crossplane made for the claim: its refs, its claim, its conditions, at `version`. */
function composite(version: 'v1alpha1' | 'v1beta1'): Json {
  return {
    apiVersion: `example.org/${version}`,
    kind: 'XDatabase',
    metadata: {
      name: 'orders-x7k2p',
      uid: '5b1d0a4e-3f0c-4c55-9c1e-0d6f2e8a9b71',
      resourceVersion: '4711',
      generation: 2,
      labels: {
        'crossplane.io/composite': 'orders-x7k2p',
        'crossplane.io/claim-name': 'orders',
        'crossplane.io/claim-namespace': 'shop',
      },
      finalizers: ['composite.apiextensions.crossplane.io'],
    },
    spec: {
      ...(version === 'v1alpha1' ? { size: '20Gi' } : { storage: { size: '20Gi' } }),
      engine: 'postgres',
      compositionRef: { name: 'database-aws' },
      compositionRevisionRef: { name: 'database-aws-3c9f1' },
      compositionUpdatePolicy: 'Automatic',
      resourceRefs: [
        { apiVersion: 'rds.aws.upbound.io/v1beta1', kind: 'Instance', name: 'orders-x7k2p-db' },
        { apiVersion: 'ec2.aws.upbound.io/v1beta1', kind: 'SecurityGroup', name: 'orders-sg' },
      ],
      claimRef: {
        apiVersion: 'example.org/v1beta1',
        kind: 'Database',
        namespace: 'shop',
        name: 'orders',
      },
      writeConnectionSecretToRef: {
        name: '5b1d0a4e-3f0c-4c55-9c1e-0d6f2e8a9b71',
        namespace: 'crossplane-system',
      },
    },
    status: {
      address: 'orders.cluster-abc.eu-west-1.rds.amazonaws.com',
      conditions: [SYNCED, READY],
      connectionDetails: { lastPublishedTime: '2026-12-05T08:00:00Z' },
      claimConditionTypes: ['DatabaseReady'],
    },
  }
}

/** The claim bound to that XR, at `version`. */
function claim(version: 'v1alpha1' | 'v1beta1'): Json {
  return {
    apiVersion: `example.org/${version}`,
    kind: 'Database',
    metadata: {
      name: 'orders',
      namespace: 'shop',
      uid: 'c2a9e6f0-8d3b-4f1a-a7e5-3b9c0d1e2f34',
      resourceVersion: '4702',
      generation: 1,
      finalizers: ['finalizer.apiextensions.crossplane.io'],
    },
    spec: {
      ...(version === 'v1alpha1' ? { size: '20Gi' } : { storage: { size: '20Gi' } }),
      compositeDeletePolicy: 'Foreground',
      compositionRef: { name: 'database-aws' },
      resourceRef: { apiVersion: 'example.org/v1beta1', kind: 'XDatabase', name: 'orders-x7k2p' },
      writeConnectionSecretToRef: { name: 'orders-conn' },
    },
    status: {
      address: 'orders.cluster-abc.eu-west-1.rds.amazonaws.com',
      conditions: [SYNCED, READY],
      connectionDetails: { lastPublishedTime: '2026-12-05T08:00:00Z' },
    },
  }
}

/** The XRD's two kinds, each at both versions: the XR first, as the scheme serves them. */
export const XRD_KINDS = [
  { name: 'the composite resource', kind: 'XDatabase', at: composite },
  { name: 'the claim', kind: 'Database', at: claim },
] as const

const DIRECTIONS = [
  { from: 'v1alpha1', to: 'v1beta1' },
  { from: 'v1beta1', to: 'v1alpha1' },
] as const

/** One row per kind and direction: what the API server sends and what it must get back. */
export const XRD_REVIEW_CASES = XRD_KINDS.flatMap(({ name, kind, at }) =>
  DIRECTIONS.map(({ from, to }) => ({ name, kind, from, to, sent: at(from), expected: at(to) }))
)

/** Objects of a kind the XRD's scheme does not serve, and how the refusal must name it. */
export const UNSERVED_OBJECTS = [
  {
    name: 'a kind of the XRD’s group the XRD does not declare',
    object: { apiVersion: 'example.org/v1alpha1', kind: 'XCache', metadata: { name: 'c' } },
    named: 'kind XCache of group example.org',
  },
  {
    name: 'the claim’s kind in another group',
    object: {
      apiVersion: 'other.example.org/v1alpha1',
      kind: 'Database',
      metadata: { name: 'orders', namespace: 'shop' },
      spec: { size: '20Gi' },
    },
    named: 'kind Database of group other.example.org',
  },
] as const

interface ReviewAnswer {
  apiVersion: string
  kind: string
  response: {
    uid: string
    result: { status: string; message?: string }
    convertedObjects?: Json[]
  }
}

/**
 * The spec of one endpoint serving an XRD's composite resource and claim (databaseXrdScheme):
 * each kind converted by its own kind in both directions, Crossplane's fields untouched, both
 * kinds in one review, and a kind the scheme does not serve Failed with a message naming it.
 * `target()` is read lazily, after the suite's own `beforeAll` has started it.
 */
export function describeXrdEndpoint(name: string, target: () => Pick<WebhookTarget, 'send'>) {
  const convert = async (review: unknown) => {
    const response = await target().send('/convert?timeout=30s', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, */*' },
      body: JSON.stringify(review),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as ReviewAnswer
  }

  describe(`one endpoint for an XRD’s composite resource and claim: ${name}`, () => {
    it.each(XRD_REVIEW_CASES.map((row) => [row.name, row.kind, row.from, row.to, row] as const))(
      'converts %s (%s) from %s to %s by its kind, Crossplane’s fields untouched',
      async (_name, _kind, _from, _to, { kind, from, to, sent, expected }) => {
        const answer = await convert(
          conversionReview({
            uid: `${kind}-${from}-${to}`,
            desiredAPIVersion: `example.org/${to}`,
            objects: [sent],
          })
        )
        expect(answer.kind).toBe('ConversionReview')
        expect(answer.response.uid).toBe(`${kind}-${from}-${to}`)
        expect(answer.response.result).toEqual({ status: 'Success' })
        expect(answer.response.convertedObjects).toEqual([expected])
      }
    )

    it('converts the XR and the claim in one review, each by its own kind, in request order', async () => {
      const sent = XRD_KINDS.flatMap(({ at }) => [at('v1alpha1'), at('v1beta1')])
      const answer = await convert(
        conversionReview({ desiredAPIVersion: 'example.org/v1beta1', objects: sent })
      )
      expect(answer.response.result).toEqual({ status: 'Success' })
      expect(answer.response.convertedObjects).toEqual(
        XRD_KINDS.flatMap(({ at }) => [at('v1beta1'), at('v1beta1')])
      )
    })

    it.each(UNSERVED_OBJECTS.map((row) => [row.name, row] as const))(
      'fails a review holding %s beside the XR and the claim, naming that kind',
      async (_name, { object, named }) => {
        const answer = await convert(
          conversionReview({
            uid: 'unserved',
            desiredAPIVersion: 'example.org/v1beta1',
            objects: [composite('v1alpha1'), object, claim('v1alpha1')],
          })
        )
        expect(answer.response.uid).toBe('unserved')
        expect(answer.response.result.status).toBe('Failed')
        expect(answer.response.result.message).toContain(named)
        expect(answer.response.convertedObjects ?? []).toEqual([])
      }
    )
  })
}
