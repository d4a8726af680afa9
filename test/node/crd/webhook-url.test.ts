import { describe, expect, it } from 'vitest'
import { checkWebhookUrl } from '../../../packages/crdconv/src/crd/index.ts'

describe('checkWebhookUrl', () => {
  it('accepts an https URL with a port and a path, without warnings', () => {
    const checked = checkWebhookUrl('https://my-webhook.example.com:9443/convert')
    expect(checked).toMatchObject({ ok: true, warnings: [] })
  })

  it.each([
    ['http://example.com/convert', 'the scheme must be https'],
    ['https://user:secret@example.com/convert', 'user or password'],
    ['https://token@example.com/convert', 'user or password'],
    ['https://example.com/convert?token=1', 'must not have a query'],
    ['https://example.com/convert?', 'must not have a query'],
    ['https://example.com/convert#part', 'must not have a fragment'],
    ['example.com/convert', 'is not a URL'],
  ])('refuses %s (%s)', (url, problem) => {
    const checked = checkWebhookUrl(url)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.problems.join('\n')).toContain(problem)
  })

  it('names every broken rule at once', () => {
    const checked = checkWebhookUrl('http://u:p@example.com/c?q#f')
    expect(checked.ok ? [] : checked.problems).toHaveLength(4)
  })

  it.each([
    ['https://localhost:8443/convert', 'localhost is risky'],
    ['https://127.0.0.1/convert', '127.0.0.1 is risky'],
    ['https://203.0.113.7/convert', 'bare IP address'],
    ['https://[2001:db8::1]/convert', 'bare IP address'],
    ['https://example.com/', 'answers POST /convert'],
  ])('accepts %s with a warning (%s)', (url, warning) => {
    const checked = checkWebhookUrl(url)
    expect(checked.ok).toBe(true)
    if (checked.ok) expect(checked.warnings.join('\n')).toContain(warning)
  })

  it('allows plain http only on loopback, and only when asked (crdconv probe)', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8787/convert').ok).toBe(false)
    const local = checkWebhookUrl('http://127.0.0.1:8787/convert', { allowLoopbackHttp: true })
    expect(local).toMatchObject({ ok: true, warnings: [expect.stringContaining('plain http')] })
    expect(checkWebhookUrl('http://example.com/convert', { allowLoopbackHttp: true }).ok).toBe(
      false
    )
  })
})
