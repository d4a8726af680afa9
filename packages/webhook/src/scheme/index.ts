/** Resources, schemes and converters: the converter graph, metadata carry-over, the annotation stash, the CRD keywords a schema states.
 * @module
 */
export {
  annotationPlaceValue,
  type AnnotationHolds,
  type AnnotationPlace,
} from './annotation-place.ts'
export {
  MAX_STASH_BYTES,
  MAX_STASH_DEPTH,
  restoreStashedFields,
  STASH_ANNOTATION_NAME,
  stashAnnotationKey,
  stashFields,
  type CarriesStash,
  type StashedFields,
  type StashOptions,
  type Unstashed,
} from './annotation-stash.ts'
export { celRules, celRulesOf, type CelRule, type CelRuleReason } from './cel-rules.ts'
export { crdKeywords, type SchemaProps } from './crd-keywords.ts'
export { crdRootFields, type RootField, type RootFields } from './root-fields.ts'
export { formatApiVersion, parseApiVersion, type GroupVersion } from './api-version.ts'
export {
  ConversionError,
  isConversionError,
  SchemeError,
  type ConversionErrorOptions,
  type ConverterRefusalCode,
} from './conversion-error.ts'
export { converter } from './converter.ts'
export type { ConverterPaths } from './converter-graph.ts'
export {
  CONVERSION_FAILURE_CODES,
  type ConversionFailure,
  type ConversionFailureCode,
} from './conversion-failure.ts'
export type { ObjectConversion } from './convert-object.ts'
export { problem, ProblemError, type Problem, type ProblemCode } from './problem.ts'
export {
  fieldMoves,
  type AnnotationPlaceOptions,
  type FieldMove,
  type FieldMoveBuilder,
  type FieldMovesOptions,
  type SplitFunctions,
  type ValueMapping,
} from './field-moves.ts'
export type { Carried, MovedObject, TypedMove } from './moved-object.ts'
export {
  MAX_FIELD_PATH_DEPTH,
  type FieldPath,
  type FieldValue,
  type ListItem,
  type ListPath,
  type SchemaPath,
  type SchemaValue,
} from './field-paths.ts'
export {
  describeField,
  describeObject,
  isPlainObject,
  nameObject,
  type KubeObject,
  type ObjectMeta,
} from './kube-object.ts'
export {
  annotationsSize,
  labelValueProblem,
  MAX_ANNOTATIONS_BYTES,
  MAX_LABEL_VALUE_LENGTH,
  qualifiedNameProblem,
  utf8Length,
} from './kubernetes-validation.ts'
export {
  defineResource,
  type ConversionContext,
  type ConvertedObject,
  type Converter,
  type ConverterBetween,
  type CrdMetadata,
  type DeepPartial,
  type ObjectAt,
  type PrinterColumn,
  type Resource,
  type ResourceDefinition,
  type ResourceNames,
  type ScaleSubresource,
  type SelectableField,
  type Subresources,
  type VersionDefinition,
  type VersionMap,
} from './resource.ts'
export {
  CAMEL_CASE,
  checkDefinitions,
  definitionProblems,
  DNS_SUBDOMAIN_WITH_DOT,
} from './resource-checks.ts'
export { resolveNames } from './resource-names.ts'
export { formatGroupKind, resourceIdentity, type ResourceIdentity } from './resource-identity.ts'
export { listItemSchema, schemaField, type SchemaField } from './schema-fields.ts'
export { createScheme, type Scheme } from './scheme.ts'
export {
  SCHEME_PROBLEM_CODES,
  schemeProblem,
  type SchemeProblem,
  type SchemeProblemCode,
} from './scheme-problem.ts'
export { canonicalJson, fnv1a64 } from './stable-hash.ts'
