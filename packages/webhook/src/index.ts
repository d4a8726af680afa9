/** @crdconv/webhook: what a converter author writes against: resources and schemes, declared field
 * moves, the failure class, the stash helpers, int64 values, and the CRD keywords zod has no word
 * for (`crdKeywords`, `celRules`, `crdRootFields`), which `crdconv crd` reads. The webhook itself
 * is `@crdconv/webhook/worker`, `/lambda` or `/node`; the CRD generator and the round-trip kit are
 * the tooling's (`crdconv/crd`, `crdconv/testing`); every other subpath is listed in
 * docs/package.md.
 * @module
 */
export {
  celRules,
  ConversionError,
  crdKeywords,
  crdRootFields,
  createScheme,
  defineResource,
  fieldMoves,
  isConversionError,
  isPlainObject,
  restoreStashedFields,
  SchemeError,
  stashAnnotationKey,
  stashFields,
  type CelRule,
  type CelRuleReason,
  type ConversionContext,
  type CrdMetadata,
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
  type RootField,
  type RootFields,
  type ScaleSubresource,
  type Scheme,
  type SchemaProps,
  type SelectableField,
  type SplitFunctions,
  type StashOptions,
  type Subresources,
  type Unstashed,
  type VersionDefinition,
  type VersionMap,
} from './scheme/index.ts'
export { integerAsBigInt, jsonInteger } from './json/index.ts'
