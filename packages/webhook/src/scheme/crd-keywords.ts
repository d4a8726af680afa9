import { registry } from 'zod/v4/core'

/** A node of a CRD's `openAPIV3Schema` (Kubernetes `JSONSchemaProps`), as plain JSON. */
export type SchemaProps = { [keyword: string]: unknown }

/**
 * CRD schema keywords a zod schema states directly: what zod has no word for (`format` beside a
 * pattern, `x-kubernetes-*` extensions, CEL `x-kubernetes-validations`, validation-only
 * `anyOf`/`allOf`/`oneOf`/`not`, defaults). `crdconv crd` copies them into that node of the
 * `openAPIV3Schema` as they are, after what it derives from zod; `crdconv import` writes them.
 * For CEL rules, `celRules` is the typed way.
 *
 * @example
 * ```ts
 * const Ports = z.array(z.object({ name: z.string(), port: z.int() })).register(crdKeywords, {
 *   'x-kubernetes-list-type': 'map',
 *   'x-kubernetes-list-map-keys': ['name'],
 * })
 * ```
 */
export const crdKeywords = /* @__PURE__ */ registry<SchemaProps>()
