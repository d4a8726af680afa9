// The stash as a zod object in hand-written converters: `stashFields` takes what the schema
// describes, `restoreStashedFields` gives back its output, and an entry that fails it is stale,
// with a code, never cast.
import { describe, expect, expectTypeOf, it } from 'vitest'
import * as z from 'zod/mini'
import {
  restoreStashedFields,
  stashFields,
  type ConversionContext,
  type KubeObject,
  type StashedFields,
} from '../../../packages/webhook/src/scheme/index.ts'
import { deepFreeze } from '../../../packages/crdconv/src/testing/index.ts'

const KEY = 'example.com/conversion-stash'

const down: ConversionContext = {
  group: 'example.com',
  kind: 'Backup',
  from: 'v1',
  to: 'v1beta1',
  sourceVersion: 'v1',
  targetVersion: 'v1beta1',
}
const up: ConversionContext = {
  ...down,
  from: 'v1beta1',
  to: 'v1',
  sourceVersion: 'v1beta1',
  targetVersion: 'v1',
}

const EncryptionStash = z.object({
  encryption: z.object({ keyRef: z.string(), rotate: z.optional(z.boolean()) }),
  retries: z.int(),
})

const atV1beta1 = deepFreeze({
  apiVersion: 'example.com/v1beta1',
  kind: 'Backup',
  metadata: { name: 'db', namespace: 'prod' },
  spec: { destination: 'backups/db' },
})

/** `atV1beta1` carrying a stash entry for v1 whose fields are `fields`, its hash as written. */
function withEntry(fields: Record<string, unknown>): KubeObject {
  const written: KubeObject = stashFields(atV1beta1, down, { encryption: { keyRef: 'k' } })
  const stash = JSON.parse(written.metadata?.annotations?.[KEY] ?? '{}')
  stash.v1.fields = fields
  return deepFreeze({
    ...atV1beta1,
    metadata: { ...atV1beta1.metadata, annotations: { [KEY]: JSON.stringify(stash) } },
  })
}

describe('a stash with a schema, written and read by hand', () => {
  it('writes the same annotation as the untyped form', () => {
    const fields = { encryption: { keyRef: 'backup-key' }, retries: 3 }
    const typed = stashFields(atV1beta1, down, fields, { schema: EncryptionStash })
    expect(typed).toEqual(stashFields(atV1beta1, down, fields))
  })

  it('gives back the schema output, typed, and removes the entry', () => {
    const stashed = stashFields(atV1beta1, down, { encryption: { keyRef: 'k' }, retries: 2 })
    const restored = restoreStashedFields(stashed, up, { schema: EncryptionStash })
    expectTypeOf(restored.fields).toEqualTypeOf<
      | StashedFields<{ encryption: { keyRef: string; rotate?: boolean }; retries: number }>
      | undefined
    >()
    expect(restored).toEqual({
      object: { ...atV1beta1, metadata: { ...atV1beta1.metadata, annotations: {} } },
      fields: { encryption: { keyRef: 'k' }, retries: 2 },
      outcome: 'restored',
    })
  })

  it('gives back any subset of the fields: a stash holds what the converter had', () => {
    const restored = restoreStashedFields(withEntry({ retries: 4 }), up, {
      schema: EncryptionStash,
    })
    expect(restored.outcome).toBe('restored')
    expect(restored.fields).toEqual({ retries: 4 })
  })

  it.each([
    {
      case: 'a field of another type',
      fields: { encryption: { keyRef: 7 } },
      path: 'encryption.keyRef',
      names: 'encryption.keyRef (invalid_type)',
    },
    {
      case: 'a field the schema does not name',
      fields: { retries: 1, compression: 'zstd' },
      path: 'compression',
      names: 'compression (not in the schema)',
    },
    {
      case: 'a number that is not an integer',
      fields: { retries: 1.5 },
      path: 'retries',
      names: 'retries (invalid_type)',
    },
  ])(
    'drops an entry with $case as stale, naming the field, never cast',
    ({ fields, path, names }) => {
      const restored = restoreStashedFields(withEntry(fields), up, { schema: EncryptionStash })
      expect(restored.outcome).toBe('stale')
      expect(restored.fields).toBeUndefined()
      expect(restored.object.metadata?.annotations).toEqual({})
      expect(restored.stale?.code).toBe('stash-unreadable')
      expect(restored.stale?.path).toBe(path)
      expect(restored.stale?.message).toContain(
        `the stash entry of v1 on Backup prod/db does not match the stash schema at ${names}`
      )
    }
  )

  it('quotes no stashed value in the problem: a stash holds the object’s fields', () => {
    const secret = 'hunter2-secret-value'
    const restored = restoreStashedFields(withEntry({ encryption: { keyRef: 1, x: secret } }), up, {
      schema: z.object({ encryption: z.strictObject({ keyRef: z.string() }) }),
    })
    expect(restored.outcome).toBe('stale')
    expect(restored.stale?.message).not.toContain(secret)
  })

  it('reports an entry written before an edit as stale with its own code', () => {
    const stashed = stashFields(atV1beta1, down, { retries: 2 })
    const edited = { ...stashed, spec: { destination: 'elsewhere/db' } }
    const restored = restoreStashedFields(edited, up, { schema: EncryptionStash })
    expect(restored.outcome).toBe('stale')
    expect(restored.stale?.code).toBe('stash-edited')
    expect(restored.stale?.message).toContain('the stash entry of v1 on Backup prod/db')
    // the untyped form reports it the same way
    expect(restoreStashedFields(edited, up).stale?.code).toBe('stash-edited')
  })

  it('refuses, at compile time, a field of the wrong type or one the schema does not name', () => {
    const options = { schema: EncryptionStash }
    // @ts-expect-error retries is an integer in the schema, not text
    stashFields(atV1beta1, down, { retries: 'three' }, options)
    // @ts-expect-error compression is no field of the schema
    stashFields(atV1beta1, down, { compression: 'zstd' }, options)
    // a field may be undefined: it is left out, as without a schema
    const kept = stashFields(atV1beta1, down, { retries: undefined }, options)
    expect(kept).toBe(atV1beta1)
  })

  it('types the untyped form’s fields as unknown values, not as what a caller claims', () => {
    const restored = restoreStashedFields(withEntry({ retries: 4 }), up)
    expectTypeOf(restored.fields).toEqualTypeOf<
      StashedFields<Readonly<Record<string, unknown>>> | undefined
    >()
    expect(restored.fields).toEqual({ retries: 4 })
  })
})
