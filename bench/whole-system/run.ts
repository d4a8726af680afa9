// `npm run bench:system`: the whole-system bench alone; prints its tables and writes its figures
// under `system` in bench/results.json, leaving the other figures there as they are.
import { readResults, writeResults } from '../bench-support.ts'
import { parseSystemOptions } from './options.ts'
import { printSystem } from './report.ts'
import { benchSystem } from './system.ts'

let options
try {
  options = parseSystemOptions(process.argv.slice(2))
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(2)
}
const figures = await benchSystem(options)
printSystem(figures)
await writeResults({ ...readResults(), system: figures })
console.log(`\nwritten: bench/results.json, key "system" (${figures.seconds} s)`)
