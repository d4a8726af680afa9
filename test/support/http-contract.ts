import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonInteger, parseJson, stringifyJson } from '../../packages/webhook/src/json/index.ts'
import { apiServerInteger, apiServerValue } from './json-codec-properties.ts'
import {
  apiServerStyleReview,
  conversionReview,
  cronTabV1,
  cronTabV1beta1,
  REVIEW_V1,
  REVIEW_V1BETA1,
  storedCronTabV1beta1,
} from './review-factory.ts'
import { seedRequest, seedResponse } from './seed-examples.ts'

/** One way of reaching the webhook: in-process, over HTTP(S), inside workerd, through Lambda events. */
export interface WebhookTarget {
  send(path: string, init: RequestInit): Promise<Response>
  /** The body limit this target was configured with. */
  readonly maxBodyBytes: number
}

interface ReviewAnswer {
  response: {
    uid: string
    result: { status: string; message?: string }
    convertedObjects?: Record<string, unknown>[]
  }
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

/**
 * The HTTP contract of DESIGN.md, run unchanged against every platform path so they provably
 * answer the same. `target()` is read lazily, after the suite's own `beforeAll` has started it.
 */
export function describeHttpContract(name: string, target: () => WebhookTarget): void {
  const send = (path: string, init: RequestInit) => target().send(path, init)
  const convert = async (body: unknown, init: Partial<RequestInit> = {}) => {
    const response = await send('/convert', { ...json(body), ...init })
    return { response, body: (await response.json()) as ReviewAnswer }
  }

  describe(`HTTP contract: ${name}`, () => {
    it.each([REVIEW_V1, REVIEW_V1BETA1])(
      'answers the documented CronTab review of %s exactly, in the same apiVersion',
      async (apiVersion) => {
        const { response, body } = await convert(seedRequest(apiVersion))
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(body).toEqual(seedResponse(apiVersion))
      }
    )

    it('accepts what the API server really sends: ?timeout=30s, a response stanza, charset', async () => {
      const response = await send(
        '/convert?timeout=30s',
        json(apiServerStyleReview(), {
          'content-type': 'application/json; charset=utf-8',
          accept: 'application/json, */*',
        })
      )
      const body = (await response.json()) as ReviewAnswer
      expect(response.status).toBe(200)
      expect(body.response.result).toEqual({ status: 'Success' })
      const { hostPort: _split, ...stored } = storedCronTabV1beta1()
      expect(body.response.convertedObjects).toEqual([
        { ...stored, apiVersion: 'example.com/v1', host: 'localhost', port: '1234' },
      ])
    })

    it('converts a mixed-version batch in request order, leaving objects already at the target as they are', async () => {
      const objects = [
        cronTabV1beta1({ name: 'a', hostPort: 'a.example:1' }),
        cronTabV1({ name: 'b', host: 'b.example', port: '2' }),
        cronTabV1beta1({ name: 'c', hostPort: '[::1]:3' }),
      ]
      const { body } = await convert(conversionReview({ objects }))
      const converted = body.response.convertedObjects ?? []
      expect(converted.map((object) => (object['metadata'] as { name: string }).name)).toEqual([
        'a',
        'b',
        'c',
      ])
      expect(converted.map((object) => [object['host'], object['port']])).toEqual([
        ['a.example', '1'],
        ['b.example', '2'],
        ['::1', '3'],
      ])
      expect(converted[1]).toEqual(objects[1])
      expect(converted.every((object) => object['apiVersion'] === 'example.com/v1')).toBe(true)
    })

    it.each([1, 2])(
      'answers a body that starts with %i byte order marks as it answers the same body without',
      async (marks) => {
        const review = JSON.stringify(seedRequest(REVIEW_V1))
        const { response, body } = await convert(`${'\ufeff'.repeat(marks)}${review}`)
        expect(response.status).toBe(200)
        expect(body).toEqual(seedResponse(REVIEW_V1))
      }
    )

    it('refuses a byte order mark anywhere but the start', async () => {
      const { response } = await convert(` \ufeff${JSON.stringify(seedRequest(REVIEW_V1))}`)
      expect(response.status).toBe(400)
    })

    it('gives back every integer the API server writes exactly, int64 and past it, and every double as sent', async () => {
      await fc.assert(
        fc.asyncProperty(
          apiServerInteger,
          apiServerValue,
          fc.constantFrom('example.com/v1', 'example.com/v1beta1'),
          async (integer, extra, desiredAPIVersion) => {
            const object = cronTabV1beta1({ name: 'wide' })
            const sent = {
              ...object,
              metadata: { ...object.metadata, generation: jsonInteger(integer) },
              spec: { ...object.spec, extra },
              status: { observed: jsonInteger(integer) },
            }
            const body = stringifyJson(conversionReview({ desiredAPIVersion, objects: [sent] }))
            const response = await send('/convert', json(body))
            const answer = parseJson(await response.text()) as ReviewAnswer
            expect(answer.response.result.status).toBe('Success')
            const [converted] = answer.response.convertedObjects ?? []
            const { metadata, spec, status } = converted as typeof sent
            expect(stringifyJson([metadata.generation, spec.extra, status])).toBe(
              stringifyJson([sent.metadata.generation, sent.spec.extra, sent.status])
            )
          }
        ),
        { numRuns: 25 }
      )
    })

    it('answers 200 with Failed and a message naming the object when a hostPort cannot be split', async () => {
      const objects = [cronTabV1beta1({ name: 'broken', namespace: 'team-a', hostPort: 'no-port' })]
      const { response, body } = await convert(conversionReview({ uid: 'u-7', objects }))
      expect(response.status).toBe(200)
      expect(body.response.uid).toBe('u-7')
      expect(body.response.convertedObjects).toBeUndefined()
      expect(body.response.result.status).toBe('Failed')
      expect(body.response.result.message).toContain('team-a/broken')
      expect(body.response.result.message).toContain('example.com/v1beta1 → example.com/v1')
      expect(body.response.result.message).toContain(
        'hostPort "no-port" could not be parsed into a separate host and port'
      )
    })

    it('answers 200 with Failed naming the kind when the kind is not served', async () => {
      const objects = [{ apiVersion: 'other.io/v1', kind: 'Widget', metadata: { name: 'w' } }]
      const { response, body } = await convert(
        conversionReview({ objects, desiredAPIVersion: 'other.io/v2' })
      )
      expect(response.status).toBe(200)
      expect(body.response.result.status).toBe('Failed')
      expect(body.response.result.message).toMatch(/kind Widget of group other\.io is not served/)
    })

    it('answers 200 with Failed listing the served versions when the desired version is unknown', async () => {
      const { response, body } = await convert(
        conversionReview({ desiredAPIVersion: 'example.com/v9' })
      )
      expect(response.status).toBe(200)
      expect(body.response.result.status).toBe('Failed')
      expect(body.response.result.message).toContain('its versions are v1beta1, v1')
    })

    it('answers GET /healthz with ok', async () => {
      const response = await send('/healthz', { method: 'GET' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
    })

    describe('bad input (DESIGN.md table)', () => {
      it.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
        'answers %s /convert with 405 and Allow: POST',
        async (method) => {
          const response = await send('/convert', { method })
          expect(response.status).toBe(405)
          expect(response.headers.get('allow')).toContain('POST')
        }
      )

      it.each([
        ['text/plain', { 'content-type': 'text/plain' }],
        [
          'application/x-www-form-urlencoded',
          { 'content-type': 'application/x-www-form-urlencoded' },
        ],
        ['application/yaml', { 'content-type': 'application/yaml' }],
      ])('answers a body sent as %s with 415', async (_name, headers) => {
        const response = await send('/convert', { ...json(conversionReview()), headers })
        expect(response.status).toBe(415)
        expect(((await response.json()) as { error: string }).error).toContain('application/json')
      })

      it('answers a body over the configured limit with 413', async () => {
        const padding = 'x'.repeat(target().maxBodyBytes + 1)
        const response = await send('/convert', json({ ...conversionReview(), padding }))
        expect(response.status).toBe(413)
        expect(((await response.json()) as { error: string }).error).toContain(
          String(target().maxBodyBytes)
        )
      })

      it.each([
        ['malformed JSON', '{"apiVersion": ', /not valid JSON/],
        ['an empty body', '', /not valid JSON/],
        ['a JSON array', '[]', /not a ConversionReview/],
        ['JSON null', 'null', /not a ConversionReview/],
      ])('answers %s with 400 and a JSON error', async (_name, body, message) => {
        const response = await send('/convert', json(body))
        expect(response.status).toBe(400)
        expect(((await response.json()) as { error: string }).error).toMatch(message)
      })

      const base = conversionReview()
      it.each([
        [
          'no request.uid',
          { ...base, request: { ...base.request, uid: undefined } },
          'request.uid',
        ],
        ['an empty request.uid', { ...base, request: { ...base.request, uid: '' } }, 'request.uid'],
        [
          'an unknown review apiVersion',
          { ...base, apiVersion: 'apiextensions.k8s.io/v2' },
          'apiVersion',
        ],
        ['another kind', { ...base, kind: 'AdmissionReview' }, 'kind'],
        [
          'objects that are not a list',
          { ...base, request: { ...base.request, objects: {} } },
          'request.objects',
        ],
        ['no request at all', { ...base, request: undefined }, 'request'],
      ])('answers a review with %s with 400 naming the path', async (_name, review, path) => {
        const response = await send('/convert', json(review))
        const body = (await response.json()) as { issues: { path: string }[] }
        expect(response.status).toBe(400)
        expect(body.issues.map((issue) => issue.path)).toContain(path)
      })

      it.each([
        ['22 digits', () => 22],
        ['as many digits as the body limit allows', (room: number) => Math.min(room, 1_000_000)],
      ])(
        'answers an integer literal of %s, more than the API server writes, with 400 naming the field',
        async (_name, digitsFor) => {
          const text = JSON.stringify(conversionReview({ objects: [cronTabV1beta1()] }))
          const digits = digitsFor(target().maxBodyBytes - text.length - 16)
          const body = text.replace('"spec":{', `"spec":{"size":${'9'.repeat(digits)},`)
          const response = await send('/convert', json(body))
          expect(response.status).toBe(400)
          const { error } = (await response.json()) as { error: string }
          expect(error).toContain(`integer literal of ${digits} digits`)
          expect(error).toContain('request.objects[0].spec.size')
        }
      )

      it('answers an unknown path with 404', async () => {
        const response = await send('/nothing-here', json(conversionReview()))
        expect(response.status).toBe(404)
      })
    })
  })
}
