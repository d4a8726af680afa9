// Kubernetes' version order (apimachinery CompareKubeAwareVersionStrings), the order kubectl
// uses to pick a resource's default version.
export const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/

const STABILITY = { '': 3, beta: 2, alpha: 1 } as const

interface KubeVersion {
  readonly major: number
  readonly stability: number
  readonly minor: number
}

function parseKubeVersion(version: string): KubeVersion | undefined {
  const match = KUBE_VERSION.exec(version)
  if (match === null) return undefined
  const stability = (match[2] ?? '') as keyof typeof STABILITY
  return { major: Number(match[1]), stability: STABILITY[stability], minor: Number(match[3] ?? 0) }
}

/**
 * Negative when `a` has the higher priority: GA before beta before alpha, larger numbers first,
 * and names that are not Kubernetes versions last, alphabetically (`foo1` before `foo10`).
 */
export function compareVersionPriority(a: string, b: string): number {
  const left = parseKubeVersion(a)
  const right = parseKubeVersion(b)
  if (left === undefined && right === undefined) return a < b ? -1 : a > b ? 1 : 0
  if (left === undefined) return 1
  if (right === undefined) return -1
  return right.stability - left.stability || right.major - left.major || right.minor - left.minor
}

/**
 * Versions from highest to lowest priority, as the API server lists them.
 *
 * @example
 * ```ts
 * sortByVersionPriority(['v1beta1', 'v1', 'v2alpha1']) // ['v1', 'v1beta1', 'v2alpha1']
 * ```
 */
export function sortByVersionPriority(versions: readonly string[]): string[] {
  return [...versions].sort(compareVersionPriority)
}
