import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { documentValue, parseManifests } from '../command-io/index.ts'
import { defaultCorpusDirectory } from './corpus-location.ts'

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

/**
 * Every object of a project's corpus folder (package.json's `"crdconv": { "corpus": … }`, else
 * `corpus/`, as `crdconv record` writes and `crdconv check` reads it), `[]` where the project has
 * none: the `recorded` objects of the round-trip kit in a project's own tests, which vitest runs
 * from the project's root.
 *
 * @example
 * expectLosslessRoundTrips(scheme, { recorded: readProjectCorpus() })
 */
export function readProjectCorpus(projectRoot: string = process.cwd()): CorpusObject[] {
  return readCorpus(defaultCorpusDirectory(projectRoot))
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
