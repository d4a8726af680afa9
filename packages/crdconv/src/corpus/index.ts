/** Corpus folders: objects recorded from a cluster or put there by hand, read as the kit's seeds.
 * @module
 */
export {
  corpusFile,
  DEFAULT_CORPUS_FOLDER,
  defaultCorpusDirectory,
  type CorpusPlace,
} from './corpus-location.ts'
export { readCorpus, readProjectCorpus, type CorpusObject } from './corpus-reader.ts'
export { corpusWriter, type CorpusWriter } from './corpus-writer.ts'
