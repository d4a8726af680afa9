// The bare baseline every platform's figure is compared with: the least a JSON-in, JSON-out
// webhook does (parse the review, set each object's apiVersion, write the answer), as a Hono app
// with no middleware. Served by the same @hono/node-server, workerd and hono/aws-lambda as crdconv.
import { Hono } from 'hono'

interface BareReview {
  apiVersion: string
  request: { uid: string; desiredAPIVersion: string; objects: { apiVersion: string }[] }
}

/** The same parse, set apiVersion and stringify a conversion does, with no checks at all. */
export function bareAnswer(body: string): string {
  const review = JSON.parse(body) as BareReview
  const { uid, desiredAPIVersion, objects } = review.request
  for (const object of objects) object.apiVersion = desiredAPIVersion
  return JSON.stringify({
    apiVersion: review.apiVersion,
    kind: 'ConversionReview',
    response: { uid, result: { status: 'Success' }, convertedObjects: objects },
  })
}

/** A Hono app answering `POST /convert` (and `/convert/<token>`) with `bareAnswer`: routing, body reading, one response. */
export function bareApp(): Hono {
  const app = new Hono()
  app.post('/convert/:token?', async (c) =>
    c.body(bareAnswer(await c.req.text()), 200, { 'Content-Type': 'application/json' })
  )
  return app
}
