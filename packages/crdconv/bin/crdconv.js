#!/usr/bin/env node
// Runs the built CLI (`npm run build` writes dist/); plain node, no TypeScript loader.
import { main } from '../dist/cli/main.js'

await main(process.argv.slice(2))
