// The CRDs in ../shared/crds (or $CRD_CORPUS), read where they are: each one and the CRD crdconv
// regenerates from its import, created on a real API server with a server-side dry run, come
// back as the same CRD. import-corpus.test.ts shows that the written module gives the very CRD
// regenerateCrd builds here in memory.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  connectToCluster,
  type ClusterClient,
} from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import {
  dryRunCreateCrd,
  type CrdManifest,
} from '../../../packages/crdconv/src/cluster-client/crd-dry-run.ts'
import {
  ANNOTATIONS_LEFT_OUT,
  readCrdDocuments,
} from '../../../packages/crdconv/src/import/index.ts'
import { sortByVersionPriority } from '../../../packages/crdconv/src/crd/index.ts'
import { regenerateCrd } from '../../../packages/crdconv/src/import/regenerate-crd.ts'
import { planResource } from '../../../packages/crdconv/src/import/resource-plan.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { kubectlOk } from '../../support/kubectl.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const corpus = resolve(
  process.env['CRD_CORPUS'] ?? join(import.meta.dirname, '../../../../shared/crds')
)
const files = existsSync(corpus)
  ? readdirSync(corpus, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ya?ml$/.test(file))
      .sort()
  : []

type Json = Record<string, unknown>

/**
 * The spec as the API server stored it, for comparing: without `conversion` (crdconv writes its
 * own webhook stanza, by design), and the versions by name (crdconv writes them in priority
 * order; the last test shows the API server serves them the same whatever their order).
 */
function comparableSpec(stored: Json): Json {
  const { conversion: _conversion, versions, ...spec } = stored['spec'] as Json
  const byName = Object.fromEntries(
    (versions as Json[]).map((version) => [version['name'], version])
  )
  return { ...spec, versions: byName }
}

/** The stored CRD's labels and annotations, but those an import leaves out on purpose. */
function authorMetadata(stored: Json): Json {
  const { labels = {}, annotations = {} } = stored['metadata'] as Json
  const kept = Object.entries(annotations as Json).filter(([key]) => !(key in ANNOTATIONS_LEFT_OUT))
  return { labels, annotations: Object.fromEntries(kept) }
}

async function stored(client: ClusterClient, crd: CrdManifest): Promise<Json> {
  const outcome = await dryRunCreateCrd(client, crd)
  if (!outcome.accepted) throw new Error(JSON.stringify(outcome.refusals, null, 2))
  return outcome.stored
}

describeWithApiServer('the imported CRD corpus as the API server stores it', (release) => {
  let server: TestApiServer
  let client: ClusterClient

  beforeAll(async () => {
    server = await sharedTestApiServer({ assets: release.assets })
    client = connectToCluster({ kubeconfig: server.kubeconfigPath })
  }, API_SERVER_START_MS)
  afterAll(() => server?.stop())

  it.each(files)(
    'gives %s back: the original and the regenerated CRD are stored alike, labels and annotations too',
    async (file) => {
      const [input] = readCrdDocuments(readFileSync(join(corpus, file), 'utf8')).crds
      const original = input!.crd as unknown as CrdManifest & { metadata: Json }
      const { crd, problems } = regenerateCrd(planResource(input!.crd))
      expect(problems).toEqual([])
      // as regenerated: a group under k8s.io is refused without its approval annotation
      const regenerated = crd as unknown as CrdManifest
      const [expected, actual] = [await stored(client, original), await stored(client, regenerated)]
      expect(comparableSpec(actual)).toEqual(comparableSpec(expected))
      expect(authorMetadata(actual)).toEqual(authorMetadata(expected))
    },
    60_000
  )

  it('serves a CRD’s versions alike whatever their order in spec.versions', async () => {
    const versions = ['v1alpha1', 'v1beta1', 'v2', 'v1']
    const discovery: Json[] = []
    for (const [group, order] of [
      ['declared.example.com', versions],
      ['priority.example.com', sortByVersionPriority(versions)],
    ] as const) {
      await kubectlOk(
        server.kubeconfigPath,
        ['create', '-f', '-'],
        JSON.stringify(thingCrd(group, order))
      )
      await kubectlOk(server.kubeconfigPath, [
        'wait',
        '--for',
        'condition=established',
        `crd/things.${group}`,
      ])
      const raw = await kubectlOk(server.kubeconfigPath, ['get', '--raw', `/apis/${group}`])
      discovery.push(JSON.parse(raw.replaceAll(group, 'GROUP')) as Json)
    }
    expect(discovery[1]).toEqual(discovery[0])
    expect(discovery[0]).toMatchObject({ preferredVersion: { version: 'v2' } })
  })
})

function thingCrd(group: string, versions: readonly string[]): Json {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `things.${group}` },
    spec: {
      group,
      names: { kind: 'Thing', plural: 'things' },
      scope: 'Namespaced',
      versions: versions.map((name) => ({
        name,
        served: true,
        storage: name === 'v1beta1',
        schema: {
          openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        },
      })),
    },
  }
}

if (files.length === 0) {
  describe('the CRD corpus', () => {
    it.skip(`is absent at ${corpus}: set CRD_CORPUS to a folder of CRDs to run these tests`, () => {})
  })
}
