// The floor of what issue 17 keeps: the bare app of bench/bare-webhook.ts plus only what needs no
// review logic of crdconv's (a Content-Type check, one JSON log line per review, a
// Server-Timing header) and the example's own CronTab converter on each object, the user code
// crdconv runs too. Between this and crdconv is crdconv's own work: the envelope, the limits,
// metadata, the answer check, the counts. Measured beside the bare app like crdconv, it shows how
// much of a target these alone use.
import { Hono } from 'hono'
import { scheme as exampleScheme } from '../examples/scheme.ts'
import type {
  ConversionContext,
  Converter,
  KubeObject,
} from '../packages/webhook/src/scheme/index.ts'

interface FloorReview {
  apiVersion: string
  request: { uid: string; desiredAPIVersion: string; objects: KubeObject[] }
}

const STORED = 'v1beta1'
const SERVED = 'v1'

function cronTabStep(): { convert: Converter['convert']; context: ConversionContext } {
  const cronTab = exampleScheme.resources.find((resource) => resource.kind === 'CronTab')
  const converter = cronTab?.converters.find(({ from, to }) => from === STORED && to === SERVED)
  if (cronTab === undefined || converter === undefined) {
    throw new Error(`the example scheme has no CronTab converter from ${STORED} to ${SERVED}`)
  }
  const { group, kind } = cronTab
  const ends = { from: STORED, to: SERVED, sourceVersion: STORED, targetVersion: SERVED }
  return { convert: converter.convert, context: { group, kind, ...ends } }
}

/** The bench's reviews, answered with the CronTab converter, one log line and Server-Timing. */
export function floorApp(writeLine: (line: string) => void): Hono {
  const { convert, context } = cronTabStep()
  const app = new Hono()
  app.post('/convert/:token?', async (c) => {
    const started = performance.now()
    if (c.req.header('content-type') !== 'application/json') return c.text('not JSON', 415)
    const text = await c.req.text()
    const parsed = performance.now()
    const review = JSON.parse(text) as FloorReview
    const { uid, desiredAPIVersion, objects } = review.request
    for (let index = 0; index < objects.length; index++) {
      const converted = convert(objects[index] as KubeObject, context) as KubeObject
      converted.apiVersion = desiredAPIVersion
      objects[index] = converted
    }
    const json = JSON.stringify({
      apiVersion: review.apiVersion,
      kind: 'ConversionReview',
      response: { uid, result: { status: 'Success' }, convertedObjects: objects },
    })
    const written = performance.now()
    const durationMs = Math.round((written - started) * 1000) / 1000
    writeLine(
      JSON.stringify({
        message: 'conversion review',
        status: 200,
        outcome: 'Success',
        durationMs,
        uid,
        reviewVersion: review.apiVersion,
        desiredAPIVersion,
        objectCount: objects.length,
        failedCount: 0,
        conversions: [{ kind: context.kind, from: STORED, to: SERVED, count: objects.length }],
      })
    )
    const timing = `parse;dur=${(parsed - started).toFixed(1)},convert;dur=${(written - parsed).toFixed(1)},total;dur=${durationMs.toFixed(1)}`
    return new Response(json, {
      status: 200,
      headers: { 'content-type': 'application/json', 'server-timing': timing },
    })
  })
  return app
}
