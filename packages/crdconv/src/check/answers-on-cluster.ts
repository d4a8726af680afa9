// `crdconv check` against an API server: converted objects sent as server-side dry-run creates at
// their version, so the API server itself judges what a client writing them back would meet
// (CEL rules above all, which nothing offline evaluates).
import { buildCustomResourceDefinition, type CheckItem } from '../crd/index.ts'
import type { KubeObject, Resource } from '@crdconv/webhook/scheme'
import type { ConvertedAnswer } from '../testing/index.ts'
import type { ClusterClient, ObjectsAt } from '../cluster-client/index.ts'
import type { CheckCluster } from './check-on-cluster.ts'

// the scratch CRD calls no webhook: the URL only has to be one the API server accepts
const PLACEHOLDER_URL = 'https://crdconv-check.invalid/convert'
const MAX_PROBLEMS = 5
// a group just established may not be served for a moment: its dry runs answer 404
const NOT_SERVED_RETRIES = 40
const RETRY_MS = 250

/**
 * The report item of `answers` on the API server: each answer whose object the API server
 * accepts at its own version is sent as a server-side dry-run create at the answer's version, to
 * a scratch copy of the resource's CRD (`withScratchCrd`); each it refuses fails the item with the
 * two versions, the object's source and the API server's reason. Nothing is stored.
 */
export async function answersOnApiServerItem(
  { client, version }: CheckCluster,
  resource: Resource,
  answers: readonly ConvertedAnswer[]
): Promise<CheckItem> {
  const code = 'answers-accepted'
  const title =
    'the API server accepts converted objects written back, CEL rules included (server-side dry run)'
  const { crd, problems } = buildCustomResourceDefinition(resource, { url: PLACEHOLDER_URL })
  if (problems.length > 0 || answers.length === 0) {
    const why = answers.length === 0 ? 'no conversion to send' : 'the CRD cannot be generated'
    return { code, title, problems: [], notes: [`not sent: ${why}`] }
  }
  const { withScratchCrd } = await import('../cluster-client/index.ts')
  const refused: string[] = []
  let sent = 0
  let skipped = 0
  await withScratchCrd(client, crd, async (scratch) => {
    const accepted = new Map<KubeObject, string | undefined>()
    for (const [index, answer] of answers.entries()) {
      let source = accepted.get(answer.object)
      if (!accepted.has(answer.object)) {
        source = await refusal(client, scratch.at(answer.from), answer.object, index)
        accepted.set(answer.object, source)
      }
      // refused at its own version: what the answer meets is not the converters' doing
      if (source !== undefined) {
        skipped++
        continue
      }
      sent++
      const why = await refusal(client, scratch.at(answer.to), answer.answer, index)
      if (why !== undefined) {
        refused.push(
          `${answer.from} → ${answer.to} (${answer.source}): the API server refuses the answer at ${answer.to}: ${why}`
        )
      }
    }
  })
  const server = `${version ?? 'the API server'} at ${client.server}`
  return {
    code,
    title,
    problems: [
      ...refused.slice(0, MAX_PROBLEMS),
      ...(refused.length > MAX_PROBLEMS ? [`and ${refused.length - MAX_PROBLEMS} more`] : []),
    ],
    notes: [
      `${sent} answers sent to ${server}, each to a scratch copy of the CRD that was deleted after`,
      ...(skipped === 0
        ? []
        : [
            `${skipped} left out: the API server refuses the object they came from at its own version`,
          ]),
    ],
  }
}

/** Why the API server refuses `object` as a dry-run create at `at`, or `undefined` when it accepts it. */
async function refusal(
  client: ClusterClient,
  at: ObjectsAt,
  object: KubeObject,
  index: number
): Promise<string | undefined> {
  const { apiFailure, dryRunCreate, explainClusterError } =
    await import('../cluster-client/index.ts')
  const body = asNewObject(object, at, index)
  for (let attempt = 0; ; attempt++) {
    try {
      await dryRunCreate(client, at, body)
      return undefined
    } catch (error) {
      const failure = apiFailure(error)
      if (failure?.code === 404 && attempt < NOT_SERVED_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
        continue
      }
      if (failure?.code === 422 || failure?.code === 400) return failure.message
      throw explainClusterError(
        error,
        { verb: 'create', resource: `${at.plural}.${at.group}` },
        client
      )
    }
  }
}

/** `object` as a client creates it at `at`: the scratch group, a fresh name, no server-owned metadata. */
function asNewObject(object: KubeObject, at: ObjectsAt, index: number): KubeObject {
  const { metadata, ...fields } = object
  const labels = metadata?.labels
  const annotations = metadata?.annotations
  return {
    ...fields,
    apiVersion: `${at.group}/${at.version}`,
    metadata: {
      name: `crdconv-check-${index}`,
      ...(at.namespaced ? { namespace: 'default' } : {}),
      ...(labels === undefined ? {} : { labels }),
      ...(annotations === undefined ? {} : { annotations }),
    },
  }
}
