import { parseAllDocuments, stringify, type Document } from 'yaml'
import { jsonInteger, stringifyJson } from '@crdconv/webhook/json'
import { UsageError } from './usage-error.ts'
import { yamlErrorAt } from './yaml-error.ts'

export type OutputFormat = 'yaml' | 'json'

export interface ParsedManifests {
  readonly format: OutputFormat
  /** YAML documents in order; JSON input is one document. */
  readonly documents: readonly Document[]
  /** The text they were read from, so untouched documents can be written back byte for byte. */
  readonly text: string
}

/**
 * Multi-document YAML or JSON (JSON is read as YAML, one document); syntax errors are usage errors.
 * Integers are read exactly: `documentValue` gives those past 2^53 as `bigint`, as the webhook does.
 */
export function parseManifests(text: string, source: string): ParsedManifests {
  const format = /^\s*[{[]/.test(text) ? 'json' : 'yaml'
  const documents = parseAllDocuments(text, { intAsBigInt: true })
  if (!Array.isArray(documents)) return { format, documents: [], text }
  documents.forEach((document, index) => {
    const error = document.errors[0]
    if (error !== undefined) {
      const { line, column, reason } = yamlErrorAt(error)
      const where = documents.length > 1 ? ` (document ${index + 1})` : ''
      throw new UsageError(
        'input-invalid',
        `${source}:${line}:${column}${where}: not valid YAML or JSON: ${reason}`
      )
    }
  })
  return { format, documents, text }
}

/** A parsed document as converters see it: integers past 2^53 as `bigint`, every other a number. */
export function documentValue(document: Document): unknown {
  return document.toJS({
    reviver: (_key: unknown, value: unknown) =>
      typeof value === 'bigint' ? jsonInteger(value) : value,
  })
}

/** Objects as YAML documents or as JSON (several become one `v1 List`, which kubectl applies). */
export function formatObjects(objects: readonly unknown[], format: OutputFormat): string {
  if (format === 'json') {
    const value =
      objects.length === 1 ? objects[0] : { apiVersion: 'v1', kind: 'List', items: objects }
    return `${stringifyJson(value, 2)}\n`
  }
  return objects.map((object) => stringify(object, { lineWidth: 0 })).join('---\n')
}
