// The CRD's own labels and annotations as an import carries them: every one its author set, none
// that a tool wrote about the CRD it applied or generated, and none that would have cert-manager
// rewrite the conversion stanza `crdconv crd` writes.
import {
  isPlainObject,
  labelValueProblem,
  qualifiedNameProblem,
  type CrdMetadata,
} from '@crdconv/webhook/scheme'
import type { CrdShape } from '../crd/index.ts'
import type { ImportProblem } from './import-problem.ts'

const CA_INJECTION =
  "has cert-manager's cainjector write the old webhook's CA into spec.conversion.webhook.clientConfig.caBundle, which the certificate of crdconv's URL does not chain to (the chart crdconv init writes sets its own)"

/**
 * The annotations an import leaves out, each with the reason. Labels are all carried.
 *
 * @example
 * ```ts
 * Object.keys(ANNOTATIONS_LEFT_OUT).includes('controller-gen.kubebuilder.io/version') // true
 * ```
 */
export const ANNOTATIONS_LEFT_OUT: Readonly<Record<string, string>> = {
  'kubectl.kubernetes.io/last-applied-configuration':
    "kubectl apply's copy of the object it last applied, written by kubectl, not by the author",
  'meta.helm.sh/release-name': "Helm's record of the release that installed the CRD",
  'meta.helm.sh/release-namespace': "Helm's record of the release that installed the CRD",
  'controller-gen.kubebuilder.io/version':
    'the stamp of the tool that generated the file; crdconv crd generates it now',
  'cert-manager.io/inject-ca-from': CA_INJECTION,
  'cert-manager.io/inject-ca-from-secret': CA_INJECTION,
  'cert-manager.io/inject-apiserver-ca': CA_INJECTION,
}

/** One annotation an import left out, and why. */
export interface LeftOutAnnotation {
  readonly key: string
  readonly reason: string
}

/**
 * The `crd` entry of `defineResource` for `crd` (none when it carries no label or annotation),
 * and the annotations left out.
 *
 * @example
 * ```ts
 * planCrdMetadata(crd).crd?.labels // { 'app.kubernetes.io/part-of': 'tekton-pipelines' }
 * ```
 */
export function planCrdMetadata(crd: CrdShape): {
  crd?: CrdMetadata
  leftOut: LeftOutAnnotation[]
} {
  const labels = { ...crd.metadata?.labels }
  const annotations: Record<string, string> = {}
  const leftOut: LeftOutAnnotation[] = []
  for (const [key, value] of Object.entries(crd.metadata?.annotations ?? {})) {
    const reason = ANNOTATIONS_LEFT_OUT[key]
    if (reason === undefined) annotations[key] = value
    else leftOut.push({ key, reason })
  }
  const metadata = {
    ...(Object.keys(labels).length === 0 ? {} : { labels }),
    ...(Object.keys(annotations).length === 0 ? {} : { annotations }),
  }
  return { ...(Object.keys(metadata).length === 0 ? {} : { crd: metadata }), leftOut }
}

/** What the API server would refuse in `metadata.labels` and `metadata.annotations` of a CRD. */
export function crdMetadataProblems(metadata: unknown): Omit<ImportProblem, 'document'>[] {
  if (!isPlainObject(metadata)) return []
  const problems: Omit<ImportProblem, 'document'>[] = []
  for (const field of ['labels', 'annotations'] as const) {
    const map = metadata[field]
    if (map === undefined || map === null) continue
    const at = `.metadata.${field}`
    if (!isPlainObject(map)) {
      problems.push({ path: at, code: 'metadata-invalid', message: `${field} must be a map` })
      continue
    }
    for (const [key, value] of Object.entries(map)) {
      const keyProblem = qualifiedNameProblem(field === 'labels' ? key : key.toLowerCase())
      const valueProblem =
        typeof value !== 'string'
          ? `must be a string, not ${JSON.stringify(value)} (quote it in YAML)`
          : field === 'labels'
            ? labelValueProblem(value)
            : undefined
      const problem = keyProblem === undefined ? valueProblem : `key ${keyProblem}`
      if (problem !== undefined) {
        problems.push({
          path: `${at}[${JSON.stringify(key)}]`,
          code: 'metadata-invalid',
          message: `the CRD's ${field === 'labels' ? 'label' : 'annotation'} ${key} ${problem}`,
        })
      }
    }
  }
  return problems
}
