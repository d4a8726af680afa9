import { describe, expect, it } from 'vitest'
import type { LiveCustomResourceDefinition } from '../../../packages/crdconv/src/cluster-client/index.ts'
import {
  describeSwitch,
  PREVIOUS_CLIENT_CONFIG,
  switchWebhook,
  type WebhookSwitch,
} from '../../../packages/crdconv/src/lifecycle/index.ts'

const service = { namespace: 'pools', name: 'pool-webhook', port: 443, path: '/convert' }
const poolCrd = (conversion: Record<string, unknown>) =>
  ({
    metadata: { name: 'pools.takeover.crdconv.dev', resourceVersion: '42' },
    spec: {
      group: 'takeover.crdconv.dev',
      names: {},
      scope: 'Namespaced',
      versions: [],
      conversion,
    },
  }) as unknown as LiveCustomResourceDefinition
const webhookCrd = poolCrd({
  strategy: 'Webhook',
  webhook: { conversionReviewVersions: ['v1'], clientConfig: { service, caBundle: 'Q0E=' } },
})

describe("switching a live CRD's conversion webhook", () => {
  it('moves a service clientConfig to a URL, keeping the rest of the CRD and the old clientConfig', () => {
    const switched = switchWebhook(webhookCrd, {
      url: 'https://pools.example.workers.dev/convert/s3cret',
    }) as WebhookSwitch
    expect(switched.crd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: { url: 'https://pools.example.workers.dev/convert/s3cret' },
      },
    })
    expect(switched.crd.metadata).toMatchObject({ resourceVersion: '42' })
    expect(describeSwitch(switched)).toBe(
      [
        '- service: pools/pool-webhook:443/convert',
        '- caBundle: 4 base64 characters',
        '+ url: https://pools.example.workers.dev/convert/<redacted>',
        '',
      ].join('\n')
    )
  })

  it('goes back to exactly the clientConfig the last switch replaced', () => {
    const there = switchWebhook(webhookCrd, { url: 'https://x.example/convert' }) as WebhookSwitch
    const back = switchWebhook(there.crd, { previous: true }) as WebhookSwitch
    expect(back.after).toEqual({ service, caBundle: 'Q0E=' })
    expect(back.crd.spec.conversion).toEqual(webhookCrd.spec.conversion)
  })

  it('goes to a named Service with its caBundle', () => {
    const there = switchWebhook(webhookCrd, { url: 'https://x.example/convert' }) as WebhookSwitch
    const back = switchWebhook(there.crd, { service, caBundle: 'Tk9X' }) as WebhookSwitch
    expect(back.after).toEqual({ service, caBundle: 'Tk9X' })
  })

  it.each([
    [
      'a CRD without webhook conversion',
      poolCrd({ strategy: 'None' }),
      { url: 'https://x.example/c' },
      /has no webhook conversion/,
    ],
    [
      'the way back with nothing kept',
      webhookCrd,
      { previous: true } as const,
      new RegExp(`no ${PREVIOUS_CLIENT_CONFIG} annotation`),
    ],
  ])('refuses %s, naming the CRD', (_, crd, target, message) => {
    const refused = switchWebhook(crd, target)
    expect(refused).toMatch(message)
    expect(refused).toMatch(/pools\.takeover\.crdconv\.dev/)
  })
})
