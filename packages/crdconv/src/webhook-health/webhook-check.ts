import { randomBytes } from 'node:crypto'
import { exampleObjects } from '../crd/index.ts'
import type { KubeObject, Resource } from '@crdconv/webhook/scheme'
import {
  apiFailure,
  explainClusterError,
  type ClusterClient,
  dryRunCreate,
  resourceName,
  liveStorageVersion,
  objectsAt,
  type LiveCustomResourceDefinition,
} from '../cluster-client/index.ts'

/** How one served version fared in the dry-run create. */
export interface WebhookCheck {
  readonly version: string
  /**
   * `converted`: the API server converted to the storage version and back through the webhook;
   * `failed`: the conversion failed (the webhook is down or answered Failed);
   * `rejected`: the API server refused the example for another reason (validation), no verdict;
   * `storage`: the storage version itself, which needs no conversion;
   * `unknown-version`: served live but not in the scheme, so crdconv has no example for it.
   */
  readonly outcome: 'converted' | 'failed' | 'rejected' | 'storage' | 'unknown-version'
  readonly message?: string
}

/**
 * A check of the deployed webhook through the API server itself: a server-side dry-run create of
 * an example object at each served version that is not the storage version. The API server
 * calls the real webhook (to the storage version and back) and stores nothing.
 *
 * @example
 * ```ts
 * const checks = await checkWebhookThroughApiServer(client, cronTab, crd)
 * checks.filter((check) => check.outcome === 'failed') // what blocks a migration
 * ```
 */
export async function checkWebhookThroughApiServer(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition
): Promise<WebhookCheck[]> {
  const storage = liveStorageVersion(crd)
  const checks: WebhookCheck[] = []
  for (const version of crd.spec.versions.filter((entry) => entry.served)) {
    if (version.name === storage) {
      checks.push({ version: version.name, outcome: 'storage' })
    } else if (resource.versions[version.name] === undefined) {
      checks.push({ version: version.name, outcome: 'unknown-version' })
    } else {
      checks.push(await checkOneVersion(client, resource, crd, version.name))
    }
  }
  return checks
}

async function checkOneVersion(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  version: string
): Promise<WebhookCheck> {
  const at = objectsAt(crd, version)
  try {
    await dryRunCreate(client, at, checkObject(resource, version))
    return { version, outcome: 'converted' }
  } catch (error) {
    const failure = apiFailure(error)
    if (failure === undefined || failure.code === 401 || failure.code === 403) {
      throw explainClusterError(
        error,
        { verb: 'create', resource: resourceName(at), name: '(server-side dry run)' },
        client
      )
    }
    const outcome = failure.code >= 500 ? 'failed' : 'rejected'
    return { version, outcome, message: failure.message }
  }
}

/** The fullest example object of `version` under a fresh name, without server-set metadata. */
export function checkObject(resource: Resource, version: string): KubeObject {
  const examples = exampleObjects(resource, version)
  const example = examples[examples.length - 1] as KubeObject
  const {
    uid: _uid,
    resourceVersion: _rv,
    generation: _g,
    creationTimestamp: _c,
    ...metadata
  } = example.metadata as Record<string, unknown>
  return {
    ...example,
    metadata: { ...metadata, name: `crdconv-webhook-check-${randomBytes(4).toString('hex')}` },
  }
}
