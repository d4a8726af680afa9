// A webhook that is down (connection refused) or erroring (answers Failed, or HTTP 500), on each
// API server release: which kubectl operations fail and with what text, which keep working, and
// `crdconv status` naming it with exit code 1. docs/operations.md quotes the texts seen here.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  startDistanceProxy,
  type DistanceProxy,
} from '../../../tools/distance-proxy/distance-proxy.ts'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import {
  KUBECTL_TIMEOUT,
  createCronTabs,
  cronTab,
  cronTabs,
  conversionLabForSuite,
  placeholders,
  until,
} from './conversion-lab.ts'
import type { WebhookMode } from './counting-webhook.ts'

const OPERATIONS_DOC = readFileSync(
  join(import.meta.dirname, '../../../docs/operations.md'),
  'utf8'
)

type Era = 'oldest' | 'current'

interface Operation {
  readonly name: string
  readonly args: (tag: string) => readonly string[]
  readonly input?: (tag: string) => string
  /** Whether it still works while the webhook is broken, per release. */
  readonly works: Readonly<Record<Era, boolean>>
}

const both = (works: boolean) => ({ oldest: works, current: works })

/** In this order, from the moment the webhook broke: the first LIST comes before any write. */
const OPERATIONS: readonly Operation[] = [
  {
    name: 'get one at v1',
    args: () => ['get', 'crontabs.v1.example.com', 'seed-1'],
    works: both(false),
  },
  {
    name: 'get one at v1beta1 (storage)',
    args: () => ['get', 'crontabs.v1beta1.example.com', 'seed-1'],
    works: both(true),
  },
  {
    name: 'list at v1, no write since it broke',
    args: () => ['get', 'crontabs.v1.example.com'],
    works: { oldest: false, current: true },
  },
  {
    name: 'create at v1beta1 (storage)',
    args: () => ['create', '-f', '-'],
    input: (tag) => JSON.stringify(cronTab('v1beta1', `made-${tag}`)),
    works: both(true),
  },
  {
    name: 'label at v1beta1 (storage)',
    args: (tag) => [
      'label',
      'crontabs.v1beta1.example.com',
      'seed-2',
      `broken=${tag}`,
      '--overwrite',
    ],
    works: both(true),
  },
  {
    name: 'list at v1 after a write',
    args: () => ['get', 'crontabs.v1.example.com'],
    works: both(false),
  },
  {
    name: 'list at v1beta1 (storage)',
    args: () => ['get', 'crontabs.v1beta1.example.com'],
    works: both(true),
  },
  {
    name: 'create at v1',
    args: () => ['create', '-f', '-'],
    input: (tag) => JSON.stringify(cronTab('v1', `made-v1-${tag}`)),
    works: both(false),
  },
  {
    name: 'delete at v1beta1 (storage)',
    args: (tag) => ['delete', 'crontabs.v1beta1.example.com', `made-${tag}`],
    works: both(true),
  },
  {
    name: 'create a ConfigMap (another resource)',
    args: (tag) => ['create', 'configmap', `other-${tag}`],
    works: both(true),
  },
]

describeWithApiServer('a broken webhook', (release) => {
  const era: Era = release.name.includes('(oldest)') ? 'oldest' : 'current'
  const lab = conversionLabForSuite(release)
  let restarted: DistanceProxy | undefined
  const seen = new Set<string>()

  beforeAll(async () => {
    await createCronTabs(lab, 'seed', 5)
    await lab.webhook.settle()
  }, API_SERVER_START_MS)
  afterAll(() => restarted?.close())

  /** Runs every operation; answers which worked, and keeps each failure's text. */
  const tryOperations = async (tag: string) => {
    const outcome: Record<string, boolean> = {}
    for (const operation of OPERATIONS) {
      const run = await lab.kubeRun(operation.args(tag), operation.input?.(tag))
      outcome[operation.name] = run.code === 0
      if (run.code !== 0) seen.add(placeholders(run.stderr))
    }
    return outcome
  }
  const expected = Object.fromEntries(
    OPERATIONS.map((operation) => [operation.name, operation.works[era]])
  )

  /** Mends the webhook and waits until a LIST at v1 answers again. */
  const whenMended = async () => {
    await until(async () => (await lab.api('GET', cronTabs('v1'))).status === 200)
    await lab.webhook.settle()
  }

  it.each([
    [
      'failed',
      'answers every review Failed',
      'the webhook answers with an error: conversion webhook for example.com/v1, Kind=CronTab failed: broken on purpose',
    ],
    [
      'http-500',
      'answers HTTP 500',
      'the webhook answers with an error: conversion webhook for example.com/v1, Kind=CronTab failed: an error on the server ("broken on purpose")',
    ],
  ] as const)(
    'a webhook that %s: status exits 1 naming it; reads and writes at v1 fail, the storage version and other resources keep working',
    async (mode: WebhookMode, _how, message) => {
      lab.webhook.answer(mode)
      try {
        const run = await lab.status()
        expect(run.code).toBe(1)
        expect(run.stdout).toContain('webhook state: ERRORING')
        expect(run.stdout).toContain(message)
        expect(run.stdout).toContain('fix: redeploy a working webhook')
        expect(await tryOperations(mode)).toEqual(expected)
      } finally {
        lab.webhook.answer('convert')
      }
      await whenMended()
    }
  )

  it('a webhook that is down (connection refused): status exits 1 naming the URL, its token redacted; the same operations fail and work', async () => {
    const port = lab.proxy.port
    await lab.proxy.close()
    try {
      const run = await lab.status()
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('webhook state: DOWN')
      expect(run.stdout).toContain(
        `the webhook is down: the API server cannot reach https://127.0.0.1:${port}/convert/<redacted>`
      )
      expect(run.stdout).toContain('connect: connection refused')
      expect(run.stdout).toMatch(
        /point the CRD where it runs: crdconv crd .*--url '\S+' \| kubectl .*apply -f -/
      )
      expect(run.stdout).not.toMatch(/--scheme S\b|--url URL/)
      expect(await tryOperations('down')).toEqual(expected)
    } finally {
      restarted = await startDistanceProxy({
        targetHost: '127.0.0.1',
        targetPort: lab.webhook.port,
        oneWayMs: 0,
        port,
      })
    }
    await whenMended()
    expect((await lab.status()).code).toBe(0)
  })

  it("docs/operations.md has each operation's row for this release", () => {
    const rows = OPERATIONS_DOC.split('\n').map((line) => line.replace(/ +/g, ' '))
    const word = (works: boolean) => (works ? 'works' : 'fails')
    for (const { name, works } of OPERATIONS) {
      const row = rows.find((line) => line.startsWith(`| ${name} |`))
      expect(row, name).toBeDefined()
      const cells = (row ?? '').split('|').map((cell) => cell.trim())
      expect(cells[era === 'oldest' ? 2 : 3], name).toBe(word(works[era]))
    }
  })

  it('docs/operations.md quotes every error text kubectl printed, and the LIST timeout', () => {
    expect(seen.size).toBeGreaterThan(0)
    const missing = [...seen, KUBECTL_TIMEOUT].filter((text) => !OPERATIONS_DOC.includes(text))
    expect(missing).toEqual([])
  })
})
