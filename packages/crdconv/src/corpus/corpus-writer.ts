// Writes recorded objects into a corpus folder all at once: staged beside it, then moved in.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { stringify } from 'yaml'
import { corpusFile, type CorpusPlace } from './corpus-location.ts'

/** A corpus being written: objects go to a staging folder until `commit` moves them in. */
export interface CorpusWriter {
  /** Stages one object; answers its file, relative to the corpus folder. */
  readonly add: (place: CorpusPlace, object: Readonly<Record<string, unknown>>) => string
  /** Moves every staged file into the corpus folder, replacing files of the same name. */
  readonly commit: () => void
  /** Removes the staging folder and what it holds; the corpus folder is as it was. */
  readonly discard: () => void
}

/**
 * A writer into `directory` (made when missing): nothing reaches it before `commit`, so a run
 * that stops half-way leaves the corpus as it was. Files of other objects stay; a file of the
 * same object and version is replaced.
 *
 * @example
 * const corpus = corpusWriter('corpus')
 * corpus.add({ crd: 'crontabs.example.com', namespace: 'default', name: 'a', version: 'v1' }, object)
 * corpus.commit()
 */
export function corpusWriter(directory: string): CorpusWriter {
  mkdirSync(directory, { recursive: true })
  // beside the corpus, on the same file system, so that each move is a rename
  const staging = mkdtempSync(join(directory, '.recording-'))
  const staged: string[] = []
  return {
    add: (place, object) => {
      const file = corpusFile(place)
      const path = join(staging, file)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, stringify(object, { lineWidth: 0 }))
      staged.push(file)
      return file
    },
    commit: () => {
      for (const file of staged) {
        const target = join(directory, file)
        mkdirSync(dirname(target), { recursive: true })
        renameSync(join(staging, file), target)
      }
      rmSync(staging, { recursive: true, force: true })
    },
    discard: () => rmSync(staging, { recursive: true, force: true }),
  }
}
