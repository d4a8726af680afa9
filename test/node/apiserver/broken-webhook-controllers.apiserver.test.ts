// A webhook that breaks under a watch at the non-storage version, and under kube-controller-manager's
// garbage collector and namespace controller, on each API server release: what a watcher sees,
// whether a dependent is collected and a namespace goes away. docs/operations.md quotes it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  startDistanceProxy,
  type DistanceProxy,
} from '../../../tools/distance-proxy/distance-proxy.ts'
import {
  API_SERVER_START_MS,
  describeWithApiServer,
  hasControllerManager,
} from '../../support/api-server.ts'
import {
  GROUP,
  createCronTabs,
  cronTab,
  cronTabs,
  conversionLabForSuite,
  placeholders,
  until,
  type OpenWatch,
} from './conversion-lab.ts'
import type { WebhookMode } from './counting-webhook.ts'

const OPERATIONS_DOC = readFileSync(
  join(import.meta.dirname, '../../../docs/operations.md'),
  'utf8'
)
/** The controllers that collect dependents and empty a deleted namespace. */
const CONTROLLERS = ['garbage-collector-controller', 'namespace-controller']

/** How long a check waits for something that may not come (the API server retries each second). */
const PATIENCE_MS = 8_000

/** Settles with whether `check()` held within `ms`, polling as `until` does. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return true
}

type Era = 'oldest' | 'current'
type Breakage = WebhookMode | 'down'
interface WatchOutcome {
  readonly events: readonly string[]
  readonly ended: boolean
}

/**
 * What a watch at v1, opened while the webhook worked, saw after it broke and a CronTab was
 * written at v1beta1 (`broken`, within PATIENCE_MS), and once it was mended (`mended`), as
 * observed on each release. No ERROR event on either.
 */
const WATCHER: Record<
  Era,
  Record<Exclude<Breakage, 'convert'>, Record<'broken' | 'mended', WatchOutcome>>
> = {
  oldest: {
    failed: { broken: { events: [], ended: true }, mended: { events: [], ended: true } },
    'http-500': { broken: { events: [], ended: true }, mended: { events: [], ended: true } },
    down: { broken: { events: [], ended: true }, mended: { events: [], ended: true } },
  },
  current: {
    failed: {
      broken: { events: [], ended: false },
      mended: { events: ['ADDED w-failed'], ended: false },
    },
    'http-500': {
      broken: { events: [], ended: false },
      mended: { events: ['ADDED w-http-500'], ended: false },
    },
    down: { broken: { events: [], ended: true }, mended: { events: [], ended: true } },
  },
}

/** The rows of docs/operations.md's table for these, by their first cell, and each release's cell. */
const DOC_ROWS: Record<string, Record<Era, string>> = {
  'a watch at v1 opened before it broke, on a write at v1beta1': {
    oldest: 'closed, no ERROR event',
    current: '`Failed` or 500: open, silent; down: closed, no ERROR event',
  },
  'the same watch once the webhook is back': {
    oldest: 'closed (the client must watch again)',
    current: '`Failed` or 500: gets the write (`ADDED`); down: closed',
  },
  '`kubectl get --watch` at v1 while it is broken': { oldest: 'fails', current: 'fails' },
  'a dependent custom resource whose owner is deleted': {
    oldest: 'not measurable',
    current: 'not collected until the webhook is back, then collected',
  },
  'a namespace holding custom resources, deleted': {
    oldest: 'not measurable',
    current: 'stays `Terminating` until the webhook is back, then goes',
  },
}

/** What a watcher saw after the initial ADDED events: later events, and whether the stream ended. */
const afterStart = (open: OpenWatch, initial: number): WatchOutcome => ({
  events: open.events().slice(initial),
  ended: open.ended(),
})

/**
 * Waits for what `expected` says comes (its events, the end of the stream), however long a busy
 * machine takes; only where nothing is to come does it give anything that should not PATIENCE_MS.
 */
async function seen(open: OpenWatch, initial: number, expected: WatchOutcome): Promise<void> {
  if (expected.ended || expected.events.length > 0) {
    await until(
      () =>
        (!expected.ended || open.ended()) &&
        open.events().length - initial >= expected.events.length
    )
  } else {
    await within(PATIENCE_MS, () => open.ended() || open.events().length > initial)
  }
}

describeWithApiServer('a broken webhook under watches and controllers', (release) => {
  const era: Era = release.name.includes('(oldest)') ? 'oldest' : 'current'
  const controllers = hasControllerManager(release)
  const lab = conversionLabForSuite(release, controllers ? { controllers: CONTROLLERS } : {})
  const proxies: DistanceProxy[] = []

  beforeAll(async () => {
    await createCronTabs(lab, 'seed', 2)
    await lab.webhook.settle()
  }, API_SERVER_START_MS)
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close()
  })

  /** Breaks the webhook as `mode`; answers how to mend it (a webhook that is down comes back on its port). */
  const breakWebhook = async (mode: Breakage) => {
    if (mode !== 'down') {
      lab.webhook.answer(mode)
      return async () => lab.webhook.answer('convert')
    }
    const current = proxies.at(-1) ?? lab.proxy
    await current.close()
    return async () => {
      const options = { targetHost: '127.0.0.1', targetPort: lab.webhook.port, oneWayMs: 0 }
      proxies.push(await startDistanceProxy({ ...options, port: current.port }))
    }
  }
  /** Waits until a LIST at v1 answers again. */
  const whenMended = async () => {
    await until(async () => (await lab.api('GET', cronTabs('v1'))).status === 200)
    await lab.webhook.settle()
  }

  it.each(['failed', 'http-500', 'down'] as const)(
    'a webhook that breaks (%s) under a watch at v1, then a write at v1beta1: what the watcher sees, and a watch opened while it is broken',
    async (mode) => {
      const open = await lab.watch(cronTabs('v1', 'watch=true'))
      await until(() => open.events().length >= 2)
      const initial = open.events().length
      const expected = WATCHER[era][mode]
      const mend = await breakWebhook(mode)
      let late = { code: 0, stdout: '', stderr: '' }
      try {
        await lab.kube(['create', '-f', '-'], JSON.stringify(cronTab('v1beta1', `w-${mode}`)))
        await seen(open, initial, expected.broken)
        late = await lab.kubeRun([
          'get',
          'crontabs.v1.example.com',
          '--watch',
          '--output-watch-events',
          '--request-timeout=5s',
          '-o',
          'name',
        ])
      } finally {
        await mend()
      }
      expect(afterStart(open, initial)).toEqual(expected.broken)
      // kubectl's watch starts with a LIST, which fails with the text a LIST prints
      expect(late.code).toBe(1)
      expect(late.stdout).toBe('')
      expect(OPERATIONS_DOC).toContain(placeholders(late.stderr))
      await whenMended()
      await seen(open, initial, expected.mended)
      expect(afterStart(open, initial)).toEqual(expected.mended)
      open.close()
    },
    240_000
  )

  it.skipIf(!controllers)(
    `a webhook that is down: the garbage collector and the namespace controller wait for it, and finish once it is back${controllers ? '' : ' (not measurable: no kube-controller-manager beside this API server)'}`,
    async () => {
      const exists = async (name: string, namespace: string) =>
        (await lab.api('GET', `/apis/${GROUP}/v1beta1/namespaces/${namespace}/crontabs/${name}`))
          .status === 200
      /** A CronTab `owned-NAME` whose owner is the ConfigMap NAME. */
      const owned = async (name: string) => {
        await lab.kube(['create', 'configmap', name])
        const uid = await lab.kube(['get', 'configmap', name, '-o', 'jsonpath={.metadata.uid}'])
        const ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name, uid }]
        const metadata = { name: `owned-${name}`, namespace: 'default', ownerReferences }
        await lab.kube(
          ['create', '-f', '-'],
          JSON.stringify({ ...cronTab('v1beta1', ''), metadata })
        )
      }
      // while the webhook works: the collector has found CronTabs (it looks every 30 s)
      await owned('canary')
      await lab.kube(['delete', 'configmap', 'canary'])
      await until(async () => !(await exists('owned-canary', 'default')))
      await owned('owner')
      await lab.kube(['create', 'namespace', 'doomed'])
      const inside = {
        ...cronTab('v1beta1', ''),
        metadata: { name: 'inside', namespace: 'doomed' },
      }
      await lab.kube(['create', '-f', '-'], JSON.stringify(inside))
      await lab.webhook.settle()

      const mend = await breakWebhook('down')
      let conditions: string[] = []
      let collected: boolean
      try {
        await lab.kube(['delete', 'configmap', 'owner'])
        await lab.kube(['delete', 'namespace', 'doomed', '--wait=false'])
        const namespaceConditions = async () => {
          const namespace = JSON.parse(
            await lab.kube(['get', 'namespace', 'doomed', '-o', 'json'])
          ) as {
            status: {
              phase: string
              conditions?: { type: string; status: string; message: string }[]
            }
          }
          return (namespace.status.conditions ?? [])
            .filter((condition) => condition.status === 'True')
            .map(
              (condition) =>
                `${namespace.status.phase} ${condition.type}: ${placeholders(condition.message)}`
            )
        }
        // the namespace controller says why it cannot finish: it comes, however busy the machine
        await until(async () => (conditions = await namespaceConditions()).length > 0)
        collected = !(await exists('owned-owner', 'default'))
        expect(await exists('inside', 'doomed')).toBe(true)
      } finally {
        await mend()
      }
      await until(async () => !(await exists('owned-owner', 'default')))
      await until(async () => (await lab.kubeRun(['get', 'namespace', 'doomed'])).code !== 0)
      expect(collected).toBe(false)
      expect(conditions).toHaveLength(1)
      expect(conditions[0]).toMatch(/^Terminating NamespaceDeletionContentFailure: /)
      expect(OPERATIONS_DOC).toContain(conditions[0]?.replace(/^Terminating [A-Za-z]+: /, ''))
    },
    240_000
  )

  it("docs/operations.md's rows for watches and the controllers say what this release did", () => {
    const rows = OPERATIONS_DOC.split('\n').map((line) => line.replace(/ +/g, ' '))
    for (const [name, cells] of Object.entries(DOC_ROWS)) {
      const row = rows.find((line) => line.startsWith(`| ${name} |`)) ?? ''
      expect(row.split('|').map((cell) => cell.trim())[era === 'oldest' ? 2 : 3], name).toBe(
        cells[era]
      )
    }
    // the watch rows agree with what the watcher saw: closed where it ended, open where it did not
    for (const [row, when] of [
      ['a watch at v1 opened before it broke, on a write at v1beta1', 'broken'],
      ['the same watch once the webhook is back', 'mended'],
    ] as const) {
      const outcomes = Object.values(WATCHER[era]).map((outcome) => outcome[when])
      const cell = DOC_ROWS[row]?.[era] ?? ''
      expect(cell.includes('closed'), row).toBe(outcomes.some((outcome) => outcome.ended))
      expect(cell.includes('ADDED'), row).toBe(
        outcomes.some((outcome) => outcome.events.length > 0)
      )
    }
    expect(DOC_ROWS['a dependent custom resource whose owner is deleted']?.[era]).toBe(
      controllers ? 'not collected until the webhook is back, then collected' : 'not measurable'
    )
  })
})
