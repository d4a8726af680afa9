// The bare Worker baseline: bench/bare-webhook.ts's app as a Worker's default export, served by
// the same workerd as crdconv's Worker.
import { bareApp } from '../bare-webhook.ts'

export default bareApp()
