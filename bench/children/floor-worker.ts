// The floor of bench/floor-webhook.ts as a Worker's default export, logging as crdconv's Worker
// does, served by the same workerd as crdconv's Worker.
import { floorApp } from '../floor-webhook.ts'

export default floorApp((line) => console.log(line))
