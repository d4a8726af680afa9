import { describe, expect, it } from 'vitest'
import {
  ANNOTATIONS_LEFT_OUT,
  crdDifferences,
  describeCrdDifference,
  planCrdMetadata,
  type CrdInput,
} from '../../../packages/crdconv/src/import/index.ts'
import { planResource } from '../../../packages/crdconv/src/import/resource-plan.ts'
import { regenerateCrd } from '../../../packages/crdconv/src/import/regenerate-crd.ts'
import { crdInput } from '../../support/crd-factory.ts'

// Tekton's Pipeline CRD, as its release manifest labels it (issue 49)
const labels = {
  'app.kubernetes.io/instance': 'default',
  'app.kubernetes.io/part-of': 'tekton-pipelines',
  'pipeline.tekton.dev/release': 'v1.3.0',
  version: 'v1.3.0',
}
const authored = {
  'api-approved.kubernetes.io': 'https://github.com/kubernetes/enhancements/pull/1111',
  'example.com/owner': 'team-a, see "docs"',
}

function labelled(annotations: Record<string, string>): CrdInput {
  const crd = crdInput()
  return { ...crd, metadata: { ...crd.metadata, labels, annotations } }
}

describe("the CRD's own labels and annotations through import", () => {
  it('carries every label and every annotation its author set', () => {
    expect(planCrdMetadata(labelled(authored))).toEqual({
      crd: { labels, annotations: authored },
      leftOut: [],
    })
  })

  it.each(Object.keys(ANNOTATIONS_LEFT_OUT))('leaves out %s, and says why', (key) => {
    const plan = planCrdMetadata(labelled({ ...authored, [key]: 'x' }))
    expect(plan.crd).toEqual({ labels, annotations: authored })
    expect(plan.leftOut).toEqual([{ key, reason: ANNOTATIONS_LEFT_OUT[key] }])
  })

  it('gives no crd entry to a CRD without labels and annotations', () => {
    expect(planCrdMetadata(crdInput())).toEqual({ leftOut: [] })
    expect(planResource(crdInput()).identity).not.toHaveProperty('crd')
  })

  it('regenerates the labels and the kept annotations, so --check finds nothing', () => {
    const input = labelled({ ...authored, 'controller-gen.kubebuilder.io/version': 'v0.21.0' })
    const { crd } = regenerateCrd(planResource(input))
    expect(crd?.metadata).toEqual({
      name: 'things.example.com',
      labels,
      annotations: authored,
    })
    expect(crdDifferences(input, crd!)).toEqual([])
  })

  it.each<[string, (crd: CrdInput) => CrdInput, string]>([
    [
      'a label dropped',
      (crd) => ({ ...crd, metadata: { name: crd.metadata!.name!, annotations: authored } }),
      '.metadata.labels: app.kubernetes.io/instance is "default" in the input, absent when regenerated',
    ],
    [
      'an annotation changed',
      (crd) => ({
        ...crd,
        metadata: {
          ...crd.metadata,
          annotations: { ...authored, 'example.com/owner': 'team-b' },
        },
      }),
      '.metadata.annotations: example.com/owner is "team-a, see \\"docs\\"" in the input, "team-b" when regenerated',
    ],
  ])('names %s in --check', (_name, change, line) => {
    const input = labelled(authored)
    const regenerated = change(regenerateCrd(planResource(input)).crd!)
    expect(crdDifferences(input, regenerated).map(describeCrdDifference)).toContain(line)
  })
})
