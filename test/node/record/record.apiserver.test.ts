// `crdconv record` against a real API server: a CRD served at two versions through crdconv's
// webhook, objects created at each, read back at both versions page by page into a corpus that
// readCorpus reads, with the server's fields stripped and secrets replaced, and the filters and
// the limit held; a failed recording leaves the corpus as it was.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { readCorpus } from '../../../packages/crdconv/src/corpus/index.ts'
import {
  createScheme,
  defineResource,
  fieldMoves,
  type KubeObject,
} from '../../../packages/webhook/src/scheme/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { objectPath, schemeLabForSuite } from '../../support/scheme-lab.ts'
import { crdconv } from '../cli/run-cli.ts'

const V1 = z.object({
  spec: z.optional(z.object({ addr: z.optional(z.string()), password: z.optional(z.string()) })),
})
const V2 = z.object({
  spec: z.optional(z.object({ address: z.optional(z.string()), password: z.optional(z.string()) })),
})
const versions = { v1: { schema: V1, storage: true }, v2: { schema: V2 } } as const
const vault = defineResource({
  group: 'record.example.com',
  kind: 'Vault',
  versions,
  converters: fieldMoves(versions, 'v1', 'v2', (move) => [
    move.renamed('spec.addr', 'spec.address'),
  ]),
})
const CRD = 'vaults.record.example.com'
const PASSWORD = 'hunter2-Rules!'
const OTHER_NAMESPACE = 'record-other'

const created: {
  version: string
  namespace: string
  name: string
  labels?: Record<string, string>
}[] = [
  { version: 'v1', namespace: 'default', name: 'a' },
  { version: 'v1', namespace: 'default', name: 'b' },
  { version: 'v2', namespace: 'default', name: 'c' },
  { version: 'v2', namespace: OTHER_NAMESPACE, name: 'd', labels: { tier: 'web' } },
  { version: 'v1', namespace: OTHER_NAMESPACE, name: 'e' },
]

const objectAt = ({ version, namespace, name, labels }: (typeof created)[number]): KubeObject => ({
  apiVersion: `record.example.com/${version}`,
  kind: 'Vault',
  metadata: { name, namespace, ...(labels && { labels }) },
  spec: { [version === 'v1' ? 'addr' : 'address']: `${name}.internal:8200`, password: PASSWORD },
})

describeWithApiServer('crdconv record', (release) => {
  const lab = schemeLabForSuite(release, createScheme([vault]))
  let scratch: string
  const corpusFolder = (name: string) => join(scratch, name)
  const record = (corpus: string, ...args: string[]) =>
    crdconv(['record', CRD, '--kubeconfig', lab.server.kubeconfigPath, '--corpus', corpus, ...args])

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'crdconv-record-'))
    const namespace = await lab.api('POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: OTHER_NAMESPACE },
    })
    expect([201, 409]).toContain(namespace.status)
    for (const entry of created) {
      const path = objectPath(vault, entry.version).replace(
        '/namespaces/default',
        `/namespaces/${entry.namespace}`
      )
      const answer = await lab.api('POST', path, objectAt(entry))
      expect(answer.status).toBe(201)
    }
  })
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('writes every object at both served versions, page by page, where readCorpus finds them', async () => {
    const corpus = corpusFolder('all')
    const run = await record(corpus, '--page-size', '2')
    expect(run).toMatchObject({ code: 0, stderr: expect.stringContaining('v2: 5 objects read') })
    // the CRD lists v2 first, as Kubernetes orders versions by priority
    expect(run.stdout).toContain(`${CRD}: 5 at v2, 5 at v1 written to`)
    const files = readCorpus(corpus)
      .map(({ source }) => source)
      .sort()
    expect(files).toEqual(
      created
        .flatMap(({ namespace, name }) =>
          ['v1', 'v2'].map((v) => `${CRD}/${namespace}/${name}.${v}.yaml`)
        )
        .sort()
    )
  })

  it('strips what the server owns and keeps each version its own fields', async () => {
    const corpus = corpusFolder('fields')
    expect((await record(corpus)).code).toBe(0)
    const objects = new Map(readCorpus(corpus).map(({ source, object }) => [source, object]))
    const v1 = objects.get(`${CRD}/default/a.v1.yaml`) as KubeObject
    const v2 = objects.get(`${CRD}/default/a.v2.yaml`) as KubeObject
    expect(v1.metadata).toEqual({ name: 'a', namespace: 'default' })
    expect(v2.metadata).toEqual({ name: 'a', namespace: 'default' })
    expect(v1['apiVersion']).toBe('record.example.com/v1')
    expect(v2['apiVersion']).toBe('record.example.com/v2')
    expect((v1['spec'] as { addr: string }).addr).toBe('a.internal:8200')
    expect((v2['spec'] as { address: string }).address).toBe('a.internal:8200')
  })

  it('replaces the password by one of the same shape, the same at both versions, and never writes it', async () => {
    const corpus = corpusFolder('secrets')
    expect((await record(corpus)).code).toBe(0)
    const passwords = readCorpus(corpus).map(
      ({ object }) => (object['spec'] as { password: string }).password
    )
    expect(passwords).toHaveLength(10)
    expect(passwords).not.toContain(PASSWORD)
    expect(new Set(passwords).size).toBe(1)
    expect(passwords[0]).toHaveLength(PASSWORD.length)
  })

  it.each([
    ['--namespace', [`--namespace`, OTHER_NAMESPACE], ['d', 'e']],
    ['--selector', ['--selector', 'tier=web'], ['d']],
    ['--limit', ['--limit', '2', '--page-size', '1'], ['a', 'b']],
  ])('keeps to %s', async (flag, args, names) => {
    const corpus = corpusFolder(flag.slice(2))
    expect((await record(corpus, ...args)).code).toBe(0)
    const recorded = readCorpus(corpus).map(
      ({ object }) =>
        `${(object.metadata as { name: string }).name}.${String(object['apiVersion']).split('/')[1]}`
    )
    expect(recorded.sort()).toEqual(names.flatMap((name) => [`${name}.v1`, `${name}.v2`]).sort())
  })

  describe('when it cannot read', () => {
    it('leaves the corpus as it was: a CRD not installed writes nothing', async () => {
      const corpus = corpusFolder('refused')
      const run = await crdconv([
        'record',
        'nothings.record.example.com',
        '--kubeconfig',
        lab.server.kubeconfigPath,
        '--corpus',
        corpus,
      ])
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('nothings.record.example.com is not installed')
      expect(existsSync(corpus) ? readdirSync(corpus) : []).toEqual([])
    })
  })
})
