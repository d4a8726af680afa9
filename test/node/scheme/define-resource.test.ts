import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import {
  checkDefinitions,
  defineResource,
  type KubeObject,
  type VersionMap,
} from '../../../packages/webhook/src/scheme/index.ts'
import { schemeIssueCodes } from '../../support/scheme-issues.ts'
import { resourceWithEdges } from '../../support/resource-factory.ts'

const schema = z.looseObject({})

/**
 * Identity converters between every two versions, so that only the definition check can refuse;
 * typed `never`, since a definition whose versions are only known as a `VersionMap` has no edge type.
 */
const everyPair = (versions: VersionMap): never[] =>
  Object.keys(versions).flatMap((from) =>
    Object.keys(versions)
      .filter((to) => to !== from)
      .map((to) => ({ from, to, convert: (object: KubeObject) => object }) as never)
  )

describe('defineResource', () => {
  it('records the storage version, the declared version order and default names', () => {
    const resource = resourceWithEdges(
      ['v1', 'v2'],
      [
        ['v1', 'v2'],
        ['v2', 'v1'],
      ],
      { storage: 'v2', kind: 'CronTab' }
    )
    expect(resource.storageVersion).toBe('v2')
    expect(resource.versionNames).toEqual(['v1', 'v2'])
    expect(resource.names).toMatchObject({
      plural: 'crontabs',
      singular: 'crontab',
      listKind: 'CronTabList',
    })
    expect(resource.scope).toBe('Namespaced')
  })

  it.each([
    [
      'no storage version',
      { v1: { schema }, v2: { schema } },
      /exactly one version must be the storage version.*found none/,
      ['storage-version-count'],
    ],
    [
      'two storage versions',
      { v1: { schema, storage: true }, v2: { schema, storage: true } },
      /found v1, v2/,
      ['storage-version-count'],
    ],
    ['no versions', {}, /declares no versions/, ['no-versions']],
    [
      'a version name that is not a DNS label',
      { V1: { schema, storage: true } },
      /version "V1" must be a DNS-1035 label/,
      ['version-name-invalid'],
    ],
  ])('refuses %s', (_name, versions, message, codes) => {
    const converters = everyPair(versions)
    const define = () =>
      checkDefinitions([
        defineResource({ group: 'example.com', kind: 'Thing', versions, converters }),
      ])
    expect(schemeIssueCodes(define)).toEqual(codes)
    expect(define).toThrow(message)
  })

  it.each([
    [
      'group',
      { group: 'Example_com', kind: 'Thing' },
      /group "Example_com" must be a lowercase DNS subdomain/,
      ['group-invalid'],
    ],
    [
      'group without a dot',
      { group: 'example', kind: 'Thing' },
      /group "example"/,
      ['group-invalid'],
    ],
    [
      'kind',
      { group: 'example.com', kind: 'thing' },
      /kind "thing" must be a CamelCase name/,
      // its default listKind, thingList, is no CamelCase name either
      ['kind-invalid', 'name-invalid'],
    ],
  ])('refuses a malformed %s', (_name, identity, message, codes) => {
    const define = () =>
      checkDefinitions([
        defineResource({
          ...identity,
          versions: { v1: { schema, storage: true } },
          converters: [],
        }),
      ])
    expect(schemeIssueCodes(define)).toEqual(codes)
    expect(define).toThrow(message)
  })
})
