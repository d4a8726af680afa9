import { parse } from 'yaml'
import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import {
  buildCustomResourceDefinition,
  buildResourceCrds,
} from '../../../packages/crdconv/src/crd/index.ts'
import { cronTab } from '../../../examples/index.ts'
import { defineResource } from '../../../packages/webhook/src/scheme/index.ts'

const url = 'https://crontab-webhook.example.workers.dev/convert'

// shapes from the Kubernetes pages (seeds 000 and 004): the CronTab with status and scale
// subresources and printer columns, and the two versions of the conversion example
const documented = parse(`
names: { plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct] }
scope: Namespaced
spec:
  type: object
  properties:
    cronSpec: { type: string }
    image: { type: string }
    replicas: { type: integer }
status:
  type: object
  properties:
    replicas: { type: integer }
    labelSelector: { type: string }
subresources:
  status: {}
  scale:
    specReplicasPath: .spec.replicas
    statusReplicasPath: .status.replicas
    labelSelectorPath: .status.labelSelector
additionalPrinterColumns:
  - name: Spec
    type: string
    description: The cron spec defining the interval a CronJob is run
    jsonPath: .spec.cronSpec
  - name: Replicas
    type: integer
    description: The number of jobs launched by the CronJob
    jsonPath: .spec.replicas
  - name: Age
    type: date
    jsonPath: .metadata.creationTimestamp
v1beta1: { hostPort: { type: string, pattern: '^(\\[[^[\\]]*:[^[\\]]*\\]|[^:[\\]]*):[^:[\\]]*$' } }
v1: { host: { type: string, pattern: '^[^[\\]]*$' }, port: { type: string, pattern: '^[^:[\\]]*$' } }
`) as Record<string, Record<string, unknown>>

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, child]) => [key, withoutDescriptions(child)])
  )
}

describe('buildCustomResourceDefinition', () => {
  const { crd, problems, notes } = buildCustomResourceDefinition(cronTab, { url })
  const versions = crd.spec.versions as {
    name: string
    schema: { openAPIV3Schema: { properties: Record<string, unknown> } }
  }[]

  it('builds the CronTab CRD without problems or notes', () => {
    expect(problems).toEqual([])
    expect(notes).toEqual([])
    expect(crd).toMatchObject({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'crontabs.example.com' },
      spec: { group: 'example.com', scope: documented['scope'] },
    })
    expect(crd.spec.names).toEqual({ ...documented['names'], listKind: 'CronTabList' })
  })

  it('lists v1 before the stored v1beta1, in version priority order', () => {
    expect(crd.spec.versions).toMatchObject([
      { name: 'v1', served: true, storage: false },
      { name: 'v1beta1', served: true, storage: true },
    ])
  })

  it.each(['v1', 'v1beta1'])('gives %s the documented fields, subresources and columns', (name) => {
    const version = versions.find((candidate) => candidate.name === name)
    const properties = withoutDescriptions(version?.schema.openAPIV3Schema.properties) as Record<
      string,
      unknown
    >
    expect(properties).toEqual({
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      ...documented[name],
      spec: documented['spec'],
      status: documented['status'],
    })
    expect(version).toMatchObject({
      subresources: documented['subresources'],
      additionalPrinterColumns: documented['additionalPrinterColumns'],
    })
  })

  it('names the webhook by URL, both review versions, and no caBundle', () => {
    expect(crd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig: { url } },
    })
  })

  it("writes the resource's crd labels and annotations as the CRD's metadata, and none where it has none", () => {
    expect(crd.metadata).toEqual({ name: 'crontabs.example.com' })
    const labels = { 'app.kubernetes.io/part-of': 'crontab-operator' }
    const annotations = { 'api-approved.kubernetes.io': 'unapproved, experimental-only' }
    const labelled = defineResource({
      group: 'example.com',
      kind: 'Gadget',
      versions: { v1: { schema: z.object({}), storage: true } },
      converters: [],
      crd: { labels, annotations },
    })
    expect(buildCustomResourceDefinition(labelled, { url }).crd.metadata).toEqual({
      name: 'gadgets.example.com',
      labels,
      annotations,
    })
  })

  it('adds the caBundle when one is given', () => {
    const withCa = buildCustomResourceDefinition(cronTab, { url, caBundle: 'Q0E=' })
    expect(withCa.crd.spec.conversion).toMatchObject({
      webhook: { clientConfig: { url, caBundle: 'Q0E=' } },
    })
  })

  it('marks deprecated versions, keeps served: false and per-version columns', () => {
    const widget = defineResource({
      group: 'widgets.example.org',
      kind: 'Widget',
      names: { categories: ['all'] },
      versions: {
        v1alpha1: {
          schema: z.object({ size: z.int() }),
          served: false,
          deprecated: true,
          deprecationWarning: 'widgets.example.org/v1alpha1 Widget is deprecated; use v1',
          additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.size' }],
        },
        v1: { schema: z.object({ spec: z.object({ size: z.int() }) }), storage: true },
      },
      converters: [
        {
          from: 'v1alpha1',
          to: 'v1',
          convert: ({ size, ...rest }) => ({ ...rest, spec: { size } }),
        },
        {
          from: 'v1',
          to: 'v1alpha1',
          convert: ({ spec, ...rest }) => ({ ...rest, size: spec?.size }),
        },
      ],
    })
    const { crd: widgetCrd, problems: widgetProblems } = buildCustomResourceDefinition(widget, {
      url,
    })
    expect(widgetProblems).toEqual([])
    expect(widgetCrd.metadata.name).toBe('widgets.widgets.example.org')
    expect(widgetCrd.spec.names).toMatchObject({ categories: ['all'] })
    expect(widgetCrd.spec.versions).toEqual([
      expect.not.objectContaining({ deprecated: expect.anything() }),
      expect.objectContaining({
        name: 'v1alpha1',
        served: false,
        deprecated: true,
        deprecationWarning: 'widgets.example.org/v1alpha1 Widget is deprecated; use v1',
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.size' }],
      }),
    ])
  })

  it('reports a schema that cannot go into a CRD, naming the version and field', () => {
    const dated = defineResource({
      group: 'example.com',
      kind: 'Dated',
      versions: { v1: { schema: z.object({ when: z.date() }), storage: true } },
      converters: [],
    })
    expect(buildCustomResourceDefinition(dated, { url }).problems).toEqual([
      expect.stringMatching(/^v1: \.when: Date cannot be represented/),
    ])
  })

  it('refuses a union at the root of a version that enables the status subresource', () => {
    const job = defineResource({
      group: 'example.com',
      kind: 'Job',
      versions: {
        v1: {
          schema: z.union([
            z.object({ mode: z.literal('once'), at: z.string() }),
            z.object({ mode: z.literal('cron'), schedule: z.string() }),
          ]),
          storage: true,
        },
      },
      subresources: { status: true },
      converters: [],
    })
    expect(buildCustomResourceDefinition(job, { url }).problems).toEqual([
      'v1: not structural: (root): anyOf is not allowed at the root of a schema when the status subresource is enabled',
    ])
  })
})

describe('buildResourceCrds', () => {
  const url = 'https://crontab-webhook.example.workers.dev/convert'
  const dated = defineResource({
    group: 'example.com',
    kind: 'Dated',
    versions: { v1: { schema: z.object({ when: z.date() }), storage: true } },
    converters: [],
  })

  it('gives one CRD per resource, in order, each pointing at the webhook', () => {
    const { crds, problems } = buildResourceCrds([cronTab, dated], { url })
    expect(crds.map((crd) => crd.metadata.name)).toEqual([
      'crontabs.example.com',
      'dateds.example.com',
    ])
    expect(crds.map((crd) => JSON.stringify(crd.spec.conversion).includes(url))).toEqual([
      true,
      true,
    ])
    expect(problems).toHaveLength(1)
  })

  it('leads each problem with the name of the CRD it stops', () => {
    expect(buildResourceCrds([cronTab, dated], { url }).problems).toEqual([
      expect.stringMatching(/^dateds\.example\.com v1: \.when: Date cannot be represented/),
    ])
  })
})
