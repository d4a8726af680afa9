import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { documentValue, parseManifests } from '../command-io/index.ts'

/** One object of a corpus folder, and where it was read. */
export interface CorpusObject {
  /** The file, relative to the corpus folder, and the document's index in it. */
  readonly source: string
  /** The whole object, `apiVersion` and `kind` included. */
  readonly object: Readonly<Record<string, unknown>>
}

const CORPUS_FILE = /\.(ya?ml|json)$/

/**
 * Every object of a corpus folder (what `crdconv record` writes, or objects put there by hand):
 * each `.yaml`, `.yml` or `.json` file below it, in name order, with one or more documents each; a
 * `v1 List` gives its items; files and folders whose name starts with `.` are skipped. A folder
 * that does not exist is an empty corpus.
 *
 * @example
 * const objects = readCorpus('corpus').filter(({ object }) => object['kind'] === 'CronTab')
 */
export function readCorpus(directory: string): CorpusObject[] {
  if (!existsSync(directory)) return []
  return corpusFiles(directory).flatMap((file) => {
    const source = relative(directory, file)
    const { documents } = parseManifests(readFileSync(file, 'utf8'), source)
    return documents.flatMap((document, index) =>
      objectsOf(documentValue(document)).map((object) => ({
        source: documents.length > 1 ? `${source}#${index + 1}` : source,
        object,
      }))
    )
  })
}

function corpusFiles(directory: string): string[] {
  return (
    readdirSync(directory)
      .sort()
      // `.recording-*`: what a `crdconv record` that did not finish staged
      .filter((name) => !name.startsWith('.'))
      .flatMap((name) => {
        const path = join(directory, name)
        if (statSync(path).isDirectory()) return corpusFiles(path)
        return CORPUS_FILE.test(name) ? [path] : []
      })
  )
}

function objectsOf(value: unknown): Record<string, unknown>[] {
  if (!isObject(value)) return []
  if (value['kind'] === 'List' && Array.isArray(value['items'])) {
    return value['items'].filter(isObject)
  }
  return typeof value['apiVersion'] === 'string' && typeof value['kind'] === 'string' ? [value] : []
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
