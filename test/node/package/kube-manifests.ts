// The Kubernetes objects of a rendered multi-document manifest (helm template, kubectl kustomize),
// and the scaffold's kustomize overlay as an operator edits it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, parseAllDocuments, parseDocument } from 'yaml'

export interface KubeDocument {
  readonly apiVersion: string
  readonly kind: string
  readonly metadata: { name: string; namespace?: string; annotations?: Record<string, string> }
  readonly spec: Record<string, unknown>
}

/** Every object of `manifests`, in order. */
export function kubeDocuments(manifests: string): KubeDocument[] {
  return parseAllDocuments(manifests).map((document) => document.toJSON() as KubeDocument)
}

/** `objects` keyed by `Kind/name`, which is what identifies one among a release's objects. */
export function byKindAndName(objects: readonly KubeDocument[]): Record<string, KubeDocument> {
  return Object.fromEntries(
    objects.map((object) => [`${object.kind}/${object.metadata.name}`, object])
  )
}

/** What the scaffold's kustomization.yaml says of the chart it inflates. */
export interface OverlayChart {
  readonly namespace: string
  readonly releaseName: string
  readonly valuesInline: Record<string, unknown>
}

/**
 * Sets `values` in the helmCharts entry of the overlay in `project`, as an operator would (the
 * file's comments stay), and returns the entry and the namespace the overlay sets.
 */
export function editOverlayValues(
  project: string,
  values: Record<string, unknown>
): OverlayChart & { readonly overlayNamespace: string } {
  const path = join(project, 'kustomize/kustomization.yaml')
  const document = parseDocument(readFileSync(path, 'utf8'))
  for (const [name, value] of Object.entries(values)) {
    document.setIn(['helmCharts', 0, 'valuesInline', name], value)
  }
  writeFileSync(path, document.toString())
  const { namespace, helmCharts } = document.toJSON() as {
    namespace: string
    helmCharts: [OverlayChart]
  }
  return { ...helmCharts[0], overlayNamespace: namespace }
}

/** The pod spec the overlay's deployment-patch.yaml merges into the chart's Deployment. */
export function overlayPodSpecPatch(project: string): Record<string, unknown> {
  const patch = parse(readFileSync(join(project, 'kustomize/deployment-patch.yaml'), 'utf8')) as {
    spec: { template: { spec: Record<string, unknown> } }
  }
  return patch.spec.template.spec
}
