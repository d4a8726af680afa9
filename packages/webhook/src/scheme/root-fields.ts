import { registry } from 'zod/v4/core'

/** The fields of every Kubernetes object that the API server sets and checks itself. */
export type RootField = 'apiVersion' | 'kind' | 'metadata'

/** What a version's root schema says about the root fields it does not declare in zod. */
export interface RootFields {
  /**
   * Which of `apiVersion`, `kind` and `metadata` `crdconv crd` adds to the root's `properties`
   * when the zod schema does not declare them; `[]` adds none.
   */
  readonly add: readonly RootField[]
}

/**
 * How the root of a version's `openAPIV3Schema` says the API server's own fields. Without it,
 * `crdconv crd` declares `apiVersion`, `kind` and `metadata` on every version (kubectl explain
 * shows them); a CRD that leaves some out, as many written by hand do, is said by registering
 * the version's schema here. `crdconv import` does it for such CRDs, so that they come back as
 * they were. The API server validates these fields whatever the schema says.
 *
 * @example
 * ```ts
 * const GadgetV1 = z.object({ spec: GadgetSpec }).register(crdRootFields, { add: [] })
 * ```
 */
export const crdRootFields = /* @__PURE__ */ registry<RootFields>()
