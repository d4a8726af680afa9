/** Corpus folders: objects recorded from a cluster or put there by hand, read as the kit's seeds. */
export { readCorpus, type CorpusObject } from './corpus-reader.ts'
