// The API server the apiserver files of one worker share: what one file made is gone for the next
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { expect, it } from 'vitest'
import { describeWithApiServer } from '../../support/api-server.ts'
import { kubectl, kubectlOk } from '../../support/kubectl.ts'
import { sharedTestApiServer } from '../../support/shared-api-server.ts'

const GROUP = 'shared.example.com'

/** A namespaced CRD of kind Thing served at `version`, its one field `spec.size` of `sizeType`. */
function thingCrd(version: string, sizeType: 'string' | 'integer') {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `things.${GROUP}` },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { plural: 'things', singular: 'thing', kind: 'Thing' },
      versions: [
        {
          name: version,
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: { type: 'object', properties: { size: { type: sizeType } } },
              },
            },
          },
        },
      ],
    },
  }
}

const thing = (version: string, size: unknown) => ({
  apiVersion: `${GROUP}/${version}`,
  kind: 'Thing',
  metadata: { name: 'one', namespace: 'left-behind' },
  spec: { size },
})

describeWithApiServer('sharedTestApiServer', (release) => {
  it('gives the same server to the next file with nothing the last one made: no CRD, namespace, binding or object', async () => {
    const first = await sharedTestApiServer({ assets: release.assets })
    const kube = (args: readonly string[], input?: string) =>
      kubectlOk(first.kubeconfigPath, args, input)
    await kube(['apply', '-f', '-'], JSON.stringify(thingCrd('v1alpha1', 'string')))
    await kube(['wait', '--for', 'condition=established', `crd/things.${GROUP}`])
    await kube(['create', 'namespace', 'left-behind'])
    await kube(['create', 'clusterrolebinding', 'left-behind', '--clusterrole=view', '--user=u'])
    await kube(['create', '-f', '-'], JSON.stringify(thing('v1alpha1', 'large')))
    await first.stop()

    const second = await sharedTestApiServer({ assets: release.assets })
    try {
      expect(second.url).toBe(first.url)
      expect(await second.readEtcd(`/registry/${GROUP}/`)).toEqual([])
      for (const gone of [
        ['get', 'crd', `things.${GROUP}`],
        ['get', 'namespace', 'left-behind'],
        ['get', 'clusterrolebinding', 'left-behind'],
      ]) {
        const run = await kubectl(second.kubeconfigPath, gone)
        expect(run.code, gone.join(' ')).not.toBe(0)
        expect(run.stderr).toContain('NotFound')
      }
      // the same names again, with another version and schema, as the next file may use them
      const again = (args: readonly string[], input?: string) =>
        kubectlOk(second.kubeconfigPath, args, input)
      await again(['apply', '-f', '-'], JSON.stringify(thingCrd('v1', 'integer')))
      await again(['wait', '--for', 'condition=established', `crd/things.${GROUP}`])
      await again(['create', 'namespace', 'left-behind'])
      await again(['create', '-f', '-'], JSON.stringify(thing('v1', 3)))
      const read = JSON.parse(
        await again(['get', `things.v1.${GROUP}`, 'one', '-n', 'left-behind', '-o', 'json'])
      ) as { spec: unknown }
      expect(read.spec).toEqual({ size: 3 })
    } finally {
      await second.stop()
    }
  })

  it('starts a server of its own for options beyond the binaries, and stop() ends it', async () => {
    const own = await sharedTestApiServer({
      assets: release.assets,
      runtimeConfig: ['apiextensions.k8s.io/v1=true'],
    })
    const dataDir = dirname(own.kubeconfigPath)
    await own.stop()
    expect(existsSync(dataDir)).toBe(false)
  })
})
