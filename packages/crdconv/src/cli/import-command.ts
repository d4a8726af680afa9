import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Command } from 'commander'
import type { ImportedFile } from '../import/index.ts'
import { UsageError, warn, type CliIo, EXIT } from '../command-io/index.ts'
import type { CommandContext } from './command-context.ts'
import { addCrdSourceOptions, readCrdSource, type CrdSourceOptions } from './crd-source.ts'
import { PROJECT_SCHEME } from '../init/index.ts'

interface ImportCommandOptions extends CrdSourceOptions {
  out?: string
  into?: string
  check?: boolean
  lossy?: boolean
  force?: boolean
  package: string
}

export function registerImportCommand(program: Command, context: CommandContext): void {
  const command = program
    .command('import')
    .description(
      'write a TypeScript module (zod schema per version, defineResource, converters) and its round-trip test for each CRD in a file'
    )
    .argument('[file]', 'CRDs (apiextensions.k8s.io/v1), multi-document YAML or JSON; - for stdin')
  addCrdSourceOptions(command)
    .option('--out <dir>', 'directory the modules and their tests go to (default: .)')
    .option(
      '--into <project>',
      `a project made by crdconv init: modules to src/resources, tests to test/resources, each resource added to ${PROJECT_SCHEME}; prints what is left to decide`
    )
    .option('--check', 'write nothing: print what the regenerated CRD would say differently')
    .option('--lossy', 'write the modules even where the CRD would not come back whole (warns)')
    .option('--force', 'overwrite modules that already exist')
    .option('--package <name>', 'the package the modules import crdconv from', '@crdconv/webhook')
    .addHelpText(
      'after',
      `
Examples:
  crdconv import certificates.yaml --into .
  crdconv import certificates.yaml --out src/resources
  crdconv import --from-cluster certificates.cert-manager.io --context prod --out src/resources
  crdconv import --check certificates.yaml

Exit codes: 0 written (or, with --check, faithful); 1 the CRD would not come back whole (each
difference is named; --lossy writes anyway), or with --check any difference; 2 bad input: not
YAML, not a v1 CRD, no versions, a schema that is not structural or uses $ref (document index,
JSON path and reason), a CRD --from-cluster cannot read (named, with the context), or a module
that exists already. Nothing is written on exit 1 or 2.`
    )
    .action(async (file: string | undefined, options: ImportCommandOptions) => {
      context.exitCode = await runImport(context.io, file, options)
    })
}

async function runImport(
  io: CliIo,
  file: string | undefined,
  options: ImportCommandOptions
): Promise<number> {
  const text = await readCrdSource(io, file, options)
  // loaded on use: prettier and the importer would slow every other command's start
  const {
    checkCrds,
    describeCrdDifference,
    formatImportProblem,
    ImportError,
    importCrds,
    NotCarriedError,
    writeIntoProject,
  } = await import('../import/index.ts')
  // an XRD is imported as the XRD's resources (src/xrd): same checks, same files
  const xrd = await import('../xrd/index.ts')
  const fromXrds = xrd.holdsXrds(text)
  try {
    if (options.check === true) {
      let different = false
      for (const check of fromXrds ? xrd.checkXrds(text) : checkCrds(text)) {
        for (const { key, reason } of check.leftOut ?? []) {
          io.stderr(`crdconv: ${check.name}: leaves out the annotation ${key}: ${reason}\n`)
        }
        if (check.differences.length === 0) {
          io.stderr(`crdconv: ${check.name}: regenerates as it is\n`)
          continue
        }
        different = true
        io.stdout(`${check.name} (document ${check.document}):\n`)
        for (const difference of check.differences) {
          io.stdout(`  ${describeCrdDifference(difference)}\n`)
        }
      }
      return different ? EXIT.problem : EXIT.ok
    }
    if (options.into !== undefined && options.out !== undefined) {
      throw new UsageError('options-conflict', 'give --into <project> or --out <dir>, not both')
    }
    const result = await (fromXrds ? xrd.importXrds : importCrds)(text, {
      lossy: options.lossy === true,
      packageName: options.package,
      layout: options.into === undefined ? 'flat' : 'project',
    })
    for (const warning of result.warnings) warn(io, warning)
    for (const { kind, group, leftOut } of result.resources) {
      for (const { key, reason } of leftOut) {
        io.stderr(`crdconv: ${kind}.${group}: leaves out the annotation ${key}: ${reason}\n`)
      }
    }
    const force = options.force === true
    if (options.into === undefined) {
      await writeAll(io, resolve(io.cwd, options.out ?? '.'), result.files, force)
    } else {
      const project = resolve(io.cwd, options.into)
      await writeIntoProject(io, project, result.files, result.resources, force)
    }
    return EXIT.ok
  } catch (error) {
    if (error instanceof NotCarriedError) {
      io.stderr(
        `crdconv: nothing written; the modules would not give back:\n  - ${error.problems.map((problem) => `document ${problem.document}, ${problem.path || '(root)'}: ${problem.message}`).join('\n  - ')}\n(--lossy writes them anyway)\n`
      )
      return EXIT.problem
    }
    if (error instanceof ImportError) {
      const problems = error.problems.map((problem) => formatImportProblem(problem, file))
      throw new UsageError(
        'input-invalid',
        `nothing written, ${file} cannot be imported:\n  - ${problems.join('\n  - ')}`
      )
    }
    throw error
  }
}

async function writeAll(
  io: CliIo,
  directory: string,
  files: readonly ImportedFile[],
  force: boolean
): Promise<void> {
  const existing = files.filter((file) => existsSync(join(directory, file.path)))
  if (existing.length > 0 && !force) {
    throw new UsageError(
      'files-exist',
      `nothing written: ${existing.map((file) => join(directory, file.path)).join(', ')} ${existing.length === 1 ? 'exists' : 'exist'}; --force overwrites`
    )
  }
  await mkdir(directory, { recursive: true })
  for (const file of files) {
    await writeFile(join(directory, file.path), file.content)
    io.stderr(`crdconv: wrote ${join(directory, file.path)}\n`)
  }
}
