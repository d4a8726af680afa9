import { SELF } from 'cloudflare:test'
import { DEFAULT_MAX_BODY_BYTES } from '../../src/http/index.ts'
import { describeHttpContract } from '../support/http-contract.ts'

describeHttpContract('Worker inside workerd (SELF.fetch)', () => ({
  send: (path, init) => SELF.fetch(`https://crdconv.example${path}`, init),
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
}))
