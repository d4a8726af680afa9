import { isMap, isNode, type Document } from 'yaml'
import { convertChecked, describeProblem } from '@crdconv/webhook/review'
import { isPlainObject, parseApiVersion, type Scheme } from '@crdconv/webhook/scheme'
import {
  UsageError,
  documentValue,
  formatObjects,
  type OutputFormat,
  type ParsedManifests,
} from '../command-io/index.ts'

export type ManifestConversion =
  | { readonly ok: true; readonly output: string; readonly converted: number }
  | { readonly ok: false; readonly failures: readonly string[] }

/**
 * Converts every custom resource the scheme serves, in every document and inside `List`s, to
 * `to` (`v1` for each resource's own group, or `example.com/v1`); every other document passes
 * through as it was written, comments included. Any failure fails the whole run, so nothing is
 * half-converted.
 */
export function convertManifests(
  parsed: ParsedManifests,
  scheme: Scheme,
  to: string,
  format: OutputFormat
): ManifestConversion {
  checkTarget(scheme, to)
  const failures: string[] = []
  let converted = 0
  const convertOne = (object: unknown, where: string): unknown => {
    const desired = desiredApiVersion(scheme, object, to)
    if (desired === undefined) return object
    const result = convertChecked(scheme, object, desired)
    if (!result.ok) {
      failures.push(`${where}: ${describeProblem(result.problem)}`)
      return object
    }
    if (result.object !== object) converted++
    return result.object
  }
  const documents = parsed.documents.map((document, index) => {
    const where = `document ${index + 1}`
    const value = documentValue(document)
    if (isList(value)) {
      const items = value.items.map((item, position) =>
        convertOne(item, `${where}, items[${position}]`)
      )
      const changed = items.some((item, position) => item !== value.items[position])
      return { document, value: changed ? { ...value, items } : value, changed }
    }
    const result = convertOne(value, where)
    return { document, value: result, changed: result !== value }
  })
  if (failures.length > 0) return { ok: false, failures }
  if (parsed.format === 'json' || format === 'json') {
    const values = documents.map((entry) => entry.value).filter((value) => value !== null)
    return { ok: true, output: formatObjects(values, format), converted }
  }
  let end = 0
  const texts = documents.map(({ document, value, changed }, index) => {
    const start = end
    end = document.range?.[2] ?? parsed.text.length
    if (!changed) return parsed.text.slice(start, end)
    replaceContents(document, value)
    const text = document.toString({ lineWidth: 0 })
    return index === 0 || text.startsWith('---') ? text : `---\n${text}`
  })
  texts.push(parsed.text.slice(end))
  return { ok: true, output: texts.join(''), converted }
}

// keeps the comments written above and beside the document's top-level node
function replaceContents(document: Document, value: unknown): void {
  const previous = document.contents
  const node = document.createNode(value)
  if (isNode(previous)) {
    const firstKey = isMap(previous) ? previous.items[0]?.key : undefined
    const above = previous.commentBefore ?? (isNode(firstKey) ? firstKey.commentBefore : undefined)
    if (above) node.commentBefore = above
    if (previous.comment) node.comment = previous.comment
  }
  document.contents = node
}

// `to` must name a version some resource of the scheme has (in its group, when it has one)
function checkTarget(scheme: Scheme, to: string): void {
  const target = to.includes('/') ? parseApiVersion(to) : { group: undefined, version: to }
  if (target === undefined)
    throw new UsageError('version-unknown', `--to ${to} must be a version (v1) or group/version`)
  const known = scheme.resources.some(
    (resource) =>
      (target.group === undefined || resource.group === target.group) &&
      Object.hasOwn(resource.versions, target.version)
  )
  if (!known) {
    const versions = scheme.resources.map(
      (resource) => `${resource.identity.groupKind}: ${resource.versionNames.join(', ')}`
    )
    throw new UsageError(
      'version-unknown',
      `--to ${to} is no version of the scheme's resources (${versions.join('; ')})`
    )
  }
}

function desiredApiVersion(scheme: Scheme, object: unknown, to: string): string | undefined {
  if (!isPlainObject(object)) return undefined
  const source = parseApiVersion(object['apiVersion'])
  const kind = object['kind']
  if (source === undefined || typeof kind !== 'string') return undefined
  if (scheme.resourceFor(source.group, kind) === undefined) return undefined
  if (!to.includes('/')) return `${source.group}/${to}`
  return parseApiVersion(to)?.group === source.group ? to : undefined
}

function isList(value: unknown): value is { items: unknown[]; [field: string]: unknown } {
  return (
    isPlainObject(value) &&
    typeof value['kind'] === 'string' &&
    value['kind'].endsWith('List') &&
    Array.isArray(value['items'])
  )
}
