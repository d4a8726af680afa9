import type { CrdInput } from '../../packages/crdconv/src/import/index.ts'

/**
 * A minimal valid `apiextensions.k8s.io/v1` CRD (kind Thing of example.com, one version v1):
 * `schema` as v1's openAPIV3Schema, `version` merged into v1.
 */
export function crdInput(
  schema: Record<string, unknown> = { type: 'object', properties: { spec: { type: 'object' } } },
  version: Record<string, unknown> = {}
): CrdInput {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Thing', plural: 'things' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: schema },
          ...version,
        },
      ],
    },
  }
}
