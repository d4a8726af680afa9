/** `crdconv probe`: one review per version pair sent to the deployed webhook, each answer checked. */
export { postJson } from './post-json.ts'
export { probeWebhook } from './probe-webhook.ts'
