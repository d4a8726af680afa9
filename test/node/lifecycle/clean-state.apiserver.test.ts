// `crdconv migrate --clean`, the step after retire, on a real API server: once the CRD stores and
// serves v1 alone, crdconv's stash and the scheme's declared state annotation leave every stored
// object in one guarded write each, and nothing else changes; it refuses while another version is
// stored or served, or while an object's stash still holds fields of the served version.
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  applyCustomResourceDefinition,
  readCustomResourceDefinition,
  setStoredVersions,
  type ClusterClient,
} from '../../../packages/crdconv/src/cluster-client/index.ts'
import { connectToCluster } from '../../../packages/crdconv/src/cluster-client/connect-to-cluster.ts'
import { buildResourceCrds } from '../../../packages/crdconv/src/crd/index.ts'
import {
  cleanStoredObjects,
  retiredCrds,
  type ManagedFieldsEntry,
} from '../../../packages/crdconv/src/lifecycle/index.ts'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import type { KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { crdconv } from '../cli/run-cli.ts'
import { fixture } from './server-side-cluster.ts'
import {
  CLEAN_GROUP,
  cleanPipeAt,
  TEKTON_RESOURCES,
  type PipeStage,
} from './fixtures/clean-pipe-stages.ts'

const CRD_NAME = `pipes.${CLEAN_GROUP}`
const STASH = `${CLEAN_GROUP}/conversion-stash`
const OWNER = 'example.com/owner'
const STATE = [STASH, TEKTON_RESOURCES]

const stash = (version: string) =>
  JSON.stringify({ [version]: { fields: { 'spec.resources': { inputs: ['src'] } }, hash: 'h' } })

/** What each Pipe carries when created: `a` both state annotations, `b` the stash, `c` none. */
const PIPES: Record<string, Record<string, string>> = {
  a: { [STASH]: stash('v1beta1'), [TEKTON_RESOURCES]: '{"inputs":["src"]}', [OWNER]: 'team-a' },
  b: { [STASH]: stash('v1beta1') },
  c: { [OWNER]: 'team-c' },
}

interface Stored {
  readonly metadata: {
    readonly name: string
    readonly resourceVersion: string
    readonly labels?: Record<string, string>
    readonly annotations?: Record<string, string>
    readonly managedFields?: readonly ManagedFieldsEntry[]
  }
  readonly spec?: unknown
}

describeWithApiServer('crdconv migrate --clean', (release) => {
  let server: TestApiServer
  let client: ClusterClient

  const install = async (stage: PipeStage) => {
    const resource = cleanPipeAt(stage)
    const { crds } =
      stage === 'removed'
        ? retiredCrds([resource])
        : buildResourceCrds([resource], { url: 'https://clean.invalid/convert' })
    const applied = await applyCustomResourceDefinition(client, crds[0] as never)
    expect(applied.outcome).not.toBe('refused')
    await until(async () => {
      const crd = await readCustomResourceDefinition(client, CRD_NAME)
      return crd?.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')
    })
    // the current release answers 429 (storage is re-initializing) for a moment after a CRD change
    await until(() =>
      listPipes().then(
        () => true,
        () => false
      )
    )
  }

  const listPipes = async (): Promise<Record<string, Stored>> => {
    const list = (await client.objects.listNamespacedCustomObject({
      group: CLEAN_GROUP,
      version: 'v1',
      namespace: 'default',
      plural: 'pipes',
    })) as { items: Stored[] }
    return Object.fromEntries(list.items.map((item) => [item.metadata.name, item]))
  }

  const createPipes = async (pipes: Record<string, Record<string, string>>) => {
    for (const stored of Object.values(await listPipes())) {
      await client.objects.deleteNamespacedCustomObject({
        ...path(),
        name: stored.metadata.name,
      })
    }
    for (const [name, annotations] of Object.entries(pipes)) {
      await client.objects.createNamespacedCustomObject({
        ...path(),
        fieldManager: 'pipe-author',
        body: {
          apiVersion: `${CLEAN_GROUP}/v1`,
          kind: 'Pipe',
          metadata: { name, namespace: 'default', labels: { team: name }, annotations },
          spec: { steps: [{ name: 'build', image: 'golang:1.26' }] },
        },
      })
    }
  }
  const path = () => ({ group: CLEAN_GROUP, version: 'v1', namespace: 'default', plural: 'pipes' })
  const cli = (scheme: string, more: readonly string[] = []) =>
    crdconv([
      'migrate',
      '--clean',
      '--scheme',
      fixture(scheme),
      '--kubeconfig',
      server.kubeconfigPath,
      ...more,
    ])

  beforeAll(async () => {
    server = await sharedTestApiServer({ assets: release.assets })
    client = connectToCluster({ kubeconfig: server.kubeconfigPath })
  }, API_SERVER_START_MS)
  afterAll(() => server?.stop())

  describe('once v1beta1 is no longer served', () => {
    beforeAll(() => install('unserved'), API_SERVER_START_MS)
    beforeEach(() => createPipes(PIPES))

    it('removes the stash and the declared annotation in one write per object; labels, the owner annotation, the spec and managedFields stay', async () => {
      const before = await listPipes()
      const writes = await watchWrites(client, before)
      const run = await cli('clean-pipe-unserved')
      expect(run.code).toBe(0)
      // progress as migrate shows it, off a terminal: a line at the end
      expect(run.stderr).toMatch(
        /^crdconv: pipes\.clean\.example\.com 3\/3 objects, \d+\/s, 0 conflicts, 0 errors\n$/
      )
      expect(run.stdout).toContain(
        `${CRD_NAME}: cleaned 2 of 3 objects at v1, one write each (0 conflicts re-read, 0 deleted meanwhile, 0 retries, 0 failed)`
      )
      expect(run.stdout).toContain(
        `removed: ${STASH} from 2 objects, ${TEKTON_RESOURCES} from 1 object`
      )
      const after = await listPipes()
      for (const name of ['a', 'b', 'c']) {
        const [was, is] = [before[name]!, after[name]!]
        expect(is.metadata.annotations ?? {}).toEqual(without(was.metadata.annotations, STATE))
        expect(is.metadata.labels).toEqual(was.metadata.labels)
        expect(is.spec).toEqual(was.spec)
        expect(ownership(is)).toEqual(ownership(was, STATE))
      }
      expect(after['c']!.metadata.resourceVersion).toBe(before['c']!.metadata.resourceVersion)
      expect(await writes.until(after)).toEqual({ a: 1, b: 1 })
    })

    it('says so and writes nothing when run again: no object carries conversion state', async () => {
      expect((await cli('clean-pipe-unserved')).code).toBe(0)
      const before = await listPipes()
      const run = await cli('clean-pipe-unserved')
      expect(run.code).toBe(0)
      expect(run.stdout).toBe(
        `${CRD_NAME}: nothing to clean: none of 3 objects at v1 carries ${STASH}, ${TEKTON_RESOURCES}\n`
      )
      expect(versionsOf(await listPipes())).toEqual(versionsOf(before))
    })

    it('counts what it would remove with --dry-run, and writes nothing', async () => {
      const before = await listPipes()
      const run = await cli('clean-pipe-unserved', ['--dry-run'])
      expect(run.code).toBe(0)
      expect(run.stdout).toBe(
        `${CRD_NAME}: would clean 2 of 3 objects at v1: ${STASH} from 2 objects, ${TEKTON_RESOURCES} from 1 object (dry run: nothing written)\n`
      )
      expect(versionsOf(await listPipes())).toEqual(versionsOf(before))
    })

    it('keeps an edit made between its read and its write: the 409 re-reads, and the newer object is cleaned', async () => {
      let edited = false
      const summary = await cleanStoredObjects(client, cleanPipeAt('unserved'), {
        named: [],
        dryRun: false,
        concurrency: 1,
        pageSize: 2,
        // after `a` is written, `b` (listed on the same page) is edited by another client
        onProgress: (counts) => {
          if (counts.seen !== 1 || edited) return
          edited = true
          execFileSync('kubectl', [
            '--kubeconfig',
            server.kubeconfigPath,
            'label',
            '--namespace',
            'default',
            `pipes.${CLEAN_GROUP}`,
            'b',
            'edited-meanwhile=yes',
          ])
        },
      })
      expect(edited).toBe(true)
      expect(summary.counts).toMatchObject({ rewritten: 2, conflicts: 1, failures: [] })
      const b = (await listPipes())['b']!
      expect(b.metadata.labels).toEqual({ team: 'b', 'edited-meanwhile': 'yes' })
      expect(b.metadata.annotations ?? {}).toEqual({})
    })

    it('refuses while a stash holds fields for v1, the version served, naming the object; nothing written', async () => {
      await createPipes({ ...PIPES, d: { [STASH]: stash('v1') } })
      const before = await listPipes()
      const run = await cli('clean-pipe-unserved')
      expect(run.code).toBe(1)
      expect(run.stdout).toContain(
        `${CRD_NAME}: one object holds state for v1, the version served, that no conversion will restore now:`
      )
      expect(run.stdout).toContain(
        `default/d: ${STASH} holds spec.resources for v1, which the object lacks`
      )
      expect(versionsOf(await listPipes())).toEqual(versionsOf(before))
    })

    it('refuses while status.storedVersions still lists v1beta1, naming both versions; nothing written (exit 2)', async () => {
      await setStoredVersions(client, CRD_NAME, ['v1beta1', 'v1'])
      try {
        const before = await listPipes()
        const run = await cli('clean-pipe-unserved')
        expect(run.code).toBe(2)
        expect(run.stdout).toBe('')
        expect(run.stderr).toContain(
          `${CRD_NAME}: status.storedVersions is [v1beta1, v1]: objects may still be stored at v1beta1`
        )
        expect(run.stderr).toContain('run crdconv migrate first')
        expect(versionsOf(await listPipes())).toEqual(versionsOf(before))
      } finally {
        await setStoredVersions(client, CRD_NAME, ['v1'])
      }
    })
  })

  describe('while v1beta1 is still served', () => {
    beforeAll(() => install('served'), API_SERVER_START_MS)
    beforeEach(() => createPipes(PIPES))

    it('refuses, naming the versions served; nothing written (exit 2)', async () => {
      const before = await listPipes()
      const run = await cli('clean-pipe-served')
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/the CRD still serves (v1, v1beta1|v1beta1, v1): /)
      expect(run.stderr).toContain('stop serving all but v1')
      expect(versionsOf(await listPipes())).toEqual(versionsOf(before))
    })
  })

  describe('after retire: the scheme has v1 alone and declares no place', () => {
    beforeAll(() => install('removed'), API_SERVER_START_MS)
    beforeEach(() => createPipes(PIPES))

    it('removes the stash and each --state-annotation, the earlier webhook’s annotation named by hand', async () => {
      const run = await cli('clean-pipe-removed', ['--state-annotation', TEKTON_RESOURCES])
      expect(run.code).toBe(0)
      const after = await listPipes()
      expect(after['a']!.metadata.annotations).toEqual({ [OWNER]: 'team-a' })
      expect(after['b']!.metadata.annotations ?? {}).toEqual({})
    })

    it('is the next step crdconv status names while an object carries the stash, and then nothing is', async () => {
      const status = () =>
        crdconv([
          'status',
          '--scheme',
          fixture('clean-pipe-removed'),
          '--kubeconfig',
          server.kubeconfigPath,
        ])
      const before = await status()
      expect(before.stdout).toMatch(
        /^next: take the conversion state off the 2 objects that carry it: crdconv migrate .*--clean$/m
      )
      expect((await cli('clean-pipe-removed')).code).toBe(0)
      expect((await status()).stdout).toMatch(/^next: nothing: one version, no webhook$/m)
    })
  })
})

function without(
  annotations: Record<string, string> | undefined,
  names: readonly string[]
): Record<string, string> {
  const kept = { ...annotations }
  for (const name of names) delete kept[name]
  return kept
}

const versionsOf = (pipes: Record<string, Stored>) =>
  Object.fromEntries(Object.entries(pipes).map(([name, p]) => [name, p.metadata.resourceVersion]))

/**
 * Each managedFields entry but its time, the annotations `removed` taken out of its field set: what
 * the API server does to every manager's set when a write removes fields, and all it may do here.
 */
function ownership(stored: Stored, removed: readonly string[] = []) {
  return (stored.metadata.managedFields ?? []).map(({ time: _time, ...entry }) => {
    const fields = structuredClone(entry.fieldsV1) as
      { 'f:metadata'?: { 'f:annotations'?: Record<string, unknown> } } | undefined
    const annotations = fields?.['f:metadata']?.['f:annotations']
    for (const name of removed) delete annotations?.[`f:${name}`]
    // an annotations map left empty leaves the object, and its own entry (`.`) with it
    if (annotations !== undefined && Object.keys(annotations).join() === '.') {
      delete fields?.['f:metadata']?.['f:annotations']
    }
    return { ...entry, fieldsV1: fields }
  })
}

/** Polls `condition` every 100 ms for up to 60 s. */
async function until(condition: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Watches the Pipes from the resourceVersion of `from` on, counting the MODIFIED events per name;
 * `until(after)` waits for the event of each object's resourceVersion in `after`, then stops.
 */
async function watchWrites(client: ClusterClient, from: Record<string, Stored>) {
  const writes: Record<string, number> = {}
  const seen = new Set<string>()
  const start = Math.max(...Object.values(from).map((p) => Number(p.metadata.resourceVersion)))
  const controller = await client.watch.watch(
    `/apis/${CLEAN_GROUP}/v1/namespaces/default/pipes`,
    { resourceVersion: String(start) },
    (type: string, object: KubeObject) => {
      const { name, resourceVersion } = object.metadata as Stored['metadata']
      seen.add(resourceVersion)
      if (type === 'MODIFIED') writes[name] = (writes[name] ?? 0) + 1
    },
    () => {}
  )
  return {
    until: async (after: Record<string, Stored>) => {
      const changed = Object.values(after).filter(
        (p) => from[p.metadata.name]?.metadata.resourceVersion !== p.metadata.resourceVersion
      )
      try {
        await until(async () => changed.every((p) => seen.has(p.metadata.resourceVersion)))
      } finally {
        controller.abort()
      }
      return writes
    },
  }
}
