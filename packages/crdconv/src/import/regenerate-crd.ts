import { buildCustomResourceDefinition, crdRootFields } from '@crdconv/webhook/crd'
import { defineResource, type ResourceDefinition, type VersionMap } from '@crdconv/webhook/scheme'
import type { CrdInput } from './read-crd-documents.ts'
import type { ResourcePlan } from './resource-plan.ts'
import { buildZod } from './zod-render.ts'

const PLACEHOLDER_URL = 'https://crdconv-import.invalid/convert'

export interface Regenerated {
  readonly crd?: CrdInput
  /** Why the imported module would not load or not make a CRD (a define-time check, say). */
  readonly problems: readonly string[]
}

/**
 * The CRD `crdconv crd` makes of the module `plan` describes, built in memory from the same plan
 * (zod schemas, `defineResource`, `buildCustomResourceDefinition`).
 *
 * @example
 * ```ts
 * const { crd } = regenerateCrd(planResource(input))
 * ```
 */
export function regenerateCrd(plan: ResourcePlan): Regenerated {
  const versions: Record<string, unknown> = {}
  for (const version of plan.versions) {
    const schema = buildZod(version.schema)
    if (version.rootFields !== undefined) schema.register(crdRootFields, version.rootFields)
    versions[version.name] = { ...version.settings, schema }
  }
  const definition = {
    ...plan.identity,
    versions,
    converters: plan.converters.map(({ from, to }) => ({
      from,
      to,
      convert: (object: object) => ({ ...object }),
    })),
  } as unknown as ResourceDefinition<VersionMap>
  try {
    const build = buildCustomResourceDefinition(defineResource(definition), {
      url: PLACEHOLDER_URL,
    })
    return { crd: build.crd as unknown as CrdInput, problems: build.problems }
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] }
  }
}
