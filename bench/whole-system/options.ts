// The whole-system bench's command line: `npm run bench:system -- --rtt 0,20 --objects 200`.
/** The runners `--platforms` names, one per platform the webhook ships for. */
export const PLATFORM_NAMES = ['node', 'worker', 'lambda'] as const
export type PlatformName = (typeof PLATFORM_NAMES)[number]

const isPlatformName = (name: string): name is PlatformName =>
  (PLATFORM_NAMES as readonly string[]).includes(name)

export interface SystemOptions {
  /** Round trips the distance proxies add, in ms (each direction gets half). */
  readonly rttMs: readonly number[]
  /** Objects stored per CRD. */
  readonly objects: number
  /** Burst sizes on the current release (writes sent at once); more objects are stored if needed. */
  readonly bursts: readonly number[]
  /** Pauses before the first review after idle, in s, at the largest round trip. */
  readonly idleGapsS: readonly number[]
  /** Wait ~8 minutes on the current release for the cache consistency check's reviews. */
  readonly idle: boolean
  /** Runners measured after start and after idle on the current release: node, worker, lambda. */
  readonly platforms: readonly PlatformName[]
  /** Only the releases whose name contains this (e.g. `v1.20`); all when undefined. */
  readonly release: string | undefined
}

export const DEFAULT_SYSTEM_OPTIONS: SystemOptions = {
  rttMs: [0, 20, 50, 100],
  objects: 200,
  bursts: [100],
  idleGapsS: [10],
  idle: false,
  platforms: PLATFORM_NAMES,
  release: undefined,
}

const USAGE =
  'usage: bench:system [--rtt 0,20,50,100] [--objects 200] [--burst 100,1000] [--idle-gaps 10,60,120] [--idle] [--platforms node,worker,lambda|none] [--release v1.20]'

function numbers(flag: string, text: string | undefined): number[] {
  const values = (text ?? '').split(',').map((part) => Number(part.trim()))
  if (values.length === 0 || values.some((value) => !Number.isFinite(value) || value < 0)) {
    throw new Error(`${flag} takes numbers from 0 up, separated by commas, got ${text}\n${USAGE}`)
  }
  return values
}

function platformNames(text: string | undefined): PlatformName[] {
  if (text === 'none') return []
  const names = (text ?? '').split(',').map((part) => part.trim())
  if (!names.every(isPlatformName)) {
    throw new Error(`--platforms takes ${PLATFORM_NAMES.join(', ')} or none, got ${text}\n${USAGE}`)
  }
  return names
}

/** Reads the flags after `npm run bench:system --`; throws with the usage on a mistake. */
export function parseSystemOptions(argv: readonly string[]): SystemOptions {
  let options: SystemOptions = DEFAULT_SYSTEM_OPTIONS
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index] as string
    const value = () => {
      index += 1
      return argv[index]
    }
    if (flag === '--rtt') options = { ...options, rttMs: numbers(flag, value()) }
    else if (flag === '--objects') {
      const [objects] = numbers(flag, value())
      if (objects === undefined || objects < 1 || !Number.isInteger(objects)) {
        throw new Error(`--objects takes a whole number from 1\n${USAGE}`)
      }
      options = { ...options, objects }
    } else if (flag === '--burst') options = { ...options, bursts: numbers(flag, value()) }
    else if (flag === '--idle-gaps') options = { ...options, idleGapsS: numbers(flag, value()) }
    else if (flag === '--idle') options = { ...options, idle: true }
    else if (flag === '--platforms') options = { ...options, platforms: platformNames(value()) }
    else if (flag === '--release') options = { ...options, release: value() }
    else throw new Error(`unknown flag ${flag}\n${USAGE}`)
  }
  return options
}
