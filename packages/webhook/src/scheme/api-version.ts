/** A Kubernetes `apiVersion` split into its group and version (`example.com/v1`). */
export interface GroupVersion {
  readonly group: string
  readonly version: string
}

/** Splits `group/version`; answers `undefined` for anything else (core `v1` has no group, so no CRD uses it). */
export function parseApiVersion(apiVersion: unknown): GroupVersion | undefined {
  if (typeof apiVersion !== 'string') return undefined
  const slash = apiVersion.indexOf('/')
  if (slash <= 0 || slash === apiVersion.length - 1 || apiVersion.indexOf('/', slash + 1) !== -1) {
    return undefined
  }
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) }
}

export function formatApiVersion(group: string, version: string): string {
  return `${group}/${version}`
}
