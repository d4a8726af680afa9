import { randomBytes } from 'node:crypto'
import * as fc from 'fast-check'
import { exampleObjects } from '../crd/index.ts'
import { arbitraryObjectAt } from '../testing/index.ts'
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

/** Objects generated for a version without examples, tried in turn until one is valid. */
const GENERATED_CANDIDATES = 4

async function checkOneVersion(
  client: ClusterClient,
  resource: Resource,
  crd: LiveCustomResourceDefinition,
  version: string
): Promise<WebhookCheck> {
  const at = objectsAt(crd, version)
  let rejected: WebhookCheck | undefined
  for (const candidate of checkObjects(resource, version)) {
    try {
      await dryRunCreate(client, at, candidate)
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
      if (failure.code >= 500) return { version, outcome: 'failed', message: failure.message }
      rejected ??= { version, outcome: 'rejected', message: failure.message }
    }
  }
  const hint = hasExamples(resource, version)
    ? ''
    : ` (no example at ${version}, and no generated object was valid: add one under versions.${version}.examples)`
  return { ...rejected!, message: `${rejected!.message ?? ''}${hint}` }
}

/** The fullest example object of `version` under a fresh name, without server-set metadata. */
export function checkObject(resource: Resource, version: string): KubeObject {
  return checkObjects(resource, version)[0] as KubeObject
}

/**
 * What a dry-run create at `version` tries, in turn: its examples, fullest first; for a version
 * without examples, objects generated from its schema (a required `spec` makes `{}` invalid).
 */
export function checkObjects(resource: Resource, version: string): KubeObject[] {
  const examples = exampleObjects(resource, version)
  if (hasExamples(resource, version)) return examples.slice(1).reverse().map(freshlyNamed)
  const generated = fc.sample(arbitraryObjectAt(resource, version), {
    seed: 1,
    numRuns: GENERATED_CANDIDATES,
  })
  // the made-up names, labels and annotations every example gets, not the generated metadata
  const { metadata = {} } = examples[0] as KubeObject
  const objects = generated.map((object): KubeObject => ({ ...object, metadata }))
  return [...objects, examples[0] as KubeObject].map(freshlyNamed)
}

function hasExamples(resource: Resource, version: string): boolean {
  return (resource.versions[version]?.examples ?? []).length > 0
}

function freshlyNamed(example: KubeObject): KubeObject {
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
