// `--corpus DIR` of check and coverage: the folder of recorded objects the kit grows seeds from.
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { Option } from 'commander'
import { UsageError } from '../command-io/index.ts'
import { defaultCorpusDirectory, readCorpus, type CorpusObject } from '../corpus/index.ts'

export function corpusOption(): Option {
  return new Option(
    '--corpus <dir>',
    `folder of recorded objects (YAML or JSON, as crdconv record writes them): those of each resource are seeds beside its examples (default: the project's, where it exists: package.json's crdconv.corpus, else corpus/, as crdconv record writes it)`
  )
}

/**
 * The corpus folder to read: `--corpus` resolved against `cwd` (a usage error when it is not a
 * folder), else the project's (the one `crdconv record` writes) where it exists, else none.
 */
export function corpusFolder(given: string | undefined, cwd: string): string | undefined {
  if (given === undefined) {
    const folder = defaultCorpusDirectory(cwd)
    return existsSync(folder) && statSync(folder).isDirectory() ? folder : undefined
  }
  const folder = resolve(cwd, given)
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new UsageError('file-unreadable', `--corpus ${given}: no such folder`)
  }
  return folder
}

/** The kit's seeds from the corpus folder `corpusFolder` picks: its objects, read once. */
export function recordedSeeds(
  given: string | undefined,
  cwd: string
): { readonly recorded?: readonly CorpusObject[] } {
  const folder = corpusFolder(given, cwd)
  return folder === undefined ? {} : { recorded: readCorpus(folder) }
}
