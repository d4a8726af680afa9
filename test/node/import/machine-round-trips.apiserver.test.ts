// cluster-api's Machine (read from ../shared/crds), imported with `crdconv import` into a scratch
// project as a user would, its module completed (fixtures/machine-edits.ts), and served to a real
// API server: a provisioned v1beta2 Machine keeps its status through v1beta1, generated objects of
// both versions come back whole, and the round-trip kit gives the same verdict.
import * as fc from 'fast-check'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importCrds } from '../../../packages/crdconv/src/import/index.ts'
import { stringifyJson } from '../../../packages/webhook/src/json/index.ts'
import {
  createScheme,
  stashAnnotationKey,
  type KubeObject,
  type Resource,
} from '../../../packages/webhook/src/scheme/index.ts'
import {
  arbitraryObjectAt,
  checkLosslessRoundTrips,
  storedByApiServer,
  versionJsonSchema,
} from '../../../packages/crdconv/src/testing/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { loadImportedResource, scratchProject, writeFiles } from '../../support/import-project.ts'
import { objectPath, schemeLabForSuite, type SchemeLab } from '../../support/scheme-lab.ts'
import { editModule, MACHINE_EDITS } from './fixtures/machine-edits.ts'

const MACHINES = join(
  import.meta.dirname,
  '../../../../shared/crds/cluster-api/cluster.x-k8s.io_machines.yaml'
)
// generated objects per direction: each costs about ten requests to a shared 2-core machine
const RUNS = 6

async function importedMachine(): Promise<Resource> {
  const project = scratchProject()
  afterAll(() => project.remove())
  const { files } = await importCrds(readFileSync(MACHINES, 'utf8'))
  writeFiles(
    project.directory,
    // the edits are the module's; its test and its descriptions stay as import wrote them
    files.map((file) =>
      basename(file.path) === 'machine.ts'
        ? { ...file, content: editModule(file.content, MACHINE_EDITS) }
        : file
    )
  )
  return loadImportedResource(join(project.directory, 'machine.ts'))
}

const machine = existsSync(MACHINES) ? await importedMachine() : undefined

/** What a reader sees of an object: all but the metadata the API server keeps for itself and the stash. */
function seen({ metadata, ...fields }: KubeObject): unknown {
  const { labels = {}, annotations = {} } = (metadata ?? {}) as Record<string, unknown>
  const { [stashAnnotationKey('cluster.x-k8s.io')]: _stash, ...others } = annotations as Record<
    string,
    unknown
  >
  return { ...fields, metadata: { labels, annotations: others } }
}

const nameOf = (object: KubeObject) => (object.metadata as { name: string }).name

/** Creates `object` at its version with its status (which a create ignores): what the API server keeps. */
async function createWithStatus(lab: SchemeLab, resource: Resource, object: KubeObject) {
  const version = String(object.apiVersion).split('/').pop() as string
  const created = await lab.api('POST', objectPath(resource, version), object)
  if (created.status !== 201) return created
  if (object.status === undefined) return created
  const { metadata } = created.body as KubeObject
  return lab.api('PUT', `${objectPath(resource, version, nameOf(object))}/status`, {
    ...(created.body as KubeObject),
    status: object.status,
    metadata,
  })
}

/**
 * Reads the object at `version` and writes it back there, spec and status, so that both make the
 * trip through `version` and back to the storage version: the last write's answer.
 */
async function writeBackThrough(lab: SchemeLab, resource: Resource, name: string, version: string) {
  const path = objectPath(resource, version, name)
  const there = await lab.read({ ...probe(resource, version), metadata: { name } }, version)
  const put = await lab.api('PUT', path, there)
  if (put.status !== 200) return put
  const { metadata } = put.body as KubeObject
  return lab.api('PUT', `${path}/status`, { ...there, metadata })
}

const probe = (resource: Resource, version: string): KubeObject => ({
  apiVersion: `${resource.group}/${version}`,
  kind: resource.kind,
})

describe.skipIf(machine === undefined)('cluster-api’s Machine, imported and completed', () => {
  it('passes the round-trip kit: the verdict the API server must agree with', () => {
    // the round trips the API server runs too; whether a client could write each answer back is
    // the writable check's, below
    const report = checkLosslessRoundTrips(machine as Resource, { seed: 42, writable: false })
    expect(report.summary).toMatch(/all 2 checks passed/)
  })

  it('names what the completed module still carries over into v1beta2 unwritable: the references Go derives from apiVersion', () => {
    const report = checkLosslessRoundTrips(machine as Resource, { seed: 42 })
    expect(report.summary).toMatch(/1 of 3 checks failed/)
    expect(report.summary).toContain(
      'v1beta1 → v1beta2: spec.infrastructureRef.apiGroup: required, absent'
    )
  })

  // the CRD allows 32 conditions of 32,768 characters in status.v1beta2, which v1beta2 has no
  // place for: past the stash's budget a conversion refuses with the stash's own code, naming
  // the field, and loses nothing (the kit leaves such objects out and counts them)
  it('refuses a v1beta1 Machine whose status.v1beta2 would not fit the stash as stash-too-large, naming the field', () => {
    const condition = (type: string) => ({
      type,
      status: 'True',
      reason: 'A',
      lastTransitionTime: '1970-01-01T00:00:00Z',
      message: 'a'.repeat(32_768),
    })
    const result = createScheme([machine as Resource]).convert(
      {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Machine',
        metadata: { name: 'a', namespace: 'a' },
        status: { v1beta2: { conditions: [condition('a'), condition('b')] } },
      },
      'cluster.x-k8s.io/v1beta2'
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.failure).toMatchObject({ code: 'stash-too-large', path: 'status.v1beta2' })
    expect(result.failure.message).toMatch(/over its budget of 65536 bytes/)
  })
})

describeWithApiServer('cluster-api’s Machine through the API server', (release) => {
  if (machine === undefined) {
    it.skip(`needs ${MACHINES}`, () => {})
    return
  }
  const resource = machine
  const scheme = createScheme([resource])
  const lab = schemeLabForSuite(release, scheme)

  it('keeps a provisioned v1beta2 Machine’s status.failureDomain and status.initialization through v1beta1', async () => {
    const provisioned: KubeObject = {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Machine',
      metadata: { name: 'provisioned', namespace: 'default' },
      spec: {
        clusterName: 'prod',
        bootstrap: { dataSecretName: 'prod-bootstrap' },
        infrastructureRef: { apiGroup: 'infrastructure.example.com', kind: 'VM', name: 'vm-1' },
        failureDomain: 'zone-a',
      },
      status: {
        failureDomain: 'zone-a',
        initialization: { bootstrapDataSecretCreated: true, infrastructureProvisioned: true },
        phase: 'Running',
      },
    }
    const created = await createWithStatus(lab, resource, provisioned)
    expect(created.status, stringifyJson(created.body)).toBe(200)
    const atV1beta1 = await lab.read(provisioned, 'v1beta1')
    expect(atV1beta1.status).toMatchObject({ bootstrapReady: true, infrastructureReady: true })
    const written = await writeBackThrough(lab, resource, 'provisioned', 'v1beta1')
    expect(written.status, stringifyJson(written.body)).toBe(200)
    const back = await lab.read(provisioned, 'v1beta2')
    expect(back.status).toEqual(provisioned.status)
    expect(back.spec).toEqual(provisioned.spec)
  })

  it.each([
    ['v1beta2', 'v1beta1'],
    ['v1beta1', 'v1beta2'],
  ])('gives generated %s objects back whole through %s', async (from, through) => {
    let made = 0
    let compared = 0
    await fc.assert(
      fc.asyncProperty(arbitraryObjectAt(resource, from), async (generated) => {
        made += 1
        const name = `${from}-${made}`
        const { metadata, ...fields } = generated
        const { labels, annotations } = (metadata ?? {}) as Record<string, unknown>
        const object = {
          ...fields,
          metadata: { name, namespace: 'default', labels, annotations },
        } as KubeObject
        const created = await createWithStatus(lab, resource, object)
        // the generators know no CEL rule or format the API server checks: such an object says nothing here
        fc.pre(created.status !== 422)
        // one verdict: what the webhook refuses to store (a stash over its budget), the kit refuses too
        const kept = storedByApiServer(object, versionJsonSchema(resource, from)) as KubeObject
        const stored = scheme.convert(kept, `${resource.group}/${resource.storageVersion}`)
        if (!stored.ok) {
          expect(created.status).toBe(500)
          const reason = stringifyJson(stored.failure.message).slice(1, 80)
          expect(stringifyJson(created.body)).toContain(reason)
          return
        }
        expect([200, 201], stringifyJson(created.body)).toContain(created.status)
        // at v1beta1, the create stored the object at v1beta2 and the read brought it back
        expect(seen(await lab.read(object, from))).toEqual(seen(kept))
        compared += 1
        if (from !== resource.storageVersion) return
        const written = await writeBackThrough(lab, resource, name, through)
        // an object the other version's schema refuses cannot be written there: not a loss
        fc.pre(written.status !== 422)
        expect(written.status, stringifyJson(written.body)).toBe(200)
        expect(seen(await lab.read(object, from))).toEqual(seen(kept))
      }),
      { numRuns: RUNS, endOnFailure: true }
    )
    expect(compared).toBeGreaterThan(0)
  })
})
