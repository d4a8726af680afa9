import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { crdDescriptions, toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import type { SchemaProps } from '../../../packages/webhook/src/index.ts'

const node = (schema: SchemaProps, ...path: string[]): SchemaProps =>
  path.reduce<SchemaProps>((at, key) => at[key] as SchemaProps, schema)

describe('crdDescriptions: descriptions kept beside the zod schema', () => {
  it('puts each description at its path: the root, fields, list items, map values and names with dots', () => {
    const Gadget = z.object({
      spec: z.object({
        ports: z.array(z.object({ name: z.string() })),
        labels: z.record(z.string(), z.string()),
        'example.com/size': z.int().optional(),
      }),
    })
    crdDescriptions.add(Gadget, {
      '.': 'A gadget.',
      '.spec': 'What the gadget does.',
      '.spec.ports[]': 'One port.',
      '.spec.ports[].name': 'The port’s name.',
      '.spec.labels[*]': 'A label value.',
      '.spec["example.com/size"]': 'Its size.',
    })
    const { openAPIV3Schema, notes, problems } = toCrdSchema(Gadget)
    expect(problems).toEqual([])
    expect(notes).toEqual([])
    const spec = node(openAPIV3Schema, 'properties', 'spec')
    expect(openAPIV3Schema['description']).toBe('A gadget.')
    expect(spec['description']).toBe('What the gadget does.')
    expect(node(spec, 'properties', 'ports', 'items')['description']).toBe('One port.')
    expect(node(spec, 'properties', 'ports', 'items', 'properties', 'name')).toEqual({
      description: 'The port’s name.',
      type: 'string',
    })
    expect(node(spec, 'properties', 'labels', 'additionalProperties')['description']).toBe(
      'A label value.'
    )
    expect(node(spec, 'properties', 'example.com/size')['description']).toBe('Its size.')
    // description first, as in every CRD crdconv writes
    expect(Object.keys(spec)[0]).toBe('description')
  })

  it('keeps what zod says itself (.describe), and a registered description of the same field wins', () => {
    const Gadget = z.object({
      spec: z.object({ size: z.int().describe('How big.'), colour: z.string().describe('Hue.') }),
    })
    crdDescriptions.add(Gadget, { '.spec.colour': 'The colour, in English.' })
    const spec = node(toCrdSchema(Gadget).openAPIV3Schema, 'properties', 'spec', 'properties')
    expect(node(spec, 'size')['description']).toBe('How big.')
    expect(node(spec, 'colour')['description']).toBe('The colour, in English.')
  })

  it('describes one node of a schema said once and used twice at that path only', () => {
    const Address = z.object({ host: z.string() })
    const Gadget = z.object({ primary: Address, backup: Address })
    crdDescriptions.add(Gadget, { '.primary.host': 'Where it is served first.' })
    const properties = node(toCrdSchema(Gadget).openAPIV3Schema, 'properties')
    expect(node(properties, 'primary', 'properties', 'host')['description']).toBe(
      'Where it is served first.'
    )
    expect(node(properties, 'backup', 'properties', 'host')['description']).toBeUndefined()
  })

  it('names in a note a described path the schema does not declare, and one in metadata', () => {
    const Gadget = z.object({ spec: z.object({ size: z.int() }) })
    crdDescriptions.add(Gadget, { '.spec.colour': 'Hue.', '.metadata': 'Standard metadata.' })
    const { openAPIV3Schema, notes } = toCrdSchema(Gadget)
    expect(notes).toEqual([
      '.spec.colour: has a description but the schema declares no such field',
      '.metadata: crdconv crd says metadata itself, without a description',
    ])
    expect(node(openAPIV3Schema, 'properties', 'metadata')).toEqual({ type: 'object' })
  })
})
