/** The annotation stash: fields the other version cannot hold, kept in one annotation and given back on the way back.
 * @module
 */
export {
  MAX_STASH_BYTES,
  MAX_STASH_DEPTH,
  restoreStashedFields,
  STASH_ANNOTATION_NAME,
  stashAnnotationKey,
  stashEntryOf,
  stashFields,
  stashTextOf,
  type CarriesStash,
  type RestoreOptions,
  type SchemaStashOptions,
  type StashedFields,
  type StashOf,
  type StashOptions,
  type Unstashed,
} from './annotation-stash.ts'
export { canonicalJson, fnv1a64 } from './stable-hash.ts'
export {
  isStashSchema,
  readStashed,
  STALE_STASH_CODES,
  stashSchemaKeys,
  type StaleStash,
  type StaleStashCode,
  type StashInput,
  type StashOutput,
  type StashSchema,
} from './stash-schema.ts'
