// One `crdconv check` at its defaults, run by a tree's own CLI source: node --import tsx
// --conditions=crdconv-source check-child.ts <tree> <scheme> [<cwd>]. Prints one JSON line with the
// CPU and wall time of the command (loading the CLI aside) and its exit code.
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'

const [tree, scheme, cwd = process.cwd()] = process.argv.slice(2)
if (tree === undefined || scheme === undefined) {
  throw new Error('usage: check-child.ts <tree> <scheme> [<cwd>]')
}
const main = (await import(
  pathToFileURL(join(tree, 'packages/crdconv/src/cli/main.ts')).href
)) as typeof import('../../packages/crdconv/src/cli/main.ts')
let output = 0
const io = {
  stdout: (text: string) => void (output += text.length),
  stderr: (text: string) => void (output += text.length),
  readStdin: async () => '',
  cwd,
}
const cpu = process.cpuUsage()
const started = performance.now()
const code = await main.runCli(['check', '--scheme', scheme], io)
const used = process.cpuUsage(cpu)
console.log(
  JSON.stringify({
    code,
    cpuMs: (used.user + used.system) / 1000,
    ms: performance.now() - started,
    output,
  })
)
