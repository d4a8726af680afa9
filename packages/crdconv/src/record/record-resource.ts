// One CRD's objects read from a cluster at every served version, cleaned of what the server owns
// and of secrets, and written into a corpus folder at once.
import {
  objectPages,
  objectsAt,
  requireCustomResourceDefinition,
  type ClusterClient,
  type ObjectFilter,
} from '../cluster-client/index.ts'
import type { CliIo } from '../command-io/index.ts'
import { corpusWriter } from '../corpus/index.ts'
import { recordProgress } from './record-progress.ts'
import { withoutServerFields } from './recorded-object.ts'
import { redactObject } from './redaction.ts'
import type { SameShape } from './same-shape.ts'

export interface RecordOptions extends ObjectFilter {
  /** The corpus folder written to. */
  readonly corpus: string
  /** At most this many objects at each version. */
  readonly limit: number
  readonly pageSize: number
  /** `--redact` paths: fields replaced wherever they hold a value. */
  readonly redact: readonly string[]
  readonly replace: SameShape
  readonly io: CliIo
  readonly tty: boolean
}

/** What one CRD's recording wrote. */
export interface RecordSummary {
  readonly crd: string
  /** Objects written at each served version, in the CRD's order. */
  readonly versions: readonly { readonly version: string; readonly objects: number }[]
  /** Values replaced by ones of the same shape (secrets and `--redact` fields). */
  readonly replaced: number
  /** The files written, relative to the corpus folder. */
  readonly files: readonly string[]
}

/**
 * Reads the objects of the CRD `crdName` at each version it serves (the API server converts
 * them through the webhook), page by page, up to `limit` at each; strips what the server owns,
 * replaces secrets, and writes each object to `<corpus>/<crd>/<namespace>/<name>.<version>.yaml`.
 * Nothing reaches the corpus unless every version was read: a `ClusterError` (unreachable,
 * RBAC, a conversion the webhook failed) leaves it as it was.
 *
 * @example
 * ```ts
 * const summary = await recordResource(client, 'crontabs.example.com', {
 *   corpus: 'corpus', limit: 200, pageSize: 200, redact: [], replace: sameShape(), io, tty: false,
 * })
 * ```
 */
export async function recordResource(
  client: ClusterClient,
  crdName: string,
  options: RecordOptions
): Promise<RecordSummary> {
  const crd = await requireCustomResourceDefinition(client, crdName)
  const served = crd.spec.versions.filter((version) => version.served).map(({ name }) => name)
  const namespaced = crd.spec.scope === 'Namespaced'
  const filter: ObjectFilter = {
    ...(options.namespace === undefined || !namespaced ? {} : { namespace: options.namespace }),
    ...(options.labelSelector === undefined ? {} : { labelSelector: options.labelSelector }),
  }
  const never = kubeconfigSecrets(client)
  const writer = corpusWriter(options.corpus)
  const progress = recordProgress(options.io, crdName, options.tty)
  const versions: { version: string; objects: number }[] = []
  const files: string[] = []
  let replaced = 0
  try {
    for (const version of served) {
      let read = 0
      const pageSize = Math.min(options.pageSize, options.limit)
      for await (const page of objectPages(client, objectsAt(crd, version), pageSize, filter)) {
        for (const object of page.items.slice(0, options.limit - read)) {
          const redacted = redactObject(
            withoutServerFields(object),
            { paths: options.redact, never },
            options.replace
          )
          replaced += redacted.replaced
          const metadata = redacted.object['metadata'] as { name?: string; namespace?: string }
          files.push(
            writer.add(
              {
                crd: crdName,
                ...(metadata.namespace === undefined ? {} : { namespace: metadata.namespace }),
                name: metadata.name ?? '',
                version,
              },
              redacted.object
            )
          )
          read++
        }
        const total = page.remaining === undefined ? undefined : read + page.remaining
        progress.update({
          version,
          read,
          ...(total === undefined ? {} : { total: Math.min(total, options.limit) }),
        })
        if (read >= options.limit) break
      }
      progress.versionDone({ version, read })
      versions.push({ version, objects: read })
    }
    writer.commit()
  } catch (error) {
    writer.discard()
    throw error
  } finally {
    progress.stop()
  }
  return { crd: crdName, versions, replaced, files }
}

/** The kubeconfig's own credentials for this context: texts a recording never writes. */
function kubeconfigSecrets(client: ClusterClient): string[] {
  const user = client.kubeConfig.getCurrentUser()
  return [user?.token, user?.password].filter(
    (text): text is string => typeof text === 'string' && text !== ''
  )
}
