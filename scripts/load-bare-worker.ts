// A Worker that reads the body, writes one log line as crdconv does, and answers a constant: the
// baseline for scripts/load.ts, showing how much memory workerd under `wrangler dev` keeps per
// request (and per console line) on its own.
export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === '/healthz') return new Response('ok')
    const started = performance.now()
    const body = await request.text()
    console.log(
      JSON.stringify({
        message: 'conversion review',
        status: 200,
        outcome: 'Success',
        durationMs: performance.now() - started,
        uid: crypto.randomUUID(),
        reviewVersion: 'apiextensions.k8s.io/v1',
        desiredAPIVersion: 'example.com/v1',
        objectCount: body.length,
        failedCount: 0,
        conversions: [
          { kind: 'CronTab', from: 'example.com/v1beta1', to: 'example.com/v1', count: 1 },
        ],
      })
    )
    return new Response('{"response":{"result":{"status":"Success"}}}', {
      headers: { 'content-type': 'application/json' },
    })
  },
}
