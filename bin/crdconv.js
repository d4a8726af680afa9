#!/usr/bin/env node
// Runs the TypeScript CLI directly (tsx), so a fresh clone needs no build step.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli/main.ts')
await main(process.argv.slice(2))
