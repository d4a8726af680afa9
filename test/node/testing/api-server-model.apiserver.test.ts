// The round-trip kit's model of the API server (storedByApiServer: prune, drop refused nulls,
// default) against the real one: generated objects are created at one version and read at every
// other and back, and what comes back is what the kit predicts, stash annotation included.
import * as fc from 'fast-check'
import { expect, it } from 'vitest'
import { cache } from '../../../examples/cache/index.ts'
import { cronTab } from '../../../examples/crontab/index.ts'
import { jsonCopy, stringifyJson } from '../../../packages/webhook/src/json/index.ts'
import {
  createScheme,
  formatApiVersion,
  type KubeObject,
  type Resource,
} from '../../../packages/webhook/src/scheme/index.ts'
import {
  arbitraryObjectAt,
  storedByApiServer,
  versionJsonSchema,
} from '../../../packages/crdconv/src/testing/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { objectPath, schemeLabForSuite } from '../../support/scheme-lab.ts'
import { gadget, widget } from '../scheme/fixtures/moves-schemes.ts'

// objects per ordered pair of versions: each is three requests to a shared 2-core machine
const RUNS = 8
const resources: readonly Resource[] = [gadget, widget, cache, cronTab]
const scheme = createScheme(resources)

/** `object` created at its version and read at `version`, as the kit's model says. */
function predicted(resource: Resource, object: KubeObject, version: string): KubeObject {
  const stored = (value: unknown, at: string) =>
    storedByApiServer(jsonCopy(value), versionJsonSchema(resource, at)) as KubeObject
  const convert = (value: KubeObject, at: string) => {
    const result = scheme.convert(value, formatApiVersion(resource.group, at))
    if (!result.ok) throw new Error(result.failure.message)
    return stored(result.object, at)
  }
  const own = String(object.apiVersion).split('/').pop() as string
  const created = stored(object, own)
  // a create ignores `status` where the status subresource owns it
  if ((resource.versions[own]?.subresources ?? resource.subresources)?.status === true) {
    delete created.status
  }
  const kept = own === resource.storageVersion ? created : convert(created, resource.storageVersion)
  return version === resource.storageVersion ? kept : convert(kept, version)
}

/** What a reader sees of an object: all but the metadata the API server keeps for itself. */
function seen({ metadata, ...fields }: KubeObject): unknown {
  const { labels = {}, annotations = {} } = (metadata ?? {}) as Record<string, unknown>
  return { ...fields, metadata: { labels, annotations } }
}

const pairs = resources.flatMap((resource) =>
  resource.versionNames.flatMap((from) =>
    resource.versionNames
      .filter((to) => to !== from)
      .map((to) => [`${resource.kind} ${from} → ${to} → ${from}`, resource, from, to] as const)
  )
)

describeWithApiServer("the kit's model of the API server", (release) => {
  const lab = schemeLabForSuite(release, scheme)
  let made = 0

  it.each(pairs)('predicts what comes back: %s', async (_, resource, from, to) => {
    const arbitrary = arbitraryObjectAt(resource, from)
    await fc.assert(
      fc.asyncProperty(arbitrary, async (generated) => {
        made += 1
        const { metadata, ...fields } = generated
        const { labels, annotations } = (metadata ?? {}) as Record<string, unknown>
        const object = {
          ...fields,
          metadata: { name: `object-${made}`, namespace: 'default', labels, annotations },
        } as KubeObject
        const created = await lab.api('POST', objectPath(resource, from), object)
        // the generators know no CEL rule: an object the API server refuses says nothing here
        fc.pre(created.status !== 422)
        expect(created.status, stringifyJson(created.body)).toBe(201)
        const there = await lab.read(object, to)
        expect(seen(there)).toEqual(seen(predicted(resource, object, to)))
        const back = await lab.read(object, from)
        expect(seen(back)).toEqual(seen(predicted(resource, object, from)))
      }),
      { numRuns: RUNS, endOnFailure: true }
    )
  })
})
