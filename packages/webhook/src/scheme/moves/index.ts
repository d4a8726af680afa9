/** Declared field moves between versions: renames, splits, fills, drops and named annotations, planned once and run per object.
 * @module
 */
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
