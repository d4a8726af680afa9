// Backups whose stash annotation was written by hand, with the hash crdconv would compute, so the
// v1beta1 → v1 converter trusts it and restores whatever it holds: how anyone able to write an
// object can try to get past the limits that only see the annotation as a string.
import { canonicalJson, fnv1a64 } from '../../packages/webhook/src/scheme/index.ts'
import { conversionReview } from './review-factory.ts'

const STASH_KEY = 'example.com/conversion-stash'

export interface HostileStash {
  /** Nesting of the stashed `encryption` value (1 is a flat array). */
  readonly depth?: number
  /** Characters of padding in the stashed value. */
  readonly padding?: number
  readonly name?: string
}

/** A stored v1beta1 Backup whose stash holds `encryption` for v1, as JSON text. */
export function stashedBackupText({ depth = 1, padding = 0, name = 'db' }: HostileStash): string {
  const spec = { schedule: '0 3 * * *', destination: 'backups/db', retention: 7 }
  const hash = fnv1a64(canonicalJson({ spec }))
  const value = `${'['.repeat(depth)}"${'x'.repeat(padding)}"${']'.repeat(depth)}`
  const stash = `{"v1":{"fields":{"encryption":${value}},"hash":"${hash}"}}`
  return JSON.stringify({
    apiVersion: 'example.com/v1beta1',
    kind: 'Backup',
    metadata: { name, namespace: 'prod', uid: 'b-1', annotations: { [STASH_KEY]: stash } },
    spec,
  })
}

/** A review asking for that Backup at v1, as the text on the wire. */
export function stashedBackupReview(stash: HostileStash, uid = 'stash'): string {
  const review = conversionReview({ uid, desiredAPIVersion: 'example.com/v1', objects: [] })
  return JSON.stringify(review).replace('"objects":[]', `"objects":[${stashedBackupText(stash)}]`)
}
