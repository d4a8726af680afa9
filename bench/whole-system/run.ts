// `npm run bench:system`: the whole-system bench alone; prints its tables and writes its figures
// under `system` in bench/results.json, leaving the other figures there as they are.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot, writeResults } from '../bench-support.ts'
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
const file = join(repoRoot, 'bench/results.json')
const results = existsSync(file)
  ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
  : {}
await writeResults({ ...results, system: figures })
console.log(`\nwritten: bench/results.json, key "system" (${figures.seconds} s)`)
