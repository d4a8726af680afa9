import { nodeServerTarget } from '../../support/webhook-targets.ts'
import { lifecycleSuite } from './lifecycle-suite.ts'

lifecycleSuite(nodeServerTarget)
