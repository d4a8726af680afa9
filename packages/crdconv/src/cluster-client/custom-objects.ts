import type { KubeObject } from '@crdconv/webhook/scheme'
import { explainClusterError } from './cluster-error.ts'
import type { ClusterClient } from './connect-to-cluster.ts'

/** Which objects: a kind of a group at one version, as in the URL path. */
export interface ObjectsAt {
  readonly group: string
  readonly version: string
  readonly plural: string
  readonly namespaced: boolean
}

/** One page of a list: its objects, the continue token, and the server's estimate of the rest. */
export interface ObjectPage {
  readonly items: KubeObject[]
  readonly remaining?: number
}

interface ListAnswer {
  items?: KubeObject[]
  metadata?: { continue?: string; remainingItemCount?: number }
}

/** Which objects of the kind a list returns: one namespace's, those a label selector selects. */
export interface ObjectFilter {
  /** Only this namespace's objects (a namespaced kind); default every namespace. */
  readonly namespace?: string
  /** A label selector, as kubectl's `--selector` (`app=web,tier!=db`). */
  readonly labelSelector?: string
}

/**
 * Every object of the kind in all namespaces (or those `filter` keeps), one page at a time
 * (`limit`/`continue`), so no more than one page is ever held in memory.
 */
export async function* objectPages(
  client: ClusterClient,
  at: ObjectsAt,
  pageSize: number,
  filter: ObjectFilter = {}
): AsyncGenerator<ObjectPage> {
  let token: string | undefined
  do {
    let answer: ListAnswer
    const request = {
      group: at.group,
      version: at.version,
      plural: at.plural,
      limit: pageSize,
      ...(filter.labelSelector === undefined ? {} : { labelSelector: filter.labelSelector }),
      ...(token === undefined ? {} : { _continue: token }),
    }
    try {
      answer = (
        filter.namespace === undefined
          ? await client.objects.listClusterCustomObject(request)
          : await client.objects.listNamespacedCustomObject({
              ...request,
              namespace: filter.namespace,
            })
      ) as ListAnswer
    } catch (error) {
      throw explainClusterError(error, { verb: 'list', resource: resourceName(at) }, client)
    }
    token = answer.metadata?.continue || undefined
    const remaining = answer.metadata?.remainingItemCount
    yield { items: answer.items ?? [], ...(remaining === undefined ? {} : { remaining }) }
  } while (token !== undefined)
}

/** `plural.group`, the resource name RBAC and kubectl use. */
export function resourceName(at: Pick<ObjectsAt, 'plural' | 'group'>): string {
  return `${at.plural}.${at.group}`
}

function place(object: KubeObject): { name: string; namespace?: string } {
  const metadata = object.metadata as { name?: string; namespace?: string } | undefined
  return {
    name: metadata?.name ?? '',
    ...(metadata?.namespace === undefined ? {} : { namespace: metadata.namespace }),
  }
}

/** Reads one object again (after a conflict); throws the client's error as is. */
export async function readObject(
  client: ClusterClient,
  at: ObjectsAt,
  where: { name: string; namespace?: string }
): Promise<KubeObject> {
  const path = { group: at.group, version: at.version, plural: at.plural, name: where.name }
  return (
    at.namespaced
      ? await client.objects.getNamespacedCustomObject({
          ...path,
          namespace: where.namespace ?? '',
        })
      : await client.objects.getClusterCustomObject(path)
  ) as KubeObject
}

/** Writes `object` back as it is; its `metadata.resourceVersion` guards the write. */
export async function replaceObject(
  client: ClusterClient,
  at: ObjectsAt,
  object: KubeObject
): Promise<void> {
  const where = place(object)
  const path = { group: at.group, version: at.version, plural: at.plural, name: where.name }
  if (at.namespaced) {
    await client.objects.replaceNamespacedCustomObject({
      ...path,
      namespace: where.namespace ?? '',
      body: object,
    })
  } else {
    await client.objects.replaceClusterCustomObject({ ...path, body: object })
  }
}

/** A server-side dry-run create: the API server admits and converts `object`, stores nothing. */
export async function dryRunCreate(
  client: ClusterClient,
  at: ObjectsAt,
  object: KubeObject
): Promise<KubeObject> {
  const path = { group: at.group, version: at.version, plural: at.plural, dryRun: 'All' }
  return (
    at.namespaced
      ? await client.objects.createNamespacedCustomObject({
          ...path,
          namespace: place(object).namespace ?? 'default',
          body: object,
        })
      : await client.objects.createClusterCustomObject({ ...path, body: object })
  ) as KubeObject
}

/**
 * The verbs of `wanted` that RBAC does not allow the current user (SelfSubjectAccessReview),
 * each as `verb resource`.
 */
export async function forbiddenVerbs(
  client: ClusterClient,
  wanted: readonly { verb: string; group: string; resource: string; subresource?: string }[]
): Promise<string[]> {
  const forbidden: string[] = []
  for (const attributes of wanted) {
    let allowed: boolean
    try {
      const review = await client.authorization.createSelfSubjectAccessReview({
        body: {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectAccessReview',
          spec: { resourceAttributes: { ...attributes } },
        },
      })
      allowed = review.status?.allowed === true
    } catch (error) {
      throw explainClusterError(
        error,
        { verb: 'create', resource: 'selfsubjectaccessreviews.authorization.k8s.io' },
        client
      )
    }
    if (!allowed) {
      const subresource = attributes.subresource === undefined ? '' : `/${attributes.subresource}`
      const group = attributes.group === '' ? '' : `.${attributes.group}`
      forbidden.push(`${attributes.verb} ${attributes.resource}${group}${subresource}`)
    }
  }
  return forbidden
}

/** How many objects of the kind there are, read page by page; throws the client's error as is. */
export async function countObjects(
  client: ClusterClient,
  at: ObjectsAt,
  pageSize: number
): Promise<number> {
  let count = 0
  for await (const page of objectPages(client, at, pageSize)) count += page.items.length
  return count
}
