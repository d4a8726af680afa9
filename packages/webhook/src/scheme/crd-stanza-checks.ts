// The checks of the CRD parts a definition sets beside its schemas: the CRD's own labels and
// annotations, printer columns, and the scale subresource's paths.
import {
  annotationsSize,
  labelValueProblem,
  MAX_ANNOTATIONS_BYTES,
  qualifiedNameProblem,
} from './kubernetes-validation.ts'
import type { CrdMetadata, PrinterColumn, Subresources } from './resource-definition.ts'
import { schemeProblem as issue, type SchemeProblem } from './scheme-problem.ts'

const COLUMN_TYPES = new Set(['integer', 'number', 'string', 'boolean', 'date'])
const COLUMN_FORMATS = new Set([
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'date',
  'date-time',
  'password',
])

// the API server's ValidateObjectMeta rules for the CRD's own labels and annotations
export function crdMetadataProblems(crd: CrdMetadata | undefined): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  const metadata = (path: string, message: string) =>
    problems.push(issue('crd-metadata-invalid', message, path))
  for (const [key, value] of Object.entries(crd?.labels ?? {})) {
    const keyProblem = qualifiedNameProblem(key)
    if (keyProblem !== undefined) metadata('crd.labels', `crd.labels key "${key}": ${keyProblem}`)
    const valueProblem = typeof value === 'string' ? labelValueProblem(value) : 'must be a string'
    if (valueProblem !== undefined) {
      metadata('crd.labels', `crd.labels["${key}"]: ${valueProblem}`)
    }
  }
  const annotations = crd?.annotations ?? {}
  for (const [key, value] of Object.entries(annotations)) {
    const keyProblem = qualifiedNameProblem(key.toLowerCase())
    if (keyProblem !== undefined) {
      metadata('crd.annotations', `crd.annotations key "${key}": ${keyProblem}`)
    }
    if (typeof value !== 'string') {
      metadata('crd.annotations', `crd.annotations["${key}"] must be a string`)
    }
  }
  const strings = Object.entries(annotations).filter(([, value]) => typeof value === 'string')
  const size = annotationsSize(Object.fromEntries(strings))
  if (size > MAX_ANNOTATIONS_BYTES) {
    metadata(
      'crd.annotations',
      `crd.annotations total ${size} bytes, more than the API server's ${MAX_ANNOTATIONS_BYTES}`
    )
  }
  return problems
}

export function columnProblems(
  where: string,
  columns: readonly PrinterColumn[] | undefined
): SchemeProblem[] {
  const problems: SchemeProblem[] = []
  const column = (field: string, message: string) =>
    problems.push(issue('column-invalid', `${field} ${message}`, field))
  // two columns may share a name: the API server accepts it (cluster-api's CRDs do it)
  columns?.forEach(({ name, type, format, priority, jsonPath }, index) => {
    const at = `${where}[${index}]`
    if (name === '') column(`${at}.name`, 'must not be empty')
    if (!COLUMN_TYPES.has(type))
      column(`${at}.type`, `must be one of ${[...COLUMN_TYPES].join(', ')}`)
    if (format !== undefined && !COLUMN_FORMATS.has(format)) {
      column(`${at}.format`, `must be one of ${[...COLUMN_FORMATS].join(', ')}`)
    }
    if (priority !== undefined && (!Number.isInteger(priority) || priority < 0)) {
      column(`${at}.priority`, 'must be a whole number, 0 or more')
    }
    if (!jsonPath.startsWith('.')) {
      column(`${at}.jsonPath`, `"${jsonPath}" must start with "." (like .spec.replicas)`)
    }
  })
  return problems
}

export function subresourceProblems(
  where: string,
  subresources: Subresources | undefined
): SchemeProblem[] {
  const scale = subresources?.scale
  if (scale === undefined) return []
  const problems: SchemeProblem[] = []
  const path = (field: string, message: string) =>
    problems.push(
      issue('scale-path-invalid', `${where}.scale.${field} ${message}`, `${where}.scale.${field}`)
    )
  const dotted = (path: string, roots: readonly string[]) =>
    roots.some((root) => new RegExp(`^\\.${root}(\\.[^.\\[\\]\\s]+)+$`).test(path))
  if (!dotted(scale.specReplicasPath, ['spec'])) {
    path(
      'specReplicasPath',
      `"${scale.specReplicasPath}" must be a dotted path under .spec, like .spec.replicas`
    )
  }
  if (!dotted(scale.statusReplicasPath, ['status'])) {
    path(
      'statusReplicasPath',
      `"${scale.statusReplicasPath}" must be a dotted path under .status, like .status.replicas`
    )
  }
  if (
    scale.labelSelectorPath !== undefined &&
    !dotted(scale.labelSelectorPath, ['spec', 'status'])
  ) {
    path(
      'labelSelectorPath',
      `"${scale.labelSelectorPath}" must be a dotted path under .spec or .status`
    )
  }
  return problems
}
