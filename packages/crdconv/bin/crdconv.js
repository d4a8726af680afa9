#!/usr/bin/env node
// Runs the built CLI (`npm run build` writes dist/); plain node, no TypeScript loader.
import { fileURLToPath, URL } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
let cli
try {
  cli = await import('../dist/cli/main.js')
} catch (error) {
  // a clone before its first build: say what to run, not Node's stack
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(dist)) throw error
  process.stderr.write(
    `crdconv: ${dist} is not built (or only in part): run npm run build at the repository's root, then run crdconv again\n`
  )
  process.exit(2)
}
await cli.main(process.argv.slice(2))
