/** Which resource: its group, kind and plural, and the two names built from them. */
export interface ResourceIdentity {
  readonly group: string
  readonly kind: string
  readonly plural: string
  /** `plural.group`, the CRD's `metadata.name`: `crontabs.example.com`. */
  readonly crdName: string
  /** `Kind.group`, how messages name the resource: `CronTab.example.com`. */
  readonly groupKind: string
}

/** `Kind.group`, before the names are resolved (a definition's messages use it). */
export function formatGroupKind(kind: string, group: string): string {
  return `${kind}.${group}`
}

/**
 * The identity of the resource `kind` in `group` served as `plural`.
 *
 * @example
 * ```ts
 * resourceIdentity('example.com', 'CronTab', 'crontabs').crdName // 'crontabs.example.com'
 * ```
 */
export function resourceIdentity(group: string, kind: string, plural: string): ResourceIdentity {
  return {
    group,
    kind,
    plural,
    crdName: `${plural}.${group}`,
    groupKind: formatGroupKind(kind, group),
  }
}
