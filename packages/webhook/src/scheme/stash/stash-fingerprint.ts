// Whether a stash entry is stale: a hash of the watched fields as the API server keeps them.
import type { $ZodType } from 'zod/v4/core'
import type { KubeObject } from '../kube-object.ts'
import { valueAt } from '../object-draft.ts'
import { canonicalJson, fnv1a64 } from './stable-hash.ts'
import { storedForm } from './stored-form.ts'

/**
 * The hash of the fields `watch` names (default: all but `status`) as the API server keeps them
 * at the version whose schema is `schema`: pruned, defaulted, without nulls and emptied objects
 * (`storedForm`), so that only an edit changes it, not what the API server does to an answer.
 */
export function fingerprint(
  object: KubeObject,
  watch: readonly string[] | undefined,
  schema: $ZodType | undefined
): string {
  const { apiVersion: _apiVersion, kind: _kind, metadata: _metadata, ...fields } = object
  const form = storedForm(fields, schema)
  if (watch === undefined) {
    const { status: _status, ...watched } = form as Record<string, unknown>
    return fnv1a64(canonicalJson(watched))
  }
  return fnv1a64(canonicalJson(watch.map((path) => [path, valueAt(form, path)])))
}

/** The hash as stash entries written before `fingerprint` had its stored form: still honoured. */
export function writtenBefore(object: KubeObject, watch: readonly string[] | undefined): string {
  if (watch === undefined) {
    const {
      apiVersion: _apiVersion,
      kind: _kind,
      metadata: _metadata,
      status: _status,
      ...fields
    } = object
    return fnv1a64(canonicalJson(fields))
  }
  return fnv1a64(canonicalJson(watch.map((path) => [path, valueAt(object, path)])))
}
