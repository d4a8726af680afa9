import { crdRootFields } from '@crdconv/webhook'
import { buildCustomResourceDefinition, crdDescriptions } from '../crd/index.ts'
import {
  defineResource,
  type Converter,
  type ResourceDefinition,
  type VersionMap,
} from '@crdconv/webhook/scheme'
import { planDescriptions } from './descriptions-source.ts'
import { liveMoves } from './moves-render.ts'
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
 * (zod schemas, their descriptions, the field moves, `defineResource`,
 * `buildCustomResourceDefinition`): a move
 * `fieldMoves` refuses is one of its problems.
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
    const descriptions = planDescriptions(version.schema)
    if (Object.keys(descriptions).length > 0) crdDescriptions.add(schema, descriptions)
    versions[version.name] = { ...version.settings, schema }
  }
  try {
    const converters: Converter[] = plan.converters.flatMap((pair) =>
      liveMoves(versions as VersionMap, pair)
    )
    const definition = {
      ...plan.identity,
      versions,
      converters,
    } as unknown as ResourceDefinition<VersionMap>
    const build = buildCustomResourceDefinition(defineResource(definition), {
      url: PLACEHOLDER_URL,
    })
    return { crd: build.crd as unknown as CrdInput, problems: build.problems }
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] }
  }
}
