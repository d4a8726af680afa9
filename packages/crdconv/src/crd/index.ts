/** CustomResourceDefinitions from zod schemas: structural schemas, webhook URLs, resource checks.
 * @module
 */
export {
  buildCustomResourceDefinition,
  CONVERSION_REVIEW_VERSIONS,
  type CrdBuild,
  type CrdOptions,
  type CustomResourceDefinition,
} from './custom-resource-definition.ts'
export type { CrdShape, CrdVersionShape } from './crd-shape.ts'
export { buildResourceCrds, type ResourceCrds } from './resource-crds.ts'
export { crdDescriptions, fieldSegment, type FieldDescriptions } from './crd-descriptions.ts'
export { exampleObjects, type ExampleOptions } from './example-objects.ts'
export { toCrdSchema, type CrdSchema } from './openapi-schema.ts'
export {
  CHECK_ITEM_CODES,
  checkResource,
  type CheckItem,
  type CheckItemCode,
} from './resource-check.ts'
export { schemaAtPath, type PathLookup } from './schema-paths.ts'
export { statusRootViolations, structuralViolations } from './structural-rules.ts'
export { compareVersionPriority, KUBE_VERSION, sortByVersionPriority } from './version-priority.ts'
export { checkWebhookUrl, type WebhookUrlCheck, type WebhookUrlOptions } from './webhook-url.ts'
export {
  OPAQUE_KINDS,
  opaqueKeyword,
  opaqueSubtrees,
  type OpaqueKind,
  type OpaqueSubtree,
} from './opaque-subtrees.ts'
