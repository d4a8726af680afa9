import * as z from 'zod'
import {
  createScheme,
  defineResource,
  type ConversionContext,
  type Converter,
} from '../../packages/webhook/src/scheme/index.ts'

const anything = z.looseObject({})

/** A resource whose versions all accept any object, with the given converter edges. */
export function resourceWithEdges(
  versions: readonly string[],
  edges: readonly (readonly [from: string, to: string])[],
  options: { group?: string; kind?: string; storage?: string } = {}
) {
  const storage = options.storage ?? versions[0]
  return defineResource({
    group: options.group ?? 'test.example.com',
    kind: options.kind ?? 'Thing',
    versions: Object.fromEntries(
      versions.map((version) => [version, { schema: anything, storage: version === storage }])
    ),
    converters: edges.map(([from, to]) => ({
      from,
      to,
      convert: (object: Record<string, unknown>) => ({
        ...object,
        trail: [...((object['trail'] as string[] | undefined) ?? []), `${from}→${to}`],
      }),
    })) as never,
  })
}

/** Versions of a path as `v1 → v2 → v3`, for readable assertions. */
export const describePath = (path: readonly Converter[] | undefined) =>
  path === undefined ? 'none' : [path[0]?.from, ...path.map((step) => step.to)].join(' → ')

/**
 * A three-version resource converted along a chain, v1alpha1 ↔ v1beta1 ↔ v1, where each version
 * renames one field: `size` (v1alpha1), `capacity` (v1beta1), `capacityGiB` (v1).
 */
export const chainedVolume = defineResource({
  group: 'storage.example.com',
  kind: 'Volume',
  versions: {
    v1alpha1: { schema: z.looseObject({ size: z.number().optional() }) },
    v1beta1: { schema: z.looseObject({ capacity: z.number().optional() }), storage: true },
    v1: { schema: z.looseObject({ capacityGiB: z.number().optional() }) },
  },
  converters: [
    {
      from: 'v1alpha1',
      to: 'v1beta1',
      convert: ({ size, ...rest }) => ({ ...rest, capacity: size }),
    },
    {
      from: 'v1beta1',
      to: 'v1alpha1',
      convert: ({ capacity, ...rest }) => ({ ...rest, size: capacity }),
    },
    {
      from: 'v1beta1',
      to: 'v1',
      convert: ({ capacity, ...rest }) => ({ ...rest, capacityGiB: capacity }),
    },
    {
      from: 'v1',
      to: 'v1beta1',
      convert: ({ capacityGiB, ...rest }) => ({ ...rest, capacity: capacityGiB }),
    },
  ],
})

/** A scheme of one kind, `Probe.test.example.com`, whose v1 → v2 converter is the function under test. */
export function schemeConvertingWith(
  convert: (object: Record<string, unknown>, context: ConversionContext) => unknown
) {
  const resource = defineResource({
    group: 'test.example.com',
    kind: 'Probe',
    versions: { v1: { schema: anything, storage: true }, v2: { schema: anything } },
    converters: [
      { from: 'v1', to: 'v2', convert: convert as never },
      { from: 'v2', to: 'v1', convert: (object) => object },
    ],
  })
  return createScheme([resource])
}
