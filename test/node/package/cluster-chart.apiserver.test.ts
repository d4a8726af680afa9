// The Helm chart of a project made by `crdconv init`: `helm lint`, `helm template` applied with a
// server-side dry-run to the current API server (cert-manager's CRDs installed first), and the
// image its Containerfile builds, run with the rendered Deployment's variables and mounts and a
// test certificate, converting for that API server. Skipped by name where tools/helm/build.sh,
// tools/k8s-binaries/build.sh or tools/node-image/build.sh has not run.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stringify } from 'yaml'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  startTestApiServer,
  writeServingCertificate,
  type TestApiServer,
} from '../../../packages/crdconv/src/test-api-server/index.ts'
import { API_SERVER_RELEASES, describeWithApiServer } from '../../support/api-server.ts'
import { helmCommand } from '../../support/cached-tools.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import { baseImage, buildImage } from '../../support/container-image.ts'
import { serveImage } from '../../support/image-target.ts'
import { createInitProject, packPackages, run } from '../../support/consumer-project.ts'
import {
  byKindAndName,
  editOverlayValues,
  kubeDocuments,
  overlayPodSpecPatch,
  type KubeDocument,
} from './kube-manifests.ts'

const GROUP = 'chart.example.com'
const RELEASE = 'gadget-webhook'
const CERT_MANAGER_CRDS = join(import.meta.dirname, '../../../../shared/crds/cert-manager')
const [, CURRENT] = API_SERVER_RELEASES
// what the operator must set: the chart admits no source by default
// the chart needs both: where the API server calls from, and the path token (a project's .dev.vars one)
const CHART_TOKEN = 'chart0token0of0lowercase0letters0and0digits0abc'
const CLUSTER_VALUES = ['--set', 'apiServerCIDRs={10.0.0.10/32}', '--set', `token=${CHART_TOKEN}`]
const helm = helmCommand()
const image = baseImage()

interface Container {
  readonly env: { name: string; value?: string; valueFrom?: unknown }[]
  readonly volumeMounts: { name: string; mountPath: string }[]
}

/** cert-manager's Issuer CRD, made from the corpus's ClusterIssuer CRD: the same schema, namespaced. */
function issuerCrd(): string {
  return readFileSync(join(CERT_MANAGER_CRDS, 'cert-manager.io_clusterissuers.yaml'), 'utf8')
    .replace('name: clusterissuers.cert-manager.io', 'name: issuers.cert-manager.io')
    .replace('kind: ClusterIssuer', 'kind: Issuer')
    .replace('listKind: ClusterIssuerList', 'listKind: IssuerList')
    .replace('plural: clusterissuers', 'plural: issuers')
    .replace('singular: clusterissuer', 'singular: issuer')
    .replace('- ciss', '- iss')
    .replace('scope: Cluster', 'scope: Namespaced')
}

const deploymentContainer = (documents: readonly KubeDocument[]): Container =>
  (
    documents.find(({ kind }) => kind === 'Deployment')!.spec as {
      template: { spec: { containers: Container[] } }
    }
  ).template.spec.containers[0]!

const releases =
  CURRENT === undefined ? [] : ['skip' in helm ? { ...CURRENT, skip: helm.skip } : CURRENT]

describeWithApiServer(
  'the Helm chart of a project made by crdconv init',
  (release) => {
    const workDir = mkdtempSync(join(tmpdir(), 'crdconv-chart-'))
    const project = join(workDir, 'webhook')
    const helmPath = 'path' in helm ? helm.path : 'helm'
    let server: TestApiServer
    let rendered: KubeDocument[]
    let manifests: string

    beforeAll(async () => {
      const [tarballs, started] = await Promise.all([
        packPackages(workDir),
        startTestApiServer({ assets: release.assets }),
      ])
      server = started
      await createInitProject(
        project,
        tarballs,
        ['--group', GROUP, '--kind', 'Gadget', '--versions', 'v1beta1,v1'],
        {}
      )
      for (const file of readdirSync(CERT_MANAGER_CRDS)) {
        await kubectlOk(server.kubeconfigPath, [
          'apply',
          '--server-side',
          '-f',
          join(CERT_MANAGER_CRDS, file),
        ])
      }
      // the corpus has ClusterIssuer's CRD, not Issuer's: cert-manager gives both one spec, so
      // the chart's namespaced Issuers are checked against ClusterIssuer's schema
      await kubectlOk(server.kubeconfigPath, ['apply', '--server-side', '-f', '-'], issuerCrd())
      await kubectlOk(server.kubeconfigPath, [
        'wait',
        '--for=condition=established',
        '--timeout=60s',
        'crd/issuers.cert-manager.io',
      ])
    }, 600_000)
    afterAll(async () => {
      await server?.stop()
      await rm(workDir, { recursive: true, force: true })
    }, 120_000)

    it('npm run chart:crd writes the CRD, and helm lint passes', async () => {
      expect((await run('npm', ['run', 'chart:crd'], project)).code).toBe(0)
      const lint = await run(helmPath, ['lint', 'chart', '--strict', ...CLUSTER_VALUES], project)
      expect(lint.stdout).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/)
      expect(lint.code).toBe(0)
    })

    it('helm template renders the webhook, its certificate, and the CRD wired to both', async () => {
      const template = await run(
        helmPath,
        ['template', RELEASE, 'chart', '-n', 'default', ...CLUSTER_VALUES],
        project
      )
      expect(template.code).toBe(0)
      manifests = template.stdout
      rendered = kubeDocuments(manifests)
      expect(rendered.map(({ kind }) => kind).sort()).toEqual([
        'Certificate',
        'Certificate',
        'CustomResourceDefinition',
        'Deployment',
        'Issuer',
        'Issuer',
        'NetworkPolicy',
        'PodDisruptionBudget',
        'Secret',
        'Service',
      ])
      const byKind = (kind: string) => rendered.find((document) => document.kind === kind)!
      const token = Buffer.from(
        String((byKind('Secret') as unknown as { data: { token: string } }).data.token),
        'base64'
      ).toString('utf8')
      // a DNS label, as the API server takes each segment of a service path
      expect(token).toBe(CHART_TOKEN)
      expect(byKind('CustomResourceDefinition')).toMatchObject({
        metadata: {
          name: `gadgets.${GROUP}`,
          annotations: { 'cert-manager.io/inject-ca-from': `default/${RELEASE}-ca` },
        },
        spec: {
          conversion: {
            webhook: {
              clientConfig: {
                service: {
                  namespace: 'default',
                  name: RELEASE,
                  path: `/convert/${token}`,
                  port: 443,
                },
              },
            },
          },
        },
      })
      const named = byKindAndName(rendered)
      // the leaf from the CA issuer; the CA, which the CRD trusts, from the self-signed one
      expect(named[`Certificate/${RELEASE}`]!.spec).toMatchObject({
        secretName: `${RELEASE}-tls`,
        dnsNames: expect.arrayContaining([`${RELEASE}.default.svc`]),
        issuerRef: { kind: 'Issuer', name: `${RELEASE}-ca` },
        privateKey: { rotationPolicy: 'Always' },
      })
      expect(named[`Certificate/${RELEASE}-ca`]!.spec).toMatchObject({
        isCA: true,
        secretName: `${RELEASE}-ca`,
        issuerRef: { kind: 'Issuer', name: `${RELEASE}-selfsigned` },
      })
      expect(named[`Issuer/${RELEASE}-ca`]!.spec).toEqual({ ca: { secretName: `${RELEASE}-ca` } })
      expect(named[`Issuer/${RELEASE}-selfsigned`]!.spec).toEqual({ selfSigned: {} })
      expect(
        (byKind('NetworkPolicy').spec as { ingress: { from: unknown[] }[] }).ingress[0]!.from
      ).toEqual([{ ipBlock: { cidr: '10.0.0.10/32' } }])
      const probe = { httpGet: { path: '/healthz', port: 'https', scheme: 'HTTPS' } }
      expect(byKind('Deployment').spec).toMatchObject({
        replicas: 2,
        template: {
          spec: {
            securityContext: { runAsNonRoot: true },
            containers: [
              {
                readinessProbe: probe,
                livenessProbe: probe,
                resources: { requests: expect.any(Object), limits: expect.any(Object) },
                securityContext: { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false },
              },
            ],
          },
        },
      })
    })

    it(`is accepted whole by the API server (server-side dry-run apply)`, async () => {
      const applied = await kubectl(
        server.kubeconfigPath,
        ['apply', '--server-side', '--dry-run=server', '-n', 'default', '-f', '-'],
        manifests
      )
      expect(applied.stderr).toBe('')
      expect(applied.code).toBe(0)
      expect(applied.stdout.trim().split('\n')).toHaveLength(rendered.length)
    })

    let overlayManifests: string
    let overlayNamespace: string

    it('the kustomize overlay renders the chart’s objects with its values, and patches the Deployment', async () => {
      // where kustomize would put a charts/ cache: beside the kustomization, or in chartHome
      const cacheFolders = () => [readdirSync(project), readdirSync(join(project, 'kustomize'))]
      const before = cacheFolders()
      // an operator's values for this cluster
      const overlay = editOverlayValues(project, {
        replicaCount: 3,
        apiServerCIDRs: ['10.0.0.10/32'],
        // the overlay's own, over the one npm run kustomize writes from .dev.vars
        token: 'overlay0token0of0lowercase0letters0and0digits',
      })
      overlayNamespace = overlay.overlayNamespace
      expect(overlay.namespace).toBe(overlayNamespace)
      const kustomized = await run(
        'npm',
        ['run', '--silent', 'kustomize', '--', '--helm-command', helmPath],
        project
      )
      // the chart's CRD is written with --offline (it goes into the chart, not to a cluster), which
      // crdconv crd says in its one line; nothing else
      expect(kustomized.stderr).toMatch(
        /^(crdconv: warning: no cluster checked \(--offline\)[^\n]*\n)?$/
      )
      expect(kustomized.code).toBe(0)
      overlayManifests = kustomized.stdout
      const overlayObjects = byKindAndName(kubeDocuments(overlayManifests))
      // the chart alone, with the same release, namespace and values
      const valuesFile = join(workDir, 'overlay-values.yaml')
      writeFileSync(valuesFile, stringify(overlay.valuesInline))
      const template = await run(
        helmPath,
        ['template', overlay.releaseName, 'chart', '-n', overlay.namespace, '-f', valuesFile],
        project
      )
      expect(template.code).toBe(0)
      const chartObjects = byKindAndName(kubeDocuments(template.stdout))

      expect(Object.keys(overlayObjects).sort()).toEqual(Object.keys(chartObjects).sort())
      const deployment = `Deployment/${overlay.releaseName}`
      const podSpec = (object: KubeDocument) =>
        (object.spec as { template: { spec: Record<string, unknown> } }).template.spec
      const patch = overlayPodSpecPatch(project)
      expect(podSpec(overlayObjects[deployment]!)).toMatchObject(patch)
      expect(overlayObjects[deployment]!.spec['replicas']).toBe(3)
      const namespaced = Object.values(overlayObjects).filter(
        ({ kind }) => kind !== 'CustomResourceDefinition'
      )
      expect(new Set(namespaced.map(({ metadata }) => metadata.namespace))).toEqual(
        new Set([overlayNamespace])
      )
      // and otherwise the chart's objects exactly
      const unpatched = structuredClone(overlayObjects)
      for (const { metadata } of Object.values(unpatched)) delete metadata.namespace
      for (const field of Object.keys(patch)) delete podSpec(unpatched[deployment]!)[field]
      expect(unpatched).toEqual(chartObjects)
      // the chart is found in the project: kustomize writes no charts/ cache into it
      // (npm run kustomize writes the path token's values, gitignored, beside the overlay)
      const [projectFiles = [], overlayFiles = []] = before
      expect(cacheFolders()).toEqual([projectFiles, [...overlayFiles, 'token-values.yaml'].sort()])
    })

    it('the overlay’s objects are accepted whole by the API server (server-side dry-run apply)', async () => {
      await kubectlOk(server.kubeconfigPath, ['create', 'namespace', overlayNamespace])
      const applied = await kubectl(
        server.kubeconfigPath,
        ['apply', '--server-side', '--dry-run=server', '-f', '-'],
        overlayManifests
      )
      expect(applied.stderr).toBe('')
      expect(applied.code).toBe(0)
      expect(applied.stdout.trim().split('\n')).toHaveLength(rendered.length)
    })

    it.skipIf('skip' in image)(
      `the image of its Containerfile, run as the Deployment runs it, converts for the API server${'skip' in image ? ` (skipped: ${image.skip})` : ''}`,
      async () => {
        if ('skip' in image) return
        const tls = await writeServingCertificate(workDir)
        expect((await run('npm', ['run', 'build:server'], project)).code).toBe(0)
        const tag = `localhost/${RELEASE}-chart-test`
        await buildImage(image, project, tag)
        const { env, volumeMounts } = deploymentContainer(rendered)
        const mount = volumeMounts.find(({ name }) => name === 'tls')!.mountPath
        const secret = rendered.find(({ kind }) => kind === 'Secret') as unknown as {
          data: { token: string }
        }
        const token = Buffer.from(secret.data.token, 'base64').toString('utf8')
        // the variables as the kubelet sets them: the token from the chart's Secret
        const variables = env.map(({ name, value }) => [name, value ?? token])
        expect(variables).toContainEqual(['CONVERT_TOKEN', token])
        const webhook = await serveImage(
          image,
          tag,
          Object.fromEntries(variables),
          { [`${mount}/tls.crt`]: tls.cert, [`${mount}/tls.key`]: tls.key },
          tls
        )
        // Node and the one bundled file: no sources, no node_modules, no token
        expect(readdirSync(join(webhook.root, 'app'))).toEqual(['server.mjs'])
        try {
          const crd = structuredClone(
            rendered.find(({ kind }) => kind === 'CustomResourceDefinition')!
          )
          const caBundle = Buffer.from(readFileSync(tls.caCert, 'utf8')).toString('base64')
          ;(crd.spec['conversion'] as { webhook: { clientConfig: unknown } }).webhook.clientConfig =
            {
              url: `${webhook.origin}/convert/${token}`,
              caBundle,
            }
          await kubectlOk(
            server.kubeconfigPath,
            ['apply', '--server-side', '-f', '-'],
            stringify(crd)
          )
          await kubectlOk(server.kubeconfigPath, [
            'wait',
            '--for=condition=Established',
            `crd/gadgets.${GROUP}`,
          ])
          // a create at the version etcd does not store: converted to v1 and back, stored nowhere
          const gadget = {
            apiVersion: `${GROUP}/v1beta1`,
            kind: 'Gadget',
            metadata: { name: 'g', namespace: 'default' },
            spec: { message: 'hi', replicas: 1 },
          }
          const create = () =>
            kubectl(
              server.kubeconfigPath,
              ['create', '--dry-run=server', '-o', 'json', '-f', '-'],
              JSON.stringify(gadget)
            )
          const created = await create()
          expect(created.stderr).toBe('')
          expect(JSON.parse(created.stdout)).toMatchObject({ spec: { message: 'hi', replicas: 1 } })
          // and it was the webhook that converted: without it the same create fails
          await webhook.stop()
          const refused = await create()
          expect(refused.code).not.toBe(0)
          expect(refused.stderr).toMatch(/conversion webhook/)
        } finally {
          await webhook.stop()
        }
      },
      120_000
    )
  },
  releases
)
