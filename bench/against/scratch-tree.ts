// The tree of another commit to measure beside this one: `git archive` of the ref into a
// git-ignored folder (node_modules/.cache), with this clone's node_modules hard-linked in when the
// ref's lockfile is the same, else installed from it with `npm ci`.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../bench-support.ts'

/** A commit checked out beside the clone, ready to bundle. */
export interface ScratchTree {
  readonly ref: string
  readonly commit: string
  readonly directory: string
  /** How its node_modules came to be: `linked` from this clone, or `installed` by npm ci. */
  readonly modules: 'linked' | 'installed'
}

const SCRATCH_ROOT = join(repoRoot, 'node_modules', '.cache', 'crdconv-bench-against')
const READY_MARK = '.crdconv-ready'

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()
}

/** The full commit id of `ref`, or an error that names the ref. */
export function resolveCommit(ref: string): string {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
  } catch {
    throw new Error(`--against ${ref}: no such commit in this clone`)
  }
}

/**
 * The commit a change is measured against by default: the merge base with `origin/main` when
 * HEAD is not on it, else HEAD's first parent (the previous landed commit); `undefined` in a
 * clone with neither (a shallow clone of one commit).
 */
export function defaultBaseRef(): string | undefined {
  const head = resolveCommit('HEAD')
  try {
    const base = git(['merge-base', 'HEAD', 'origin/main'])
    if (base !== head) return base
  } catch {
    // no origin/main: a local clone, or CI's clone without a remote branch
  }
  try {
    return resolveCommit('HEAD^1')
  } catch {
    return undefined
  }
}

/** Checks out `ref` into its scratch folder once; a later call reuses it. */
export function scratchTree(ref: string, log: (line: string) => void): ScratchTree {
  const commit = resolveCommit(ref)
  const directory = join(SCRATCH_ROOT, commit)
  const mark = join(directory, READY_MARK)
  if (existsSync(mark)) {
    const modules = readFileSync(mark, 'utf8').trim() === 'installed' ? 'installed' : 'linked'
    return { ref, commit, directory, modules }
  }
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  log(`checking out ${ref} (${commit.slice(0, 12)}) into ${directory}`)
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    cwd: repoRoot,
    maxBuffer: 1024 * 1024 * 1024,
  })
  execFileSync('tar', ['-x', '-C', directory], { input: archive })
  const sameLockfile =
    readFileSync(join(directory, 'package-lock.json'), 'utf8') ===
    readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')
  let modules: ScratchTree['modules']
  if (sameLockfile) {
    linkModules(join(directory, 'node_modules'))
    modules = 'linked'
  } else {
    log(`${ref} has another package-lock.json: npm ci in its tree`)
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: directory,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    modules = 'installed'
  }
  writeFileSync(mark, `${modules}\n`)
  return { ref, commit, directory, modules }
}

/**
 * Hard links of this clone's packages (the workspace's own links are relative, so they lead into
 * the scratch tree). `.cache` stays out: it holds the scratch trees themselves and the build
 * stamps, which a build in the scratch tree would otherwise rewrite through the shared link.
 */
function linkModules(target: string): void {
  mkdirSync(target, { recursive: true })
  const source = join(repoRoot, 'node_modules')
  const entries = readdirSync(source).filter((entry) => entry !== '.cache')
  execFileSync('cp', ['-al', ...entries.map((entry) => join(source, entry)), target])
}
