// `npm run pack [-- <folder>]`: both packages built (their `prepack`) and packed into <folder>
// (default `packed/`, relative to where npm was run), for `crdconv init --from <folder>` while the
// packages are not on the npm registry. Prints each tarball's path, then the next command.
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const startedIn = process.env['INIT_CWD'] ?? process.cwd()
const folder = resolve(startedIn, process.argv[2] ?? 'packed')
mkdirSync(folder, { recursive: true })

const npm = process.env['npm_execpath']
const [command, prefix] = npm === undefined ? ['npm', []] : [process.execPath, [npm]]
const packed = execFileSync(
  command,
  [
    ...prefix,
    'pack',
    '--json',
    '--pack-destination',
    folder,
    '--workspace=packages/webhook',
    '--workspace=packages/crdconv',
  ],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }
)
for (const { filename } of JSON.parse(packed)) console.log(join(folder, filename))

const shown = relative(startedIn, folder) || '.'
console.error(
  `\nNext: npx crdconv init <dir> --from ${shown.startsWith('..') ? folder : shown} --group <group> --kind <Kind> --versions <v1beta1,v1>`
)
