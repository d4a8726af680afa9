// Writes a project so that the directory is never left half-written: every file goes to a staging
// directory beside the target first, and the staging directory then takes the target's place with
// renames, which do not copy and cannot leave a file cut short.
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { ProjectFiles } from './project-files.ts'

/** The directory holds something and `--force` was not given. */
export class DirectoryNotEmptyError extends Error {
  override readonly name = 'DirectoryNotEmptyError'
}

/** The entries of `directory`, or undefined when it does not exist. */
async function entriesOf(directory: string): Promise<string[] | undefined> {
  try {
    return await readdir(directory)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Writes `files` into `target`. A directory that exists must be empty, unless `force`: then the
 * project's files replace those of the same path and everything else in it stays.
 */
export async function writeProject(
  target: string,
  files: ProjectFiles,
  { force = false }: { force?: boolean } = {}
): Promise<void> {
  const existing = await entriesOf(target)
  if (existing !== undefined && existing.length > 0 && !force) {
    throw new DirectoryNotEmptyError(
      `${target} is not empty (${existing.slice(0, 3).join(', ')}${existing.length > 3 ? ', …' : ''}): choose a new directory, or pass --force to write the project's files over it`
    )
  }
  await mkdir(dirname(target), { recursive: true })
  const staging = await mkdtemp(join(dirname(target), `.${basename(target)}-crdconv-init-`))
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(staging, path)), { recursive: true })
      await writeFile(join(staging, path), text)
    }
    if (existing === undefined) {
      await rename(staging, target)
    } else {
      await replaceDirectory(target, staging)
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}

/**
 * Moves whatever in `target` the project does not replace into `staging`, then swaps the two. If
 * a move fails, the moves made so far are undone, and `target` is as it was.
 */
async function replaceDirectory(target: string, staging: string): Promise<void> {
  const moved: [from: string, to: string][] = []
  const aside = `${staging}-replaced`
  try {
    await carryOver(target, staging, moved)
    await rename(target, aside)
    moved.push([target, aside])
    await rename(staging, target)
  } catch (error) {
    for (const [from, to] of moved.reverse()) await rename(to, from)
    throw error
  }
  await rm(aside, { recursive: true, force: true })
}

async function carryOver(from: string, to: string, moved: [string, string][]): Promise<void> {
  for (const entry of await readdir(from)) {
    const source = join(from, entry)
    const destination = join(to, entry)
    const clash = await stat(destination).catch(() => undefined)
    if (clash === undefined) {
      await rename(source, destination)
      moved.push([source, destination])
    } else if (clash.isDirectory() && (await stat(source)).isDirectory()) {
      await carryOver(source, destination, moved)
    }
  }
}
