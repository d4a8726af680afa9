import type { ProblemCode } from '@crdconv/webhook/scheme'

/**
 * What was wrong with how a command was called or what it was given: the machine-readable half
 * of a `UsageError` (exit code 2). A cluster's refusal keeps its `ClusterError` code; commander's
 * own errors (an unknown option) carry commander's `commander.*` codes.
 */
export const USAGE_ERROR_CODES = [
  'options-conflict',
  'argument-missing',
  'file-unreadable',
  'input-invalid',
  'answers-invalid',
  'settings-invalid',
  'url-refused',
  'scheme-not-found',
  'scheme-unloadable',
  'version-unknown',
  'resource-unknown',
  'files-exist',
  'not-a-project',
  'scheme-not-wired',
  'kind-defined',
  'stored-versions-dropped',
  'nothing-to-retire',
  'dependency-missing',
  'port-taken',
] as const

export type UsageErrorCode = ProblemCode<typeof USAGE_ERROR_CODES>
