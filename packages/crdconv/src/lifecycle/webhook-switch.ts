// A CRD's conversion webhook moved from one endpoint to another: from a Go webhook's `service` to
// crdconv's `url`, and back. Pure: the CRD in, the switched CRD and what changed out.
import { isPlainObject } from '@crdconv/webhook/scheme'
import type { LiveCustomResourceDefinition } from '../cluster-client/index.ts'
import { redactPathTokens } from '../path-token/index.ts'

/** The annotation on the CRD that keeps the clientConfig a switch replaced, for the way back. */
export const PREVIOUS_CLIENT_CONFIG = 'crdconv.dev/previous-client-config'

/** A webhook's Service as a clientConfig names it: `namespace/name`, port and path. */
export interface ServiceReference {
  readonly namespace: string
  readonly name: string
  readonly port: number
  readonly path: string
}

/** Where the CRD's webhook goes: a URL, a Service, or back to the clientConfig the last switch replaced. */
export type SwitchTarget =
  | { readonly url: string; readonly caBundle?: string | undefined }
  | { readonly service: ServiceReference; readonly caBundle?: string | undefined }
  | { readonly previous: true }

export interface WebhookSwitch {
  readonly crd: LiveCustomResourceDefinition
  readonly before: Readonly<Record<string, unknown>>
  readonly after: Readonly<Record<string, unknown>>
}

/**
 * The CRD with `spec.conversion.webhook.clientConfig` set to `target`, the replaced clientConfig
 * kept in `PREVIOUS_CLIENT_CONFIG`; or why it cannot switch (no webhook conversion, nothing to go
 * back to), naming the CRD.
 *
 * @example
 * ```ts
 * const switched = switchWebhook(crd, { url: 'https://pools.example.workers.dev/convert/TOKEN' })
 * if (typeof switched !== 'string') describeSwitch(switched) // '- service: pools/pool-webhook:443/convert\n+ url: ...'
 * ```
 */
export function switchWebhook(
  crd: LiveCustomResourceDefinition,
  target: SwitchTarget
): WebhookSwitch | string {
  const name = crd.metadata?.name ?? crd.spec.group
  const conversion = crd.spec.conversion ?? {}
  const webhook = isPlainObject(conversion['webhook']) ? conversion['webhook'] : undefined
  if (conversion['strategy'] !== 'Webhook' || webhook === undefined) {
    return `CRD ${name} has no webhook conversion (strategy ${String(conversion['strategy'] ?? 'None')}): nothing to switch`
  }
  const before = isPlainObject(webhook['clientConfig']) ? webhook['clientConfig'] : {}
  const metadata = (crd.metadata ?? {}) as Record<string, unknown>
  const annotations = isPlainObject(metadata['annotations']) ? metadata['annotations'] : {}
  let after: Record<string, unknown>
  if ('previous' in target) {
    const kept = annotations[PREVIOUS_CLIENT_CONFIG]
    if (typeof kept !== 'string') {
      return `CRD ${name} has no ${PREVIOUS_CLIENT_CONFIG} annotation: name the Service to go back to (--to-service namespace/name[:port][/path] --ca-bundle ca.pem)`
    }
    after = JSON.parse(kept) as Record<string, unknown>
  } else if ('url' in target) {
    after = {
      url: target.url,
      ...(target.caBundle === undefined ? {} : { caBundle: target.caBundle }),
    }
  } else {
    after = {
      service: { ...target.service },
      ...(target.caBundle === undefined ? {} : { caBundle: target.caBundle }),
    }
  }
  const switched = {
    ...crd,
    metadata: {
      ...metadata,
      annotations: { ...annotations, [PREVIOUS_CLIENT_CONFIG]: JSON.stringify(before) },
    },
    spec: {
      ...crd.spec,
      conversion: { ...conversion, webhook: { ...webhook, clientConfig: after } },
    },
  } as unknown as LiveCustomResourceDefinition
  return { crd: switched, before, after }
}

/** The switch as a diff of the clientConfig: `-` lines before, `+` lines after (caBundle shortened). */
export function describeSwitch({ before, after }: WebhookSwitch): string {
  return [...clientConfigLines(before, '-'), ...clientConfigLines(after, '+')].join('\n') + '\n'
}

function clientConfigLines(config: Readonly<Record<string, unknown>>, sign: string): string[] {
  const lines: string[] = []
  if (typeof config['url'] === 'string')
    lines.push(`${sign} url: ${redactPathTokens(config['url'])}`)
  const service = config['service']
  if (isPlainObject(service)) {
    const port = service['port'] ?? 443
    const path = service['path'] ?? ''
    lines.push(
      `${sign} service: ${String(service['namespace'])}/${String(service['name'])}:${String(port)}${String(path)}`
    )
  }
  if (typeof config['caBundle'] === 'string') {
    lines.push(`${sign} caBundle: ${config['caBundle'].length} base64 characters`)
  }
  return lines
}
