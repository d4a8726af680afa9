import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { xrdOf } from '@crdconv/webhook'
import {
  buildXrdManifest,
  retiredXrdManifest,
  checkXrds,
  holdsXrds,
  importXrds,
} from '../../../packages/crdconv/src/xrd/index.ts'
import { ImportError } from '../../../packages/crdconv/src/import/index.ts'
import { databaseXrd } from '../../support/crossplane-xrds.ts'
import {
  loadImportedResource,
  typecheckedImports,
  writeFiles,
} from '../../support/import-project.ts'

const LEGACY_XRD = readFileSync(join(import.meta.dirname, 'fixtures', 'xpostgres-v1.yaml'), 'utf8')
const URL = 'https://db.example.workers.dev/convert/0123456789abcdef0123456789abcdef'

const modernXrd = (scope: 'Namespaced' | 'Cluster') => `
apiVersion: apiextensions.crossplane.io/v2
kind: CompositeResourceDefinition
metadata: { name: buckets.storage.example.org }
spec:
  group: storage.example.org
  scope: ${scope}
  names: { kind: Bucket, plural: buckets }
  versions:
    - name: v1
      served: true
      referenceable: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec: { type: object, properties: { region: { type: string } } }
`

describe('crdconv import of an XRD', () => {
  it("writes one defineXrd with the claim, the XRD's other fields kept for crdconv crd", async () => {
    const { files, resources } = await importXrds(LEGACY_XRD)
    expect(resources.map((resource) => resource.kind)).toEqual(['XPostgresInstance'])
    const module = files.find((file) => file.path === 'x-postgres-instance.ts')?.content ?? ''
    expect(module).toContain('export const xPostgresInstance = defineXrd({')
    expect(module).toContain("scope: 'LegacyCluster'")
    expect(module).toContain(
      "claimNames: { kind: 'PostgresInstance', plural: 'postgresinstances' }"
    )
    expect(module).toContain("defaultCompositionRef: { name: 'postgres-aws' }")
    expect(module).toContain('createScheme(xPostgresInstance.resources)')
    expect(module).not.toContain('defineResource')
    const test = files.find((file) => file.path === 'x-postgres-instance.test.ts')?.content ?? ''
    expect(test).toContain('expectLosslessRoundTrips(scheme)')
  })

  it("regenerates the author's schemas of every version as they were", () => {
    expect(checkXrds(LEGACY_XRD).map((check) => check.differences)).toEqual([[]])
  })

  it.each(['Namespaced', 'Cluster'] as const)(
    'imports a v2 %s XRD, with no claim',
    async (scope) => {
      const { files } = await importXrds(modernXrd(scope))
      const module = files.find((file) => file.path === 'bucket.ts')?.content ?? ''
      expect(module).toContain(`scope: '${scope}'`)
      expect(module).toContain("apiVersion: 'apiextensions.crossplane.io/v2'")
      expect(module).not.toContain('claimNames')
    }
  )

  it.each([
    [
      'no referenceable version',
      LEGACY_XRD.replace('referenceable: true', 'referenceable: false'),
      '.spec.versions',
    ],
    [
      'claimNames on a v2 Namespaced XRD',
      `${modernXrd('Namespaced')}  claimNames: { kind: B, plural: bs }\n`,
      '.spec.claimNames',
    ],
    [
      'a CRD beside the XRD',
      `${LEGACY_XRD}---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n`,
      '.kind',
    ],
  ])('refuses %s, naming the field', async (_, text, path) => {
    expect(holdsXrds(text)).toBe(true)
    const refused = await importXrds(text).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ImportError)
    expect((refused as ImportError).problems.map((problem) => problem.path)).toContain(path)
  })
})

const MODERN_XRD = readFileSync(join(import.meta.dirname, 'fixtures', 'xbucket-v2.yaml'), 'utf8')

describe('crdconv import, then crd, of an XRD', () => {
  const project = typecheckedImports(async (directory) => {
    writeFiles(join(directory, 'legacy'), (await importXrds(LEGACY_XRD)).files)
    writeFiles(join(directory, 'modern'), (await importXrds(MODERN_XRD)).files)
  })

  it.each([
    ['a v1 XRD with a claim', LEGACY_XRD, 'legacy/x-postgres-instance.ts'],
    ['a v2 XRD whose version serves /scale', MODERN_XRD, 'modern/bucket.ts'],
  ])(
    'gives back %s as its author wrote it, with the conversion stanza added',
    async (_, text, module) => {
      const composite = await loadImportedResource(join(project.directory, module))
      const found = xrdOf(composite)
      expect(found?.role).toBe('composite')
      const { xrd, problems } = buildXrdManifest(found!.xrd, { url: URL })
      expect(problems).toEqual([])
      const original = parse(text) as { spec: { versions: { name: string }[] } }
      const byName = (versions: readonly Record<string, unknown>[]) =>
        [...versions].sort((a, b) => String(a['name']).localeCompare(String(b['name'])))
      const { conversion, versions, ...spec } = xrd.spec
      const { versions: originalVersions, ...originalSpec } = original.spec
      expect({ ...xrd, spec }).toEqual({ ...original, spec: originalSpec })
      expect(byName(versions)).toEqual(byName(originalVersions))
      expect(conversion).toMatchObject({
        strategy: 'Webhook',
        webhook: { clientConfig: { url: URL } },
      })
    }
  )
})

describe('crdconv crd for an XRD', () => {
  it('writes names and claimNames as the author gave them: the XRD API holds both immutable', () => {
    const { xrd } = buildXrdManifest(databaseXrd(), { url: URL })
    expect(xrd.spec['names']).toEqual({ kind: 'XDatabase', plural: 'xdatabases' })
    expect(xrd.spec['claimNames']).toEqual({ kind: 'Database', plural: 'databases' })
  })

  it('writes the XRD with the conversion stanza and no caBundle, never the generated CRDs', () => {
    const { xrd, problems } = buildXrdManifest(databaseXrd(), { url: URL })
    expect(problems).toEqual([])
    expect(xrd.kind).toBe('CompositeResourceDefinition')
    expect(xrd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig: { url: URL } },
    })
    expect(xrd.spec['claimNames']).toMatchObject({ kind: 'Database', plural: 'databases' })
    expect(xrd.spec.versions.map((version) => [version['name'], version['referenceable']])).toEqual(
      [
        ['v1beta1', true],
        ['v1alpha1', false],
      ]
    )
  })

  it.each(['LegacyCluster', 'Namespaced', 'Cluster'] as const)(
    "leaves Crossplane's own fields out of a %s XRD's schemas: Crossplane adds them",
    (scope) => {
      const { xrd } = buildXrdManifest(databaseXrd(scope), { url: URL })
      const text = JSON.stringify(xrd.spec.versions)
      for (const field of [
        'resourceRefs',
        'claimRef',
        'resourceRef',
        'crossplane',
        'conditions',
        'compositionRef',
      ]) {
        expect(text).not.toContain(`"${field}"`)
      }
      expect(xrd.spec['scope']).toBe(scope === 'LegacyCluster' ? undefined : scope)
    }
  )

  it('retires the XRD by removing its stanza: the v1 XRD API rejects strategy None', () => {
    const { xrd } = retiredXrdManifest(databaseXrd())
    expect(xrd.spec).not.toHaveProperty('conversion')
    expect(JSON.stringify(xrd)).not.toContain('retired.invalid')
    expect(xrd.spec.versions).toHaveLength(2)
  })
})
