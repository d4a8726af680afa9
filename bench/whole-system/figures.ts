// The figures the whole-system bench writes under `system` in bench/results.json.
import type { Burst, Timed } from './measure.ts'

/** One webhook's figures at one round trip. */
export interface SubjectFigures {
  /** GET of one object by name at the other version. */
  readonly getOther: Timed
  /** A create at the non-storage version, with crdconv's reviews per version. */
  readonly createOther: Timed & { readonly byVersion: Readonly<Record<string, number>> }
  /** Time until a consistent LIST at the other version answers again after a CRD spec change. */
  readonly crdUpdate: Timed & { readonly tries: number }
  /** v1.20: quorum LIST at the storage version and at the other one, and the cost per object. */
  readonly list?: { readonly storage: Timed; readonly other: Timed; readonly perObjectMs: number }
  /** Current release: a create at the storage version, reviews per served version. */
  readonly writeReviews?: {
    readonly total: number
    readonly byVersion: Readonly<Record<string, number>>
  }
  /** Current release: a quorum LIST at the other version once the cache has caught up. */
  readonly listCaughtUp?: Timed
  /** Current release: bursts of writes at the storage version, and the LIST right after. */
  readonly bursts?: readonly Burst[]
}

export interface DistanceFigures {
  readonly rttMs: number
  readonly crdconv: SubjectFigures
  readonly bare: SubjectFigures
  /**
   * crdconv's stall over the bare webhook's: v1.20 the added cost per object of a LIST at the
   * other version; the current release the consistent LIST right after the first burst. null
   * when either is not above 0 (loopback, few objects: within noise).
   */
  readonly stallRatio: number | null
}

export interface IdleGap {
  readonly gapS: number
  readonly rttMs: number
  readonly subject: 'crdconv' | 'bare'
  readonly getMs: number
  /** The GET's HTTP status: 500 where the API server's reused connection had been dropped. */
  readonly status: number
  readonly newConnection: boolean
}

export interface IdleReviews {
  readonly waitedS: number
  readonly reviews: { readonly crdconv: number; readonly bare: number }
  /** Reviews per stored object per consistency check, from the wait. */
  readonly perObjectPerCheck: number
  /** perObjectPerCheck × stored objects × 3600 / 375 s (a check every 5 to 7.5 minutes). */
  readonly perHour: number
}

/** One runner behind the distance proxy: its first review after start, then after each idle gap. */
export interface PlatformFigures {
  readonly platform: string
  readonly rttMs: number
  /** The first review a runner just started answers, on a new connection, posted directly. */
  readonly firstReviewMs: number
  readonly idle: readonly {
    readonly gapS: number
    readonly getMs: number
    /** The GET's HTTP status: 500 where the API server's reused connection had been dropped. */
    readonly status: number
    readonly newConnection: boolean
  }[]
}

export interface ReleaseFigures {
  readonly release: string
  readonly version: string
  readonly current: boolean
  readonly stored: number
  readonly atDistance: readonly DistanceFigures[]
  readonly idleGaps: readonly IdleGap[]
  readonly idleReviews: IdleReviews | string
  /** The runners of each platform at the largest round trip (the current release only). */
  readonly platforms: readonly PlatformFigures[]
}

export interface SystemFigures {
  readonly date: string
  readonly load: readonly number[]
  readonly options: Record<string, unknown>
  readonly releases: readonly ReleaseFigures[]
  /** Releases not measured, and why. */
  readonly skipped: readonly string[]
  readonly seconds: number
}
