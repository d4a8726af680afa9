import { SELF } from 'cloudflare:test'
import { WORKERS_MAX_BODY_BYTES } from '../../packages/webhook/src/http/index.ts'
import { describeHttpContract } from '../support/http-contract.ts'

describeHttpContract('Worker inside workerd (SELF.fetch)', () => ({
  send: (path, init) => SELF.fetch(`https://crdconv.example${path}`, init),
  maxBodyBytes: WORKERS_MAX_BODY_BYTES,
}))
