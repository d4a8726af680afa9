import { imageTarget } from '../../support/image-target.ts'
import { lifecycleSuite } from './lifecycle-suite.ts'

lifecycleSuite(imageTarget)
