// Shared by the hardening tests in Node and workerd: tokens, requests, a scheme that misbehaves.
import {
  createScheme,
  defineResource,
  type Scheme,
} from '../../packages/webhook/src/scheme/index.ts'
import { cronTab } from '../../examples/index.ts'
import * as z from 'zod'
import { conversionReview } from './review-factory.ts'

export const TOKEN = 'a'.repeat(16) + '0123456789abcdef0123456789abcdef'
export const NEXT_TOKEN = 'b'.repeat(16) + 'fedcba9876543210fedcba9876543210'

export const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

export const reviewRequest = () => postJson(conversionReview())

/** A scheme whose `convert` throws what the framework never expects from a scheme. */
export function throwingScheme(error: unknown): Scheme {
  const scheme = createScheme([cronTab])
  return {
    ...scheme,
    convert: () => {
      throw error
    },
  }
}

/** A one-resource scheme whose v1 → v2 converter returns `output` for every object. */
export function schemeReturning(output: (object: Record<string, unknown>) => unknown): Scheme {
  const widget = defineResource({
    group: 'example.com',
    kind: 'Widget',
    versions: {
      v1: { schema: z.looseObject({}), storage: true },
      v2: { schema: z.looseObject({}) },
    },
    converters: [
      { from: 'v1', to: 'v2', convert: (object) => output(object) as never },
      { from: 'v2', to: 'v1', convert: (object) => object },
    ],
  })
  return createScheme([widget])
}

export const widgetReview = () =>
  conversionReview({
    desiredAPIVersion: 'example.com/v2',
    objects: [
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'ns' } },
    ],
  })
