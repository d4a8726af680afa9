// The typing of hand-written converters: `npm run typecheck` checks this file, so each
// `@ts-expect-error` below is an answer of the wrong shape that the compiler must refuse, on the
// path where it is written, even when another path returns the object as it came.
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import {
  converter,
  createScheme,
  defineResource,
  type ConvertedObject,
} from '../../../packages/webhook/src/index.ts'
import { schemeIssueCodes } from '../../support/scheme-issues.ts'

const CronTabV1beta1 = z.looseObject({ hostPort: z.optional(z.string()) })
const CronTabV1 = z.looseObject({ host: z.optional(z.string()), port: z.optional(z.string()) })
const versions = { v1beta1: { schema: CronTabV1beta1, storage: true }, v1: { schema: CronTabV1 } }
type CronTab<Version extends keyof typeof versions> = ConvertedObject<typeof versions, Version>

const context = {
  group: 'example.com',
  kind: 'CronTab',
  from: 'v1beta1',
  to: 'v1',
  sourceVersion: 'v1beta1',
  targetVersion: 'v1',
}

const toV1beta1 = converter(
  versions,
  'v1',
  'v1beta1',
  ({ host, port, ...rest }): CronTab<'v1beta1'> =>
    host === undefined && port === undefined ? rest : { ...rest, hostPort: `${host}:${port}` }
)

describe('converter(versions, from, to, convert)', () => {
  it('refuses a wrong shape on one path beside `return rest` on another', () => {
    const spread = converter(versions, 'v1beta1', 'v1', ({ hostPort, ...rest }): CronTab<'v1'> => {
      if (hostPort === undefined) return rest
      const [host, port] = hostPort.split(':')
      // @ts-expect-error: v1's port is a string
      return { ...rest, host, port: Number(port) }
    })
    const assigned = converter(
      versions,
      'v1beta1',
      'v1',
      ({ hostPort, ...rest }): CronTab<'v1'> => {
        if (hostPort === undefined) return rest
        const [host, port] = hostPort.split(':')
        // @ts-expect-error: Object.assign of a wrong shape is refused the same way
        return Object.assign(rest, { host, port: Number(port) })
      }
    )
    // at run time nothing stops them: the compiler is the net for the shape of an answer
    for (const edge of [spread, assigned]) {
      expect(edge.convert({ hostPort: 'a:80' } as never, context)).toEqual({ host: 'a', port: 80 })
    }
  })

  it('refuses a version the resource does not declare, and an edge from a version to itself', () => {
    const define = (edge: unknown) => () =>
      defineResource({
        group: 'example.com',
        kind: 'CronTab',
        versions,
        converters: [edge as never, toV1beta1],
      })
    // @ts-expect-error: v2 is not a version of the resource
    const unknownVersion = converter(versions, 'v1beta1', 'v2', (object) => object)
    // @ts-expect-error: a converter joins two versions
    const toItself = converter(versions, 'v1', 'v1', (object) => object)
    expect(schemeIssueCodes(define(unknownVersion))).toContain('converter-version-unknown')
    expect(schemeIssueCodes(define(toItself))).toContain('converter-to-itself')
  })

  it('is the edge the scheme runs', () => {
    const cronTab = defineResource({
      group: 'example.com',
      kind: 'CronTab',
      versions,
      converters: [
        converter(versions, 'v1beta1', 'v1', ({ hostPort, ...rest }): CronTab<'v1'> => {
          if (hostPort === undefined) return rest
          const [host, port] = hostPort.split(':')
          return { ...rest, host, port }
        }),
        toV1beta1,
      ],
    })
    const scheme = createScheme([cronTab])
    const stored = { apiVersion: 'example.com/v1beta1', kind: 'CronTab', hostPort: 'a:80' }
    const result = scheme.convert({ ...stored, metadata: { name: 'c' } }, 'example.com/v1')
    expect(result).toMatchObject({ ok: true, object: { host: 'a', port: '80' } })
    expect(result.ok && 'hostPort' in result.object).toBe(false)
  })
})
