/** `crdconv diff`: every schema difference between two versions of a resource, by field path. */
export {
  DIFFERENCE_KINDS,
  describeSchemaType,
  schemaDifferences,
  schemaFieldPaths,
  type DifferenceKind,
  type SchemaDifference,
} from './schema-differences.ts'
export {
  diffVersions,
  schemasOfCrd,
  schemasOfResource,
  versionPairs,
  type VersionedSchemas,
  type VersionPairDifferences,
} from './versioned-schemas.ts'
export { changeLabel, describeSchemaDifference, showSide } from './describe-difference.ts'
