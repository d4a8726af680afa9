import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import {
  checkDefinitions,
  defineResource,
  resolveNames,
  type KubeObject,
  type ResourceDefinition,
  type SchemeProblemCode,
  type VersionMap,
} from '../../../packages/webhook/src/scheme/index.ts'
import { schemeIssueCodes } from '../../support/scheme-issues.ts'

const schema = z.object({ spec: z.object({ replicas: z.int().optional() }) })

/** v1 ⇄ v2 unchanged (typed `never`: no edge type fits a bare `VersionMap`), so that the
 * converters serve every pair and only the definition check can refuse. */
const v1AndV2 = [
  { from: 'v1', to: 'v2', convert: (object: KubeObject) => object },
  { from: 'v2', to: 'v1', convert: (object: KubeObject) => object },
] as never[]

/** A valid one-version definition, with `changes` spread over it. */
function definition(changes: Partial<ResourceDefinition<VersionMap>> = {}) {
  return {
    group: 'example.com',
    kind: 'Gadget',
    versions: { v1: { schema, storage: true } },
    converters: [],
    ...changes,
  } as ResourceDefinition<VersionMap>
}

/** The resource, once the checks the tooling runs before deploy have passed. */
function checked(changes: ResourceDefinition<VersionMap>) {
  const resource = defineResource(changes)
  checkDefinitions([resource])
  return resource
}

describe('defineResource: what a CRD needs', () => {
  it('fills in sensible names and keeps subresources and columns', () => {
    const gadget = defineResource(
      definition({
        additionalPrinterColumns: [
          { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
        ],
        subresources: { status: true },
      })
    )
    expect(gadget.names).toEqual({ plural: 'gadgets', singular: 'gadget', listKind: 'GadgetList' })
    expect(gadget.scope).toBe('Namespaced')
    expect(gadget.subresources).toEqual({ status: true })
    expect(gadget.additionalPrinterColumns).toHaveLength(1)
  })

  it("keeps the CRD's own labels and annotations", () => {
    const crd = {
      labels: { 'app.kubernetes.io/part-of': 'gadgets', empty: '' },
      annotations: { 'example.com/notes': 'anything at all: spaces, "quotes", a/b' },
    }
    expect(defineResource(definition({ crd })).crd).toEqual(crd)
  })

  it.each([
    ['Policy', 'policies'],
    ['Ingress', 'ingresses'],
    ['Box', 'boxes'],
    ['Gateway', 'gateways'],
    ['CronTab', 'crontabs'],
  ])('makes the plural of %s %s', (kind, plural) => {
    expect(resolveNames(kind).plural).toBe(plural)
  })

  it.each<[string, Partial<ResourceDefinition<VersionMap>>, string, SchemeProblemCode[]]>([
    [
      'an upper-case plural',
      { names: { plural: 'Gadgets' } },
      'names.plural "Gadgets"',
      ['name-invalid'],
    ],
    [
      'a short name equal to the plural',
      { names: { shortNames: ['gadgets'] } },
      'repeats the plural',
      ['name-repeated'],
    ],
    [
      'a listKind equal to the kind',
      { names: { listKind: 'Gadget' } },
      'listKind must differ',
      ['name-repeated'],
    ],
    [
      'a bad category',
      { names: { categories: ['All Things'] } },
      'names.categories entry',
      ['name-invalid'],
    ],
    [
      'no served version',
      { versions: { v1: { schema, storage: true, served: false } } },
      'at least one version must be served',
      ['nothing-served'],
    ],
    [
      'a deprecation warning on a version that is not deprecated',
      { versions: { v1: { schema, storage: true, deprecationWarning: 'old' } } },
      'not deprecated',
      ['deprecation-warning-invalid'],
    ],
    [
      'two storage versions',
      {
        versions: { v1: { schema, storage: true }, v2: { schema, storage: true } },
        converters: v1AndV2,
      },
      'found v1, v2',
      ['storage-version-count'],
    ],
    [
      'a printer column with a bad type and path',
      { additionalPrinterColumns: [{ name: 'X', type: 'text' as 'string', jsonPath: 'spec.x' }] },
      'additionalPrinterColumns[0].type',
      ['column-invalid', 'column-invalid'],
    ],
    [
      'a scale path outside .spec',
      {
        subresources: {
          scale: { specReplicasPath: '.status.replicas', statusReplicasPath: '.status.replicas' },
        },
      },
      'specReplicasPath ".status.replicas" must be a dotted path under .spec',
      ['scale-path-invalid'],
    ],
    [
      'an example that sets its own apiVersion',
      { versions: { v1: { schema, storage: true, examples: [{ apiVersion: 'example.com/v1' }] } } },
      'examples[0] must not set apiVersion',
      ['example-invalid'],
    ],
    [
      'a CRD label key with two slashes',
      { crd: { labels: { 'a/b/c': 'x' } } },
      'crd.labels key "a/b/c": must be a name with at most one "/"',
      ['crd-metadata-invalid'],
    ],
    [
      'a CRD label value the API server refuses',
      { crd: { labels: { release: 'v1.0 beta' } } },
      'crd.labels["release"]: must be empty or consist of alphanumerics',
      ['crd-metadata-invalid'],
    ],
    [
      'a CRD label value over 63 characters',
      { crd: { labels: { release: 'x'.repeat(64) } } },
      'crd.labels["release"]: must be no more than 63 characters',
      ['crd-metadata-invalid'],
    ],
    [
      'a CRD annotation with an empty prefix',
      { crd: { annotations: { '/x': 'y' } } },
      'crd.annotations key "/x": prefix part must not be empty',
      ['crd-metadata-invalid'],
    ],
    [
      'CRD annotations over 256 KiB',
      { crd: { annotations: { big: 'x'.repeat(256 * 1024) } } },
      'crd.annotations total 262147 bytes',
      ['crd-metadata-invalid'],
    ],
  ])('refuses %s', (_name, changes, message, codes) => {
    expect(schemeIssueCodes(() => checked(definition(changes)))).toEqual(codes)
    expect(() => checked(definition(changes))).toThrow(message)
  })

  it('names every problem of a definition at once', () => {
    const broken = definition({
      names: { plural: 'X', singular: 'Y' },
      scope: 'Global' as 'Cluster',
    })
    expect(schemeIssueCodes(() => checked(broken))).toEqual([
      'name-invalid',
      'name-invalid',
      'scope-invalid',
    ])
    expect(() => checked(broken)).toThrow(/names\.plural[\s\S]*names\.singular[\s\S]*scope/)
  })
})
