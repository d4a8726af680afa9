import type { Resource } from '@crdconv/webhook/scheme'
import {
  buildCustomResourceDefinition,
  type CrdOptions,
  type CustomResourceDefinition,
} from './custom-resource-definition.ts'

/** The CRDs of several resources, with every note and problem led by its CRD's name. */
export interface ResourceCrds {
  readonly crds: readonly CustomResourceDefinition[]
  /** Validation widened to stay structural: `crontabs.example.com v1: …`, worth a warning. */
  readonly notes: readonly string[]
  /** What makes a CRD unusable; where there is any, none of the CRDs should be applied. */
  readonly problems: readonly string[]
}

/**
 * One CRD per resource, as `crdconv crd` prints them, each pointing at the same webhook.
 *
 * @example
 * ```ts
 * const { crds, problems } = buildResourceCrds(scheme.resources, {
 *   url: 'https://crontab-webhook.example.workers.dev/convert',
 * })
 * ```
 */
export function buildResourceCrds(
  resources: readonly Resource[],
  options: CrdOptions
): ResourceCrds {
  const crds: CustomResourceDefinition[] = []
  const notes: string[] = []
  const problems: string[] = []
  for (const resource of resources) {
    const build = buildCustomResourceDefinition(resource, options)
    const label = resource.identity.crdName
    notes.push(...build.notes.map((note) => `${label} ${note}`))
    problems.push(...build.problems.map((problem) => `${label} ${problem}`))
    crds.push(build.crd)
  }
  return { crds, notes, problems }
}
