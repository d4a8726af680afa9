// What conversionCoverage reports, and the options it takes: the coverage report's shape.
import type { KubeObject } from '@crdconv/webhook/scheme'
import type { CorpusObject } from '../corpus/index.ts'

/** Generated objects per pair of versions: this many whole ones and as many partial ones. */
export const DEFAULT_COVERAGE_RUNS = 50

export interface CoverageOptions {
  /** Whole objects generated per pair of versions, and as many partial ones; default 50. */
  readonly numRuns?: number
  /** fast-check seed: the same seed gives the same report; default 0. */
  readonly seed?: number
  /** Only these `[from, to]` pairs; default every ordered pair of versions. */
  readonly pairs?: readonly (readonly [string, string])[]
  /** Hand-written objects, followed beside the generated ones at their version (seeds). */
  readonly examples?: readonly KubeObject[]
  /** A folder of recorded objects: those of the resource are followed too (seeds). */
  readonly recorded?: readonly CorpusObject[]
}

/** What becomes of a field of the source version; `SourceFieldCoverage` says each. */
export const SOURCE_OUTCOMES = [
  'carried',
  'moved',
  'stashed',
  'annotated',
  'lost',
  'unvaried',
] as const

/** How a field of the target version is filled; `TargetFieldCoverage` says each. */
export const TARGET_OUTCOMES = ['filled', 'constant', 'never-filled', 'refused'] as const

/** What became of one field of the source version. */
export interface SourceFieldCoverage {
  readonly field: string
  /**
   * `carried` to the same field, `moved` to others only, `stashed` in the stash annotation only,
   * `annotated` in an annotation of the author's own only (`move.removed` with `annotation`),
   * `lost` (no change of it changes the answer), `unvaried` (never generated with two values).
   */
  readonly outcome: (typeof SOURCE_OUTCOMES)[number]
  /** The target fields that change when it does. */
  readonly to: readonly string[]
  /** The stash entries (`spec.encryption`) that change when it does. */
  readonly stashedAs: readonly string[]
  /**
   * The declared annotations of the author's own that change when it does (`tekton.dev/v1beta1Resources`,
   * or `cluster.x-k8s.io/conversion-data spec.topology` where the annotation holds the whole object);
   * present only when there is one.
   */
  readonly annotatedAs?: readonly string[]
}

/** How one field of the target version is filled. */
export interface TargetFieldCoverage {
  readonly field: string
  /**
   * `filled` from source fields, `constant` (filled, by no source field), `never-filled`, or
   * `refused`: filled with values the target version's schema refuses.
   */
  readonly outcome: (typeof TARGET_OUTCOMES)[number]
  /** The source fields whose change changes it. */
  readonly from: readonly string[]
  /** The default the target schema gives it, if any. */
  readonly default?: unknown
  /** Why the target schema refused a value, with one such value: generated, never a user's. */
  readonly refused?: { readonly reason: string; readonly example: unknown }
}

/** Coverage of one converter path, from one version to another. */
export interface PairCoverage {
  readonly from: string
  readonly to: string
  /** Objects converted (seeds and generated); those whose conversion failed are left out, and counted. */
  readonly objects: number
  /** Of `objects`, how many are seeds (examples, objects given, recorded ones) or grown from them. */
  readonly seeds: number
  /** Objects whose conversion failed, `failure` the first one's message. */
  readonly failed: number
  readonly failure?: string
  /**
   * Objects left out as over the stash's budget (`stash-too-large`), not counted as `failed`:
   * a limit of the two versions, not a converter's failure.
   */
  readonly overBudget: number
  readonly sources: readonly SourceFieldCoverage[]
  readonly targets: readonly TargetFieldCoverage[]
}

export interface CoverageReport {
  /** `CronTab.example.com` */
  readonly resource: string
  readonly pairs: readonly PairCoverage[]
}
