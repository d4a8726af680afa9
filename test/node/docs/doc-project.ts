import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, sep } from 'node:path'

/** Never linked into a docs project: history, and what runs there writes its own. */
const NOT_LINKED = new Set(['.git', '.wrangler', '.aws-sam', 'coverage'])
/** At the project's root, the project's own: written, not linked. */
const OWN_AT_ROOT = new Set([...NOT_LINKED, 'package.json', 'src'])

/** The `crdconv` command of this repository, relative to its root. */
export const CRDCONV_BIN = 'packages/crdconv/bin/crdconv.js'

/**
 * The scratch project's `src/scheme.ts` until a block writes its own: the examples, where a
 * project made by `crdconv init` has its scheme.
 */
const DEFAULT_SCHEME = `// The docs' default scheme: this repository's examples (CronTab and Backup).
export { scheme } from '../examples/scheme.ts'
`

/**
 * A scratch copy of the repository for one Markdown file's blocks, laid out like a project made
 * by `crdconv init`: a temporary directory whose entries are symbolic links to the repository's
 * (so `node_modules`, and with it `import '@crdconv/webhook'`, `examples/` and the packages
 * resolve as in the repository), with a `src/scheme.ts` of its own that exports the examples'
 * scheme, and a `package.json` without the repository's `"crdconv": { "scheme" }` field, so that
 * every command's default scheme is `src/scheme.ts`, as in a user's project. Files the blocks
 * write (`crd.yaml`, a `src/scheme.ts` of their own) stay in the scratch directory.
 */
export class DocProject {
  /** The temporary directory; `dir` is the copy inside it. */
  private readonly root: string
  readonly dir: string
  /** Holds `crdconv` and `npx` for the blocks' PATH. */
  readonly binDir: string

  constructor(readonly repoRoot: string) {
    this.root = mkdtempSync(join(tmpdir(), 'crdconv-docs-'))
    this.dir = join(this.root, basename(repoRoot))
    mkdirSync(this.dir)
    // build scripts write to the repository's dist/ (their paths resolve through the links): link it
    // even before the first build, so the copy sees what a block builds
    mkdirSync(join(repoRoot, 'dist'), { recursive: true })
    linkEntries(repoRoot, this.dir, OWN_AT_ROOT)
    writeFileSync(join(this.dir, 'package.json'), projectPackageJson(repoRoot))
    this.write('src/scheme.ts', DEFAULT_SCHEME)
    // `../shared` (the machines' binaries and corpora) resolves from the copy as from the repository
    const shared = join(dirname(repoRoot), 'shared')
    if (existsSync(shared)) symlinkSync(shared, join(this.root, 'shared'))
    this.binDir = join(this.dir, '.docs-bin')
    mkdirSync(this.binDir)
    writeExecutable(
      join(this.binDir, 'crdconv'),
      `exec node "${join(this.dir, CRDCONV_BIN)}" "$@"\n`
    )
    writeExecutable(join(this.binDir, 'npx'), NPX_SHIM)
    writeExecutable(join(this.binDir, 'npm'), NPM_SHIM)
  }

  /**
   * Writes `text` at `path` (relative to the project) in the scratch directory only: linked
   * folders on the way are replaced by real ones whose entries link to the repository's, and a
   * linked file at `path` is replaced.
   */
  write(path: string, text: string): string {
    const parts = path.split('/').slice(0, -1)
    let current = this.dir
    for (const part of parts) {
      const next = join(current, part)
      const stat = lstatSync(next, { throwIfNoEntry: false })
      if (stat?.isSymbolicLink() === true) {
        rmSync(next)
        mkdirSync(next)
        linkEntries(join(this.repoRoot, relative(this.dir, next)), next)
      } else if (stat === undefined) {
        mkdirSync(next)
      }
      current = next
    }
    const target = join(this.dir, path)
    rmSync(target, { force: true })
    writeFileSync(target, text)
    return target
  }

  /** The path of `file` as the project sees it, for messages. */
  relative(file: string): string {
    return relative(this.dir, file).split(sep).join('/')
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}

/** The repository's package.json without its `crdconv` field: `src/scheme.ts` is the default. */
function projectPackageJson(repoRoot: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >
  delete manifest['crdconv']
  return `${JSON.stringify(manifest, null, 2)}\n`
}

function linkEntries(from: string, to: string, skip: ReadonlySet<string> = NOT_LINKED): void {
  for (const entry of readdirSync(from)) {
    if (!skip.has(entry)) symlinkSync(join(from, entry), join(to, entry))
  }
}

function writeExecutable(path: string, body: string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `#!/usr/bin/env bash\n${body}`)
  chmodSync(path, 0o755)
}

// `npx crdconv` is this repository's own bin; other tools only from node_modules/.bin, never the
// registry (a block that needs the network is marked not-run).
const NPX_SHIM = `case "$1" in -y|--yes|--no-install) shift ;; esac
name="$1"; shift
if [ "$name" = crdconv ]; then exec crdconv "$@"; fi
if [ -x "node_modules/.bin/$name" ]; then exec "node_modules/.bin/$name" "$@"; fi
echo "docs test: npx $name is not installed here; mark the block <!-- not-run: reason -->" >&2
exit 127
`

// npm itself, for scripts that run here; never what installs, deploys or runs the test suite
const NPM_SHIM = `case "$1 $2" in
  "ci "*|"install "*|"i "*|"test "*|"t "*|"publish "*|"run deploy:"*|"run test"|"run dev")
    echo "docs test: npm $1 $2 does not run inside npm test; mark the block <!-- not-run: reason -->" >&2
    exit 127 ;;
esac
export PATH="\${PATH#*:}"
exec npm "$@"
`
