// Runs `crdconv migrate` in its own process and reports its wall time and peak RSS, so the
// figure holds the CLI's whole memory (client, pages in flight) and nothing of the bench.
import { runCli } from '../../packages/crdconv/src/cli/main.ts'

// what loading the CLI (with @kubernetes/client-node) costs before a single object is read
const rssAfterImportBytes = process.resourceUsage().maxRSS * 1024

const [scheme, kubeconfig] = process.argv.slice(2) as [string, string]
const started = performance.now()
let summary = ''
const code = await runCli(['migrate', '--scheme', scheme, '--kubeconfig', kubeconfig], {
  stdout: (text) => void (summary += text),
  stderr: () => {},
  readStdin: async () => '',
  cwd: process.cwd(),
})
console.log(
  JSON.stringify({
    code,
    seconds: (performance.now() - started) / 1000,
    rssAfterImportBytes,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    summary,
  })
)
