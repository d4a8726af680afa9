/** @crdconv/webhook: what a converter author writes against: resources and schemes, declared field
 * moves, the failure class, the stash helpers and int64 values. CRD-only additions such as CEL
 * rules (`celRules`) are at `@crdconv/webhook/crd`, out of the webhook's bundle. The webhook
 * itself is `@crdconv/webhook/worker`, `/lambda` or `/node`; every other subpath is listed in
 * docs/package.md.
 * @module
 */
export {
  ConversionError,
  createScheme,
  defineResource,
  fieldMoves,
  isConversionError,
  isPlainObject,
  restoreStashedFields,
  SchemeError,
  stashAnnotationKey,
  stashFields,
  type ConversionContext,
  type DeepPartial,
  type FieldMove,
  type FieldMoveBuilder,
  type FieldPath,
  type FieldValue,
  type KubeObject,
  type ObjectAt,
  type ObjectMeta,
  type PrinterColumn,
  type Problem,
  type ProblemCode,
  type Resource,
  type ResourceDefinition,
  type ResourceNames,
  type ScaleSubresource,
  type Scheme,
  type SelectableField,
  type SplitFunctions,
  type StashOptions,
  type Subresources,
  type Unstashed,
  type VersionDefinition,
  type VersionMap,
} from './scheme/index.ts'
export { integerAsBigInt, jsonInteger } from './json/index.ts'
