import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { toCrdSchema } from '../../../packages/crdconv/src/crd/index.ts'
import type { KubeObject, Resource } from '../../../packages/webhook/src/scheme/index.ts'
import {
  apiServerRewrites,
  checkLosslessRoundTrips,
} from '../../../packages/crdconv/src/testing/index.ts'
import { defaultedParent, emptiedParent, undeclaredField } from './fixtures/rewritten-answers.ts'

const object = (resource: Resource, version: string, spec: unknown): KubeObject => ({
  apiVersion: `${resource.group}/${version}`,
  kind: resource.kind,
  metadata: { name: 'm', namespace: 'default' },
  spec,
})

describe('apiServerRewrites', () => {
  const schema = toCrdSchema(
    z.object({
      spec: z.object({
        size: z.int(),
        mode: z.string().default('Auto'),
        ports: z.array(z.object({ weight: z.int().default(1) })),
      }),
    })
  ).openAPIV3Schema

  it.each([
    [
      'an emptied object it does not declare',
      { legacy: {} },
      'pruned-empty',
      'spec.legacy',
      'spec',
    ],
    [
      'objects holding only emptied ones',
      { legacy: { old: {} } },
      'pruned-empty',
      'spec.legacy',
      'spec',
    ],
    ['a value it does not declare', { note: 'keep me' }, 'pruned', 'spec.note', 'spec'],
    ['a null it does not allow', { size: null }, 'null-dropped', 'spec.size', 'spec'],
    ['an absent field with a default', {}, 'defaulted', 'spec.mode', 'spec'],
    [
      'a default inside a list item',
      { ports: [{}] },
      'defaulted',
      'spec.ports[0].weight',
      'spec.ports[0]',
    ],
  ])('names %s: %j', (_, spec, kind, path, parent) => {
    const rewrites = apiServerRewrites({ kind: 'Gadget', spec: { size: 1, ...spec } }, schema)
    expect(rewrites).toContainEqual(expect.objectContaining({ kind, path, parent }))
  })

  it('names nothing in an object the API server keeps as it is', () => {
    expect(apiServerRewrites({ kind: 'Gadget', spec: { size: 1, mode: 'Auto' } }, schema)).toEqual(
      []
    )
  })
})

describe('the round-trip report names the API server as the cause of a loss', () => {
  it.each([
    {
      case: 'a parent left empty and pruned',
      resource: emptiedParent,
      example: object(emptiedParent, 'v1', { legacy: {} }),
      trip: 'v1 → v2 → v1',
      lost: 'spec.legacy: was {}, came back absent',
      cause:
        "spec.legacy is left empty at v2 and pruned by the API server (v2's schema does not declare it under spec); remove it in the converter v1 → v2",
    },
    {
      case: 'a field the other version does not declare, pruned',
      resource: undeclaredField,
      example: object(undeclaredField, 'v1', { note: 'keep me' }),
      trip: 'v1 → v2 → v1',
      lost: 'spec.note: was "keep me", came back absent',
      cause:
        "spec.note is pruned by the API server at v2: v2's schema does not declare it under spec, which keeps no unknown fields (no x-kubernetes-preserve-unknown-fields); keep it in the stash (stashFields in the converter v1 → v2",
    },
    {
      case: 'a parent the API server defaults',
      resource: defaultedParent,
      example: object(defaultedParent, 'v1', {}),
      trip: 'v1 → v2 → v1',
      lost: 'spec.mode: was absent, came back "Auto"',
      cause:
        'spec.policy is absent at v2 and the API server fills in its default {"mode":"Auto"} before the next review; stash that it was absent in the converter v1 → v2 (stashFields)',
    },
    {
      case: 'a parent the API server defaults on the way home',
      resource: defaultedParent,
      example: object(defaultedParent, 'v2', { policy: {} }),
      trip: 'v2 → v1 → v2',
      lost: 'spec.policy.mode: was absent, came back "Auto"',
      cause:
        'spec.policy is absent in the answer at v2 and the API server fills in its default {"mode":"Auto"}; keep what the object had there in the stash in the converter v2 → v1 (stashFields) and give it back in the converter v1 → v2',
    },
  ])('$case', ({ resource, example, trip, lost, cause }) => {
    const report = checkLosslessRoundTrips(resource, { numRuns: 1, examples: [example] })
    const failure = report.checks.find((check) => check.title === trip)?.failure
    expect(failure?.message).toContain(lost)
    expect(failure?.message).toMatch(/caused by the API server, which rewrites the answer at v2/)
    expect(failure?.message).toContain(cause)
  })

  it('blames the converters, not the API server, for a loss they make on their own', () => {
    const dropsSize: Resource = {
      ...undeclaredField,
      paths: new Map(
        [...undeclaredField.paths].map(([from, targets]) => [
          from,
          new Map(
            [...targets].map(([to, steps]) => [
              to,
              steps.map((step) => ({
                ...step,
                convert: (given: KubeObject) => {
                  const { size: _dropped, ...spec } = (given['spec'] ?? {}) as Record<
                    string,
                    unknown
                  >
                  return { ...given, spec }
                },
              })),
            ])
          ),
        ])
      ),
    }
    const example = object(undeclaredField, 'v1', { size: 3, note: 'keep me' })
    const report = checkLosslessRoundTrips(dropsSize, { numRuns: 1, examples: [example] })
    const message = report.checks.find((check) => check.title === 'v1 → v2 → v1')?.failure?.message
    expect(message).toContain('spec.size: was 3, came back absent')
    // the note is the API server's doing, the size the converters' own
    expect(message).toMatch(/without that, spec\.note would come back as it was/)
    expect(message).not.toMatch(/without that, [^\n]*spec\.size/)
  })
})
