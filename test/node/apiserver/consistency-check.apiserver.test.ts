// Reviews that no client asks for: from 1.34 the API server's cache consistency checker
// (DetectCacheInconsistency) lists each watch cache's resource from etcd every 5 to 7.5 minutes,
// converted through the webhook for a cache at a version other than the storage version. The
// wait makes this test slow: it runs only with CRDCONV_SLOW_TESTS=1 and is skipped, by name,
// otherwise.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_SERVER_START_MS, describeWithApiServer } from '../../support/api-server.ts'
import { createCronTabs, startConversionLab, type ConversionLab } from './conversion-lab.ts'

const SLOW = process.env['CRDCONV_SLOW_TESTS'] === '1'
const OBJECTS = 20
/** Longer than the checker's longest period (7.5 min): at least one check falls inside. */
const IDLE_MS = 8 * 60_000

describeWithApiServer('reviews with no client at all', (release) => {
  const oldest = release.name.includes('(oldest)')
  let lab: ConversionLab | undefined

  beforeAll(async () => {
    if (SLOW) {
      lab = await startConversionLab(release)
      await createCronTabs(lab, 'idle', OBJECTS)
      // one read at v1 so that the v1 cache exists, then quiet
      await lab.api('GET', `/apis/example.com/v1/namespaces/default/crontabs?resourceVersion=0`)
      await lab.webhook.settle()
    }
  }, API_SERVER_START_MS)
  afterAll(() => lab?.stop())

  it.skipIf(!SLOW)(
    `8 idle minutes with ${OBJECTS} objects: ${oldest ? 'no review on v1.20' : 'one review per object per check (every 5 to 7.5 min) on the current release'} (slow: runs only with CRDCONV_SLOW_TESTS=1)`,
    { timeout: IDLE_MS + 120_000 },
    async () => {
      const webhook = (lab as ConversionLab).webhook
      webhook.reset()
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
      const tally = await webhook.settle()
      expect(tally.objects).toBe(tally.reviews)
      if (oldest) {
        expect(tally.reviews).toBe(0)
      } else {
        // one or, when two checks fall 5 min apart inside the window, two full lists
        expect([OBJECTS, 2 * OBJECTS]).toContain(tally.reviews)
      }
    }
  )
})
