// The crdconv commands a report suggests, written for the scheme, resource and cluster the user
// named, so they can be pasted as they are: no `--scheme S`, and kubectl at the same context.
import { shellWord } from './wording.ts'

/** What the user named: the scheme and resource, the cluster, and whether package.json has the URL. */
export interface CommandSelection {
  readonly scheme?: string | undefined
  readonly resource?: string | undefined
  readonly kubeconfig?: string | undefined
  readonly context?: string | undefined
  /** package.json's `"crdconv": { "url" }` is set: `crdconv crd` needs no `--url`. */
  readonly urlConfigured?: boolean
  /**
   * The cluster is `crdconv dev`'s ({@link LOCAL_DEV_CONTEXT}): it applies the CRD, with its local
   * webhook's `caBundle`, each time the scheme is saved; `crdconv crd --url` would drop that.
   */
  readonly localDev?: boolean
}

/** The kubeconfig context `crdconv dev` writes. */
export const LOCAL_DEV_CONTEXT = 'crdconv-dev'

/** The commands, each a line to paste. */
export interface SuggestedCommands {
  /**
   * `crdconv crd … | kubectl apply -f -`, with `--url` from `webhookUrl` (its path token dropped:
   * crd adds it); on `crdconv dev`'s cluster, saving the scheme.
   */
  crd(webhookUrl?: string): string
  /** `crdconv migrate …`, with `more` (like `--server-side`) after it. */
  migrate(more?: string): string
  /** `crdconv retire … | kubectl apply -f -`. */
  retire(): string
}

/**
 * The commands for `selection`; `suggestedCommands({})` for the defaults (the project's scheme,
 * the current context).
 *
 * @example
 * ```ts
 * suggestedCommands({ scheme: 'src/scheme.ts', context: 'prod' }).migrate()
 * // 'crdconv migrate --scheme src/scheme.ts --context prod'
 * ```
 */
export function suggestedCommands(selection: CommandSelection): SuggestedCommands {
  const option = (name: string, value: string | undefined) =>
    value === undefined ? [] : [name, shellWord(value)]
  const cluster = [
    ...option('--kubeconfig', selection.kubeconfig),
    ...option('--context', selection.context),
  ]
  const crdconv = (command: string, more: readonly string[] = []) =>
    [
      'crdconv',
      command,
      ...option('--scheme', selection.scheme),
      ...option('--resource', selection.resource),
      ...cluster,
      ...more,
    ].join(' ')
  const apply = ['kubectl', ...cluster, 'apply', '-f', '-'].join(' ')
  return {
    crd: (webhookUrl) => {
      if (selection.localDev === true) {
        return `save ${selection.scheme ?? 'the scheme'} (crdconv dev applies its CRD)`
      }
      const url =
        selection.urlConfigured === true
          ? []
          : [
              '--url',
              webhookUrl === undefined
                ? "'https://<your-webhook>/convert'"
                : shellWord(withoutPathToken(webhookUrl)),
            ]
      return `${crdconv('crd', url)} | ${apply}`
    },
    migrate: (more) => crdconv('migrate', more === undefined ? [] : [more]),
    retire: () => `${crdconv('retire')} | ${apply}`,
  }
}

/** `https://x.example/convert/<token>` as `https://x.example/convert`: `crdconv crd` adds the token. */
function withoutPathToken(url: string): string {
  return url.replace(/(\/convert)\/[^/?#]*$/, '$1')
}
