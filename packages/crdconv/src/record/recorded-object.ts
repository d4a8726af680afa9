// An object as the API server returned it, without what the server owns.
import { isPlainObject, type KubeObject } from '@crdconv/webhook/scheme'

/** The metadata a recorded object keeps: the user's, never the server's. */
const KEPT_METADATA = ['name', 'namespace', 'labels', 'annotations', 'finalizers'] as const

/** kubectl's copy of the whole object as last applied: a second copy, secrets and all. */
export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration'

/**
 * `object` with only the user's metadata (name, namespace, labels, annotations, finalizers):
 * `managedFields`, `resourceVersion`, `uid`, `generation`, timestamps, `selfLink` and
 * `ownerReferences` (uids of other objects) are the server's; kubectl's last-applied copy goes too.
 *
 * @example
 * withoutServerFields({ apiVersion: 'example.com/v1', kind: 'CronTab', metadata: { name: 'a', uid: '…', resourceVersion: '7' } })
 * // { apiVersion: 'example.com/v1', kind: 'CronTab', metadata: { name: 'a' } }
 */
export function withoutServerFields(object: KubeObject): Record<string, unknown> {
  const metadata = isPlainObject(object.metadata) ? object.metadata : {}
  const kept: Record<string, unknown> = {}
  for (const field of KEPT_METADATA) {
    const value = metadata[field]
    if (value === undefined) continue
    if (field === 'annotations' && isPlainObject(value)) {
      const { [LAST_APPLIED]: _copy, ...annotations } = value
      if (Object.keys(annotations).length > 0) kept[field] = annotations
    } else kept[field] = value
  }
  return { ...object, metadata: kept }
}
