import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { defineResource } from '../../../packages/webhook/src/index.ts'
import { checkObjects } from '../../../packages/crdconv/src/webhook-health/index.ts'

const specV1 = z.object({ controllerName: z.string().min(1), description: z.string().optional() })
const gadget = (examples: boolean) =>
  defineResource({
    group: 'example.com',
    kind: 'Gadget',
    scope: 'Cluster',
    versions: {
      v1beta1: {
        schema: z.object({ spec: specV1 }),
        ...(examples ? { examples: [{ spec: { controllerName: 'example.com/a' } }] } : {}),
      },
      v1: {
        schema: z.object({ spec: specV1 }),
        storage: true,
        ...(examples
          ? {
              examples: [
                { spec: { controllerName: 'example.com/a' } },
                { spec: { controllerName: 'example.com/b', description: 'fullest' } },
              ],
            }
          : {}),
      },
    },
    converters: [
      { from: 'v1beta1', to: 'v1', convert: (object) => object },
      { from: 'v1', to: 'v1beta1', convert: (object) => object },
    ],
  })

describe("status's webhook check: the objects its dry-run create tries at a version", () => {
  it('tries the examples, fullest first, each under a fresh name', () => {
    const objects = checkObjects(gadget(true), 'v1')
    expect(objects.map((object) => object['spec'])).toEqual([
      { controllerName: 'example.com/b', description: 'fullest' },
      { controllerName: 'example.com/a' },
    ])
    expect(objects[0]?.metadata?.name).toMatch(/^crdconv-webhook-check-[0-9a-f]{8}$/)
    expect(objects[0]?.metadata).not.toHaveProperty('uid')
  })

  it('tries objects generated from the schema where a version has no example, a required spec in each', () => {
    const objects = checkObjects(gadget(false), 'v1beta1')
    const generated = objects.slice(0, -1)
    expect(generated.length).toBeGreaterThan(0)
    for (const object of generated) {
      expect(specV1.safeParse(object['spec']).success).toBe(true)
      expect(object).toMatchObject({ apiVersion: 'example.com/v1beta1', kind: 'Gadget' })
      expect(object.metadata?.name).toMatch(/^crdconv-webhook-check-/)
    }
    expect(objects.at(-1)).not.toHaveProperty('spec')
  })
})
