// The API server's rules for `conversion.webhook.clientConfig.url` (apiserver ValidateWebhookURL),
// plus warnings for addresses that are legal but rarely what a deployment wants.

export type WebhookUrlCheck =
  | { readonly ok: true; readonly url: URL; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly problems: readonly string[] }

export interface WebhookUrlOptions {
  /** Accept `http://` for localhost and loopback addresses, without the localhost warning (for `crdconv probe` of a local server). */
  readonly allowLoopbackHttp?: boolean
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * Checks a webhook URL the way the API server will: `https` only, a host, no `user:password@`,
 * no query, no fragment; a path is fine. Warns for localhost, bare IP addresses, and a path that
 * is not crdconv's `/convert` or `/convert/<token>`.
 *
 * @example
 * ```ts
 * checkWebhookUrl('https://crontab.example.workers.dev/convert') // { ok: true, url, warnings: [] }
 * checkWebhookUrl('http://example.com/convert?x=1') // { ok: false, problems: [...] }
 * ```
 */
export function checkWebhookUrl(text: string, options: WebhookUrlOptions = {}): WebhookUrlCheck {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, problems: [`"${text}" is not a URL (expected https://host[:port]/path)`] }
  }
  const problems: string[] = []
  const warnings: string[] = []
  const loopback = isLoopback(url.hostname)
  if (url.protocol === 'http:' && options.allowLoopbackHttp === true && loopback) {
    warnings.push('plain http: fine for a local server, but the API server only calls https URLs')
  } else if (url.protocol !== 'https:') {
    const local = options.allowLoopbackHttp === true ? ' (http only for localhost)' : ''
    problems.push(`the scheme must be https${local}, not ${url.protocol.replace(/:$/, '')}`)
  }
  if (url.hostname === '') problems.push('the URL must name a host')
  const authority = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0] ?? ''
  if (url.username !== '' || url.password !== '' || authority.includes('@')) {
    problems.push('the URL must not carry a user or password (user:password@)')
  }
  if (text.includes('?')) problems.push('the URL must not have a query (?...)')
  if (text.includes('#')) problems.push('the URL must not have a fragment (#...)')
  if (problems.length > 0) return { ok: false, problems }
  if (loopback) {
    if (options.allowLoopbackHttp !== true) {
      warnings.push(
        `${url.hostname} is risky: the API server calls it from its own host, so the webhook must run beside every API server`
      )
    }
  } else if (isIpAddress(url.hostname)) {
    warnings.push(
      `${url.hostname} is a bare IP address: the server's certificate must name it, and the address must stay the same`
    )
  }
  if (!/\/convert(\/[^/]+)?$/.test(url.pathname)) {
    warnings.push(`crdconv's webhook answers POST /convert, and this URL's path is ${url.pathname}`)
  }
  return { ok: true, url, warnings }
}

function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[')
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  )
}
