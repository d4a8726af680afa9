import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { TestApiServer } from '../../../packages/crdconv/src/test-api-server/test-api-server.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import {
  API_SERVER_RELEASES,
  API_SERVER_START_MS,
  CURRENT_KUBERNETES,
  describeWithApiServer,
} from '../../support/api-server.ts'
import {
  crossplaneBinary,
  startCrossplane,
  type RunningCrossplane,
} from '../../support/crossplane.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'
import { nodeServerTarget, type RunningWebhook } from '../../support/webhook-targets.ts'
import { crdconv } from '../cli/run-cli.ts'

const SCHEME = join(import.meta.dirname, 'fixtures', 'database-xrd.ts')
const SCHEME_V1ALPHA1 = join(
  import.meta.dirname,
  'fixtures',
  'database-xrd-v1alpha1-referenceable.ts'
)
const SCHEME_RETIRED = join(import.meta.dirname, 'fixtures', 'database-xrd-retired.ts')
// an XRD as its author applied it by hand, names and all, with no stanza
const XPOSTGRES = join(import.meta.dirname, 'fixtures', 'xpostgres-v1.yaml')
const XRD_API = 'compositeresourcedefinitions.v1.apiextensions.crossplane.io'
// what Crossplane's package manager sets on an XRD a Configuration installs
const PACKAGE = 'platform-databases'
const XR_CRD = 'xdatabases.example.org'
const CLAIM_CRD = 'databases.example.org'
const binary = crossplaneBinary()

// Crossplane v2 runs on the current release only: its own CRDs (the XRD's among them) hold their
// rules as CEL, and v1.20 has no x-kubernetes-validations (measured: applying them fails with
// `unknown field "x-kubernetes-validations"`; with --validate=false the rules would be dropped), so
// the XRD API these tests hold crdconv to (strategy None refused, names immutable) is not there
const releases = API_SERVER_RELEASES.map((release) => {
  if (!release.name.startsWith(CURRENT_KUBERNETES)) {
    return { ...release, skip: release.skip ?? 'Crossplane v2 runs on the current release only' }
  }
  return 'skip' in binary ? { ...release, skip: release.skip ?? binary.skip } : release
})

type Json = Record<string, unknown>

describeWithApiServer(
  'an XRD with two versions through real Crossplane and one crdconv endpoint',
  (release) => {
    let server: TestApiServer
    let webhook: RunningWebhook
    let crossplane: RunningCrossplane | undefined
    let tls: ServingCertificate
    let directory: string
    let imported: string | undefined
    const kube = (args: readonly string[], input?: string) =>
      kubectlOk(server.kubeconfigPath, args, input)
    const readJson = async (args: readonly string[]): Promise<Json> =>
      JSON.parse(await kube([...args, '-o', 'json'])) as Json
    const crd = (name: string) => readJson(['get', 'crd', name])
    // the XRD crdconv crd writes for `scheme`, stanza and all, applied as a user applies it
    const applyXrd = async (scheme: string) => {
      const generated = await crdconv([
        'crd',
        '--scheme',
        scheme,
        '--url',
        webhook.url,
        '--ca-bundle',
        tls.caCert,
      ])
      expect(generated.code, generated.stderr).toBe(0)
      await kube(['apply', '-f', '-'], generated.stdout)
    }
    // a lifecycle command with a scheme, against this cluster
    const onCluster = (command: string, scheme: string, ...flags: string[]) =>
      crdconv([command, ...flags, '--scheme', scheme, '--kubeconfig', server.kubeconfigPath])
    const at = (version: string, plural: string, name: string, namespace?: string) =>
      readJson([
        'get',
        `${plural}.${version}.example.org`,
        name,
        ...(namespace === undefined ? [] : ['-n', namespace]),
      ])
    const eventually = async <T>(
      what: string,
      read: () => Promise<T>,
      done: (value: T) => boolean
    ) => {
      const deadline = Date.now() + 90_000
      for (;;) {
        const value = await read()
        if (done(value)) return value
        if (Date.now() > deadline) {
          throw new Error(
            `${what} did not happen; last seen: ${JSON.stringify(value)}\n${crossplane?.tail() ?? ''}`
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
    const conversionOf = async (name: string) =>
      ((await crd(name))['spec'] as Json)['conversion'] as Json
    const storageOf = async (name: string) =>
      (((await crd(name))['spec'] as Json)['versions'] as Json[]).find(
        (version) => version['storage']
      )?.['name']

    beforeAll(async () => {
      directory = mkdtempSync(join(tmpdir(), 'crdconv-crossplane-e2e-'))
      tls = await writeServingCertificate(directory)
      ;[server, webhook] = await Promise.all([
        sharedTestApiServer({ assets: release.assets }),
        nodeServerTarget.start(tls, SCHEME),
      ])
      crossplane = await startCrossplane(server, (binary as { path: string }).path)
      await applyXrd(SCHEME)
      for (const name of [XR_CRD, CLAIM_CRD]) {
        await eventually(
          `Crossplane rendering ${name}`,
          () => kube(['get', 'crd', '-o', 'name']),
          (names) => names.includes(`customresourcedefinition.apiextensions.k8s.io/${name}`)
        )
        await kube(['wait', '--for', 'condition=established', '--timeout=90s', `crd/${name}`])
      }
    }, 4 * API_SERVER_START_MS)

    afterAll(async () => {
      await crossplane?.stop()
      await webhook?.stop()
      await server?.stop()
      rmSync(directory, { recursive: true, force: true })
      if (imported !== undefined) rmSync(imported, { recursive: true, force: true })
    }, API_SERVER_START_MS)

    it("renders the XR and claim CRDs with the XRD's stanza, stored at the referenceable version", async () => {
      for (const name of [XR_CRD, CLAIM_CRD]) {
        const conversion = await conversionOf(name)
        expect(conversion['strategy']).toBe('Webhook')
        expect(((conversion['webhook'] as Json)['clientConfig'] as Json)['url']).toBe(webhook.url)
        expect(await storageOf(name)).toBe('v1beta1')
      }
    })

    it("converts composite resources written at either version, Crossplane's fields intact", async () => {
      const resourceRefs = [
        { apiVersion: 'rds.example.org/v1', kind: 'Instance', name: 'orders-db' },
      ]
      await kube(
        ['apply', '-f', '-'],
        JSON.stringify({
          apiVersion: 'example.org/v1alpha1',
          kind: 'XDatabase',
          metadata: { name: 'written-at-v1alpha1' },
          spec: {
            size: '20Gi',
            engine: 'postgres',
            resourceRefs,
            compositionRef: { name: 'missing' },
          },
        })
      )
      await kube(
        ['apply', '-f', '-'],
        JSON.stringify({
          apiVersion: 'example.org/v1beta1',
          kind: 'XDatabase',
          metadata: { name: 'written-at-v1beta1' },
          spec: { storage: { size: '5Gi' }, resourceRefs },
        })
      )
      const up = await at('v1beta1', 'xdatabases', 'written-at-v1alpha1')
      expect(up['spec']).toMatchObject({
        storage: { size: '20Gi' },
        engine: 'postgres',
        resourceRefs,
        compositionRef: { name: 'missing' },
      })
      expect(up['spec']).not.toHaveProperty('size')
      const down = await at('v1alpha1', 'xdatabases', 'written-at-v1beta1')
      expect(down['spec']).toMatchObject({ size: '5Gi', resourceRefs })
      expect(down['spec']).not.toHaveProperty('storage')
    })

    it('converts claims both ways, the claim bound to its XR by Crossplane through the webhook', async () => {
      await kube(['create', 'namespace', 'shop'])
      await kube(
        ['apply', '-f', '-'],
        JSON.stringify({
          apiVersion: 'example.org/v1alpha1',
          kind: 'Database',
          metadata: { name: 'orders', namespace: 'shop' },
          spec: { size: '20Gi' },
        })
      )
      const bound = await eventually(
        'Crossplane binding the claim to an XR',
        () => at('v1beta1', 'databases', 'orders', 'shop'),
        (claim) => (claim['spec'] as Json)['resourceRef'] !== undefined
      )
      expect(bound['spec']).toMatchObject({ storage: { size: '20Gi' } })
      const resourceRef = (bound['spec'] as Json)['resourceRef'] as Json
      expect(resourceRef).toMatchObject({ kind: 'XDatabase' })
      const back = await at('v1alpha1', 'databases', 'orders', 'shop')
      expect(back['spec']).toMatchObject({ size: '20Gi', resourceRef })
      const composite = await at('v1alpha1', 'xdatabases', String(resourceRef['name']))
      expect(composite['spec']).toMatchObject({
        size: '20Gi',
        claimRef: { kind: 'Database', name: 'orders', namespace: 'shop' },
      })
    })

    it('switches the referenceable version in the XRD, and migrate rewrites XRs and claims', async () => {
      await applyXrd(SCHEME_V1ALPHA1)
      for (const name of [XR_CRD, CLAIM_CRD]) {
        await eventually(
          `Crossplane storing ${name} at v1alpha1`,
          () => storageOf(name),
          (storage) => storage === 'v1alpha1'
        )
      }
      const migrated = await onCluster('migrate', SCHEME_V1ALPHA1)
      expect(migrated.code, `${migrated.stdout}\n${migrated.stderr}`).toBe(0)
      for (const name of [XR_CRD, CLAIM_CRD]) {
        expect(((await crd(name))['status'] as Json)['storedVersions']).toEqual(['v1alpha1'])
      }
      // what etcd holds: every XR and every claim at the new storage version
      const composites = await server.readEtcd('/registry/example.org/xdatabases/')
      const claims = await server.readEtcd('/registry/example.org/databases/')
      expect(composites.length).toBeGreaterThanOrEqual(3)
      expect(claims.length).toBe(1)
      for (const entry of [...composites, ...claims])
        expect(JSON.parse(entry.value)).toMatchObject({ apiVersion: 'example.org/v1alpha1' })
      const claim = await at('v1beta1', 'databases', 'orders', 'shop')
      expect(claim['spec']).toMatchObject({
        storage: { size: '20Gi' },
        resourceRef: { kind: 'XDatabase' },
      })
    })

    it('sees the stanza stripped from the XRD of a package, as a package sync does, and names the XRD and the package as the fix', async () => {
      await kube([
        'patch',
        XRD_API,
        XR_CRD,
        '--type=merge',
        '-p',
        JSON.stringify({
          metadata: {
            ownerReferences: [
              {
                apiVersion: 'pkg.crossplane.io/v1',
                kind: 'ConfigurationRevision',
                name: `${PACKAGE}-8f2a3c1d9e7b`,
                uid: '0b6f3f4e-6d1c-4a8e-9d55-2f1f0c3b7a01',
                controller: true,
              },
              {
                apiVersion: 'pkg.crossplane.io/v1',
                kind: 'Configuration',
                name: PACKAGE,
                uid: '5c2d8a9e-1b7f-4e3a-8c64-7d0e9f2a1b02',
                controller: false,
              },
            ],
          },
        }),
      ])
      await kube([
        'patch',
        XRD_API,
        XR_CRD,
        '--type=json',
        '-p',
        '[{"op":"remove","path":"/spec/conversion"}]',
      ])
      for (const name of [XR_CRD, CLAIM_CRD]) {
        await eventually(
          `Crossplane setting ${name} to None`,
          () => conversionOf(name),
          (conversion) => conversion['strategy'] === 'None'
        )
      }
      // what the user sees without crdconv: the field the versions move is gone, with HTTP 200
      const silent = await at('v1beta1', 'xdatabases', 'written-at-v1alpha1')
      expect(silent['spec']).not.toHaveProperty('storage')
      const status = await onCluster('status', SCHEME_V1ALPHA1)
      expect(status.code, status.stderr).toBe(1)
      for (const name of [XR_CRD, CLAIM_CRD]) {
        expect(status.stdout).toContain(`${name} (`)
      }
      expect(status.stdout).toContain(
        `Crossplane claim of the XRD ${XR_CRD} (package ${PACKAGE}): the XRD's conversion: none`
      )
      expect(status.stdout).toContain(
        `the XRD ${XR_CRD} in the package ${PACKAGE} has no spec.conversion`
      )
      expect(status.stdout).toMatch(/fix: Crossplane renders this CRD from the XRD/)
      expect(status.stdout).toContain(`ship it in a new version of the package ${PACKAGE}`)
      const json = JSON.parse((await onCluster('status', SCHEME_V1ALPHA1, '--json')).stdout) as {
        resources: {
          crdName: string
          strategy?: string
          storedVersions?: string[]
          problems: { code: string }[]
        }[]
      }
      expect(json.resources.map((resource) => resource.crdName)).toEqual([XR_CRD, CLAIM_CRD])
      for (const resource of json.resources) {
        expect(resource.strategy).toBe('None')
        expect(resource.storedVersions).toEqual(['v1alpha1'])
        expect(resource.problems.map((problem) => problem.code)).toContain('conversion-not-webhook')
      }
    })

    it('puts the stanza back with the XRD crdconv crd writes, and status passes again', async () => {
      await applyXrd(SCHEME_V1ALPHA1)
      for (const name of [XR_CRD, CLAIM_CRD]) {
        await eventually(
          `Crossplane giving ${name} the stanza again`,
          () => conversionOf(name),
          (conversion) => conversion['strategy'] === 'Webhook'
        )
      }
      const up = await at('v1beta1', 'xdatabases', 'written-at-v1alpha1')
      expect(up['spec']).toMatchObject({ storage: { size: '20Gi' } })
      const status = await onCluster('status', SCHEME_V1ALPHA1)
      expect(status.code, `${status.stdout}\n${status.stderr}`).toBe(0)
    })

    it('retires the webhook: the XRD without its stanza, which the XRD API takes, and Crossplane renders None into both CRDs', async () => {
      const retired = await onCluster('retire', SCHEME_RETIRED)
      expect(retired.code, retired.stderr).toBe(0)
      const xrd = parse(retired.stdout) as Json
      expect(xrd).toMatchObject({
        apiVersion: 'apiextensions.crossplane.io/v1',
        kind: 'CompositeResourceDefinition',
        metadata: { name: XR_CRD },
        spec: { claimNames: { kind: 'Database', plural: 'databases' } },
      })
      const spec = xrd['spec'] as Json
      expect(spec).not.toHaveProperty('conversion')
      expect(
        (spec['versions'] as Json[]).map(({ name, referenceable, served }) => ({
          name,
          referenceable,
          served,
        }))
      ).toEqual([{ name: 'v1alpha1', referenceable: true, served: true }])
      expect(retired.stderr).toContain(`apply the XRD ${XR_CRD} without spec.conversion`)
      // why retire removes the stanza instead of writing None: the v1 XRD API refuses None
      const withNone = { ...xrd, spec: { ...spec, conversion: { strategy: 'None' } } }
      const refused = await kubectl(
        server.kubeconfigPath,
        ['apply', '--dry-run=server', '-f', '-'],
        JSON.stringify(withNone)
      )
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toContain('Webhook configuration is required')

      await kube(['apply', '-f', '-'], retired.stdout)
      for (const name of [XR_CRD, CLAIM_CRD]) {
        await eventually(
          `Crossplane rendering ${name} with v1alpha1 alone and strategy None`,
          () => crd(name),
          (live) => {
            const { conversion, versions } = live['spec'] as { conversion: Json; versions: Json[] }
            return (
              conversion['strategy'] === 'None' &&
              versions.map((version) => version['name']).join() === 'v1alpha1'
            )
          }
        )
      }
      const claim = await at('v1alpha1', 'databases', 'orders', 'shop')
      expect(claim['spec']).toMatchObject({ size: '20Gi', resourceRef: { kind: 'XDatabase' } })
      const composite = await at('v1alpha1', 'xdatabases', 'written-at-v1beta1')
      expect(composite['spec']).toMatchObject({
        size: '5Gi',
        resourceRefs: [{ apiVersion: 'rds.example.org/v1', kind: 'Instance', name: 'orders-db' }],
      })
      const status = await onCluster('status', SCHEME_RETIRED)
      expect(status.code, `${status.stdout}\n${status.stderr}`).toBe(0)
    })

    it('applies over an XRD its author applied by hand: imported, then written by crdconv crd with the stanza', async () => {
      await kube(['apply', '-f', XPOSTGRES])
      // the imported module imports @crdconv/webhook: it lives inside the clone to resolve it
      const results = join(import.meta.dirname, '../../../test-results')
      mkdirSync(results, { recursive: true })
      imported = mkdtempSync(join(results, 'crdconv-xrd-import-'))
      const run = await crdconv(['import', XPOSTGRES, '--out', imported])
      expect(run.code, run.stderr).toBe(0)
      // the XRD API holds names and claimNames immutable: the XRD crdconv writes keeps the author's
      await applyXrd(join(imported, 'x-postgres-instance.ts'))
      for (const name of [
        'xpostgresinstances.platform.example.org',
        'postgresinstances.platform.example.org',
      ]) {
        const conversion = await eventually(
          `Crossplane giving ${name} the stanza`,
          async () =>
            ((await crd(name).catch(() => ({ spec: {} })))['spec'] as Json)['conversion'] as
              Json | undefined,
          (conversion) => conversion?.['strategy'] === 'Webhook'
        )
        expect(((conversion?.['webhook'] as Json)['clientConfig'] as Json)['url']).toBe(webhook.url)
      }
    })
  },
  releases
)
