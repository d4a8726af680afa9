import { describe, expect, it } from 'vitest'
import { cronTab } from '../../../examples/index.ts'
import type { LiveCustomResourceDefinition } from '../../../packages/crdconv/src/cluster-client/live-crd.ts'
import {
  findProblems,
  type VersionRow,
} from '../../../packages/crdconv/src/lifecycle/status-problems.ts'

const storage = cronTab.storageVersion
const other = cronTab.versionNames.find((version) => version !== storage) ?? ''
const flags = (isStorage: boolean) => ({ served: true, storage: isStorage, deprecated: false })

/** The CRD the scheme generates, as the API server holds it, with `changes` on top. */
function liveCrd(
  changes: { storedAt?: string; strategy?: string; storedVersions?: string[] } = {}
): LiveCustomResourceDefinition {
  const storedAt = changes.storedAt ?? storage
  return {
    metadata: { name: cronTab.identity.crdName },
    spec: {
      group: cronTab.group,
      names: { plural: cronTab.names.plural, kind: cronTab.kind },
      scope: cronTab.scope,
      versions: cronTab.versionNames.map((name) => ({
        name,
        served: true,
        storage: name === storedAt,
      })),
      conversion: { strategy: changes.strategy ?? 'Webhook' },
    },
    status: { storedVersions: changes.storedVersions ?? [storedAt] },
  }
}

/** Each version on both sides, the same schema. */
const agreeing = (): VersionRow[] =>
  cronTab.versionNames.map((version) => ({
    version,
    scheme: flags(version === storage),
    live: flags(version === storage),
    stored: version === storage,
    schema: 'same',
  }))

/** `agreeing()` with `version`'s row changed; a field set to `undefined` is left out. */
const withRow = (
  version: string,
  change: { readonly [Field in keyof VersionRow]?: VersionRow[Field] | undefined }
): VersionRow[] =>
  agreeing().map((row) =>
    row.version === version
      ? (Object.fromEntries(
          Object.entries({ ...row, ...change }).filter(([, value]) => value !== undefined)
        ) as unknown as VersionRow)
      : row
  )

describe('findProblems (crdconv status)', () => {
  it('finds nothing when the live CRD is the one the scheme generates', () => {
    expect(findProblems(cronTab, liveCrd(), agreeing())).toEqual([])
  })

  it.each([
    {
      when: 'the live CRD stores another version than the scheme',
      crd: liveCrd({ storedAt: other }),
      rows: agreeing(),
      code: 'storage-version-differs',
      blocking: true,
    },
    {
      when: 'a version of the scheme is not in the live CRD',
      crd: liveCrd(),
      rows: withRow(other, { live: undefined }),
      code: 'version-not-applied',
      blocking: false,
    },
    {
      when: 'a version still stored is gone from the scheme',
      crd: liveCrd(),
      rows: withRow(other, { scheme: undefined, stored: true }),
      code: 'stored-version-gone',
      blocking: true,
    },
    {
      when: 'a version served live is gone from the scheme',
      crd: liveCrd(),
      rows: withRow(other, { scheme: undefined }),
      code: 'served-version-gone',
      blocking: true,
    },
    {
      when: "a live schema differs from the scheme's",
      crd: liveCrd(),
      rows: withRow(other, { schema: 'lacks .spec.image' }),
      code: 'schema-differs',
      blocking: false,
    },
    {
      when: 'several versions are served without a conversion webhook',
      crd: liveCrd({ strategy: 'None' }),
      rows: agreeing(),
      code: 'conversion-not-webhook',
      blocking: true,
    },
  ])('gives $code when $when', ({ crd, rows, code, blocking }) => {
    expect(findProblems(cronTab, crd, rows)).toEqual([
      expect.objectContaining({ code, blocking, fix: expect.any(String) }),
    ])
  })

  it('gives managed-fields-off-storage for managedFields left at another version after the migration', () => {
    const problems = findProblems(cronTab, liveCrd(), agreeing(), new Map([[other, 3]]))
    expect(problems.map(({ code, blocking }) => ({ code, blocking }))).toEqual([
      { code: 'managed-fields-off-storage', blocking: true },
    ])
  })

  it('leaves managedFields at a served version alone before the migration', () => {
    const crd = liveCrd({ storedVersions: [other, storage] })
    expect(findProblems(cronTab, crd, agreeing(), new Map([[other, 3]]))).toEqual([])
  })
})
