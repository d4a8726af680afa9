import { parseAllDocuments } from 'yaml'
import { yamlErrorAt } from '../command-io/index.ts'
import { structuralViolations, type CrdShape, type CrdVersionShape } from '../crd/index.ts'
import { isPlainObject as isRecord } from '@crdconv/webhook/scheme'
import type { ImportProblem } from './import-problem.ts'
import { crdMetadataProblems } from './crd-metadata-plan.ts'

/** One `apiextensions.k8s.io/v1` CustomResourceDefinition read from the input, as plain JSON. */
export interface CrdDocument {
  readonly document: number
  readonly crd: CrdInput
}

/** A CRD read from YAML: a {@link CrdShape} that names its apiVersion and kind. */
export interface CrdInput extends CrdShape {
  readonly apiVersion: string
  readonly kind: string
}

export type CrdVersionInput = CrdVersionShape

const V1 = 'apiextensions.k8s.io/v1'
const V1BETA1_ADVICE =
  'apiextensions.k8s.io/v1beta1 CRDs were removed in Kubernetes 1.22; upgrade it to apiextensions.k8s.io/v1 first: read it back from a cluster (`kubectl get crd <name> -o yaml` answers in v1), or move spec.validation.openAPIV3Schema into each spec.versions[].schema, make the schema structural, and set served and storage on every version'

/**
 * The CRDs in `text` (YAML, several documents, or JSON; a `List` counts each item as a document),
 * each checked as an import can use it; every refusal with its document, JSON path and reason.
 *
 * @example
 * ```ts
 * const { crds, problems } = readCrdDocuments(await readFile('crd.yaml', 'utf8'))
 * ```
 */
export function readCrdDocuments(text: string): {
  crds: CrdDocument[]
  problems: ImportProblem[]
} {
  const problems: ImportProblem[] = []
  const values: unknown[] = []
  parseAllDocuments(text).forEach((parsed, index) => {
    const [error] = parsed.errors
    if (error !== undefined) {
      const { line, column, reason } = yamlErrorAt(error)
      problems.push({
        document: index,
        path: '',
        code: 'not-yaml',
        message: `not YAML: ${reason}`,
        at: { line, column },
      })
      return
    }
    const value: unknown = parsed.toJS({ maxAliasCount: 1000 })
    if (value === null || value === undefined) return
    if (isRecord(value) && value['kind'] === 'List' && Array.isArray(value['items'])) {
      values.push(...value['items'])
    } else values.push(value)
  })
  if (problems.length > 0) return { crds: [], problems }
  if (values.length === 0) {
    return {
      crds: [],
      problems: [
        { document: 0, path: '', code: 'no-document', message: 'no document in the input' },
      ],
    }
  }
  const crds: CrdDocument[] = []
  values.forEach((value, document) => {
    const found = crdProblems(value).map((problem) => ({ document, ...problem }))
    if (found.length === 0) crds.push({ document, crd: value as CrdInput })
    problems.push(...found)
  })
  return { crds, problems }
}

function crdProblems(value: unknown): Omit<ImportProblem, 'document'>[] {
  if (!isRecord(value))
    return [{ path: '', code: 'not-a-crd', message: 'not a CRD: the document is not an object' }]
  if (value['kind'] !== 'CustomResourceDefinition') {
    return [
      {
        path: '.kind',
        code: 'not-a-crd',
        message: `not a CRD: kind is ${JSON.stringify(value['kind'] ?? null)}`,
      },
    ]
  }
  if (value['apiVersion'] === 'apiextensions.k8s.io/v1beta1') {
    return [{ path: '.apiVersion', code: 'crd-v1beta1', message: V1BETA1_ADVICE }]
  }
  if (value['apiVersion'] !== V1) {
    return [
      {
        path: '.apiVersion',
        code: 'not-a-crd',
        message: `not a CRD of ${V1}: ${JSON.stringify(value['apiVersion'] ?? null)}`,
      },
    ]
  }
  const spec = value['spec']
  if (!isRecord(spec))
    return [{ path: '.spec', code: 'crd-incomplete', message: 'a CRD needs a spec' }]
  const problems: Omit<ImportProblem, 'document'>[] = crdMetadataProblems(value['metadata'])
  for (const field of ['group', 'scope'] as const) {
    if (typeof spec[field] !== 'string') {
      problems.push({
        path: `.spec.${field}`,
        code: 'crd-incomplete',
        message: `a CRD needs spec.${field}`,
      })
    }
  }
  const names = spec['names']
  if (
    !isRecord(names) ||
    typeof names['kind'] !== 'string' ||
    typeof names['plural'] !== 'string'
  ) {
    problems.push({
      path: '.spec.names',
      code: 'crd-incomplete',
      message: 'a CRD needs spec.names.kind and plural',
    })
  }
  const versions = spec['versions']
  if (!Array.isArray(versions) || versions.length === 0) {
    return [
      ...problems,
      {
        path: '.spec.versions',
        code: 'crd-incomplete',
        message: 'a CRD needs at least one version',
      },
    ]
  }
  versions.forEach((version: unknown, index) => {
    const at = `.spec.versions[${index}]`
    if (!isRecord(version) || typeof version['name'] !== 'string') {
      problems.push({ path: at, code: 'crd-incomplete', message: 'a version needs a name' })
      return
    }
    const schema = isRecord(version['schema']) ? version['schema']['openAPIV3Schema'] : undefined
    if (!isRecord(schema)) {
      problems.push({
        path: `${at}.schema.openAPIV3Schema`,
        code: 'crd-incomplete',
        message: 'a version needs a schema',
      })
      return
    }
    const base = `${at}.schema.openAPIV3Schema`
    for (const ref of refPaths(schema, '')) {
      problems.push({
        path: `${base}${ref}`,
        code: 'schema-ref',
        message: '$ref is not allowed in a CRD schema',
      })
    }
    for (const violation of structuralViolations(schema)) {
      if (violation.endsWith('$ref is not allowed in a CRD schema')) continue
      const [where, ...why] = violation.split(': ')
      const inner = where === '(root)' ? '' : schemaJsonPath(where ?? '')
      problems.push({
        path: `${base}${inner}`,
        code: 'schema-not-structural',
        message: `not structural: ${why.join(': ')}`,
      })
    }
  })
  return problems
}

// `.spec.ports[].name` (how structural rules name a field) as the JSON path into the schema
function schemaJsonPath(fieldPath: string): string {
  return fieldPath.replace(
    /\.((?:anyOf|allOf|oneOf)\[\d+\]|not)|\.([^.[\]]+)|\[\]|\[\*\]/g,
    (segment, junctor: string | undefined, field: string | undefined) =>
      junctor !== undefined
        ? `.${junctor}`
        : field !== undefined
          ? `.properties.${field}`
          : segment === '[]'
            ? '.items'
            : '.additionalProperties'
  )
}

function refPaths(node: unknown, path: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => refPaths(item, `${path}[${index}]`))
  if (!isRecord(node)) return []
  const found = '$ref' in node ? [`${path}.$ref`] : []
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'enum' && key !== 'default' && key !== 'example') {
      found.push(...refPaths(value, `${path}.${key}`))
    }
  }
  return found
}
