// The Worker serving an XRD (test/support/crossplane-xrd-worker.ts), inside workerd: called as
// workerd calls a module Worker's default export, with the bindings wrangler.toml and
// vitest.config.ts give (CONVERT_ALLOW_UNAUTHENTICATED: reviews go to /convert without a token).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import worker from '../support/crossplane-xrd-worker.ts'
import { describeXrdEndpoint } from '../support/crossplane-reviews.ts'

describeXrdEndpoint('Worker inside workerd', () => ({
  send: async (path, init) => {
    const context = createExecutionContext()
    const response = await worker.fetch(
      new Request(`https://crdconv.example${path}`, init),
      env,
      context
    )
    await waitOnExecutionContext(context)
    return response
  },
}))
