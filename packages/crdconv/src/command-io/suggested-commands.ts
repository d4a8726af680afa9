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
}

/** The commands, each a line to paste. */
export interface SuggestedCommands {
  /** `crdconv crd … | kubectl apply -f -`, with `--url` from `webhookUrl` (its path token dropped: crd adds it). */
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
