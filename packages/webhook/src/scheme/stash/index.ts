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
  type StashedFields,
  type StashOf,
  type StashOptions,
  type Unstashed,
} from './annotation-stash.ts'
export { canonicalJson, fnv1a64 } from './stable-hash.ts'
