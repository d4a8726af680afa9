// The bare Lambda baseline: bench/bare-webhook.ts's app behind hono/aws-lambda, bundled like
// crdconv's Lambda entry, for the per-invocation and cold-start ratios.
import { handle } from 'hono/aws-lambda'
import { bareApp } from '../bare-webhook.ts'

export const handler = handle(bareApp())
