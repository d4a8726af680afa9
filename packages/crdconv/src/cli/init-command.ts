import { existsSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import type { Command } from 'commander'
import {
  AWS_DEPLOYS,
  awsProblem,
  checkAnswers,
  DirectoryNotEmptyError,
  fromPackedFolder,
  groupProblem,
  kindProblem,
  parseVersions,
  projectFiles,
  SCOPES,
  toolVersions,
  writeProject,
  type AwsDeploy,
  type InitAnswers,
} from '../init/index.ts'
import { EXIT, readInput, UsageError } from '../command-io/index.ts'
import { generatePathToken, PROJECT_TOKEN_FILE, projectTokenFile } from '../path-token/index.ts'
import type { CommandContext } from './command-context.ts'

export function registerInitCommand(program: Command, context: CommandContext): void {
  program
    .command('init')
    .description('start a conversion webhook project of your own: scheme, Worker, Lambda, tests')
    .argument('[dir]', 'directory to create (must be empty or absent, unless --force)')
    .option('--group <group>', 'API group, a DNS subdomain: example.com')
    .option('--kind <kind>', 'kind, UpperCamelCase: CronTab')
    .option('--versions <list>', 'versions, oldest first, comma-separated: v1alpha1,v1')
    .option('--storage <version>', 'the version etcd stores (default: the last of --versions)')
    .option('--scope <scope>', 'Namespaced or Cluster (default Namespaced)')
    .option('--aws <tool>', 'deploy to AWS Lambda with sam, cdk or both (default sam)')
    .option(
      '--from-crd <file>',
      'start from the CRD you run (- for stdin): group, kind, versions, storage and scope from it, its schemas imported into src/resources, no starter'
    )
    .option(
      '--from <folder>',
      'depend on the tarballs `npm run pack` wrote in a crdconv clone, by file: references'
    )
    .option('--force', "write into a non-empty directory, replacing files of the project's names")
    .addHelpText(
      'after',
      `
Examples:
  npx crdconv init crontab-webhook --group example.com --kind CronTab --versions v1beta1,v1
  npx crdconv init crontab-webhook --group example.com --kind CronTab --versions v1 --aws cdk
  npx crdconv init pipeline-webhook --from-crd pipeline-crd.yaml
  npx crdconv init my-webhook        (asks for what is missing, in a terminal)
  npx crdconv init ../my-webhook --from packed --group example.com --kind CronTab --versions v1
                                     (in a crdconv clone, after npm run pack)

Exit codes: 0 the project was written; 1 cancelled at a prompt, or a --from-crd CRD its modules
would not give back (each difference named); 2 a missing or invalid answer, a --from-crd file
import refuses, or a non-empty directory without --force (nothing is written then).`
    )
    .action(async (dir: string | undefined, options: InitFlags) => {
      const { io } = context
      const fromCrd =
        options.fromCrd === undefined ? undefined : await readFromCrd(context, options)
      if (fromCrd === null) return
      const given: InitAnswers = fromCrd?.answers ?? options
      const invalid = flagProblems(given)
      if (invalid.length > 0) throw new UsageError('answers-invalid', invalid.join('\n'))
      const asked = hasTerminal() ? await askForMissing(dir, given) : { dir, answers: given }
      if (asked === undefined) {
        io.stderr('crdconv: init cancelled, nothing written\n')
        context.exitCode = EXIT.problem
        return
      }
      if (asked.dir === undefined)
        throw new UsageError('argument-missing', 'init needs a directory: crdconv init <dir>')
      const answered = checkAnswers(asked.answers)
      if ('problems' in answered)
        throw new UsageError('answers-invalid', answered.problems.join('\n'))
      const checked =
        fromCrd === undefined
          ? answered
          : { options: { ...answered.options, imported: fromCrd.project.options.imported } }
      const target = resolve(io.cwd, asked.dir)
      // a new token, unless the directory has one already: --force keeps the deployed token
      const keepsToken = existsSync(join(target, PROJECT_TOKEN_FILE))
      const tools = dependencyVersions(io.cwd, target, options.from)
      const files = {
        ...projectFiles(basename(target), checked.options, tools),
        ...fromCrd?.project.files,
        ...(keepsToken ? {} : { [PROJECT_TOKEN_FILE]: projectTokenFile(generatePathToken()) }),
      }
      try {
        await writeProject(target, files, { force: options.force === true })
      } catch (error) {
        if (error instanceof DirectoryNotEmptyError)
          throw new UsageError('files-exist', error.message)
        throw error
      }
      const fromCwd = relative(io.cwd, target)
      const shown = fromCwd === '' ? '.' : fromCwd.startsWith('..') ? target : fromCwd
      if (fromCrd !== undefined) io.stdout(fromCrd.summary)
      io.stdout(
        `Wrote ${Object.keys(files).length} files to ${shown}; ${PROJECT_TOKEN_FILE} holds the webhook's ${keepsToken ? 'path token it had' : 'new path token'} (gitignored: keep it out of version control). Next:\n\n  cd ${shown}\n  npm install\n  npm test\n\nThen README.md: deploy, and \`crdconv crd\` for the CRD.\n`
      )
    })
}

interface InitFlags extends InitAnswers {
  force?: boolean
  from?: string
  fromCrd?: string
}

const FROM_CRD_ANSWERS = ['group', 'kind', 'versions', 'storage', 'scope'] as const

/**
 * The answers and files `--from-crd` gives, and the summary of what is left to decide; `null`
 * where the modules would not give the CRD back (said, exit code set).
 */
async function readFromCrd(context: CommandContext, options: InitFlags) {
  const { io } = context
  const given = FROM_CRD_ANSWERS.filter((answer) => options[answer] !== undefined)
  if (given.length > 0) {
    throw new UsageError(
      'options-conflict',
      `--from-crd takes the group, kind, versions, storage and scope from the CRD: leave out ${given.map((answer) => `--${answer}`).join(', ')}`
    )
  }
  const aws = options.aws ?? 'sam'
  const awsIssue = awsProblem(aws)
  if (awsIssue !== undefined) throw new UsageError('answers-invalid', awsIssue)
  const text = await readInput(io, options.fromCrd as string)
  // loaded on use: prettier and the importer would slow every other command's start
  const {
    formatImportProblem,
    ImportError,
    importSummary,
    NotCarriedError,
    projectFromCrds,
    TODO_CATEGORIES,
  } = await import('../import/index.ts')
  try {
    const project = await projectFromCrds(text, aws as AwsDeploy)
    for (const { kind, group, leftOut } of project.resources) {
      for (const { key, reason } of leftOut) {
        io.stderr(`crdconv: ${kind}.${group}: leaves out the annotation ${key}: ${reason}\n`)
      }
    }
    const { group, kind, versions, storage, scope } = project.options
    return {
      answers: { group, kind, versions: versions.join(','), storage, scope, aws },
      project,
      summary: importSummary(project.resources, TODO_CATEGORIES),
    }
  } catch (error) {
    if (error instanceof NotCarriedError) {
      io.stderr(
        `crdconv: nothing written; the modules would not give back:\n  - ${error.problems.map((problem) => formatImportProblem(problem)).join('\n  - ')}\n(crdconv import --lossy writes them anyway, into a project made without --from-crd)\n`
      )
      context.exitCode = EXIT.problem
      return null
    }
    if (error instanceof ImportError) {
      const problems = error.problems.map((problem) =>
        formatImportProblem(problem, options.fromCrd)
      )
      throw new UsageError(
        'input-invalid',
        `nothing written, ${options.fromCrd} cannot be imported:\n  - ${problems.join('\n  - ')}`
      )
    }
    throw error
  }
}

/** The versions the project depends on; with `--from`, our packages as tarballs in that folder. */
function dependencyVersions(cwd: string, target: string, from: string | undefined) {
  if (from === undefined) return toolVersions()
  const packed = fromPackedFolder(toolVersions(), from, cwd, target)
  if ('problem' in packed) throw new UsageError('input-invalid', packed.problem)
  return packed.tools
}

const AWS_LABELS = {
  sam: 'SAM (template.yaml)',
  cdk: 'CDK (cdk/app.ts with crdconv/cdk)',
  both: 'both',
} as const

function hasTerminal(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true
}

/** What is wrong with the flags given (missing ones are not checked here). */
function flagProblems(answers: InitAnswers): string[] {
  const problems = [
    answers.group === undefined ? undefined : groupProblem(answers.group),
    answers.kind === undefined ? undefined : kindProblem(answers.kind),
    answers.aws === undefined ? undefined : awsProblem(answers.aws),
  ]
  const versions = answers.versions === undefined ? undefined : parseVersions(answers.versions)
  if (versions !== undefined && 'problem' in versions) problems.push(versions.problem)
  return problems.filter((problem) => problem !== undefined)
}

/** Asks, in the terminal, for the directory and every answer not given as a flag. */
async function askForMissing(
  dir: string | undefined,
  given: InitAnswers
): Promise<{ dir: string | undefined; answers: InitAnswers } | undefined> {
  const missing =
    dir === undefined ||
    given.group === undefined ||
    given.kind === undefined ||
    given.versions === undefined
  if (!missing) return { dir, answers: given }
  // loaded only here: the prompts are for people at a terminal, never for CI
  const prompts = await import('@clack/prompts')
  prompts.intro('crdconv init')
  const ask = async (
    value: string | undefined,
    message: string,
    placeholder: string,
    check: (answer: string) => string | undefined
  ): Promise<string | symbol> =>
    value ??
    prompts.text({
      message,
      placeholder,
      defaultValue: placeholder,
      validate: (answer) => check(answer === undefined || answer === '' ? placeholder : answer),
    })
  const noProblem = () => undefined
  const directory = await ask(dir, 'Directory to create', 'conversion-webhook', noProblem)
  if (typeof directory !== 'string') return undefined
  const group = await ask(given.group, 'API group', 'example.com', groupProblem)
  if (typeof group !== 'string') return undefined
  const kind = await ask(given.kind, 'Kind', 'CronTab', kindProblem)
  if (typeof kind !== 'string') return undefined
  const versions = await ask(given.versions, 'Versions, oldest first', 'v1alpha1,v1', (text) => {
    const parsed = parseVersions(text)
    return 'problem' in parsed ? parsed.problem : undefined
  })
  if (typeof versions !== 'string') return undefined
  const scope =
    given.scope ??
    (await prompts.select({
      message: 'Scope',
      options: SCOPES.map((value) => ({ value, label: value })),
      initialValue: SCOPES[0],
    }))
  if (typeof scope !== 'string') return undefined
  const aws =
    given.aws ??
    (await prompts.select({
      message: 'Deploy to AWS Lambda with',
      options: AWS_DEPLOYS.map((value) => ({ value, label: AWS_LABELS[value] })),
      initialValue: AWS_DEPLOYS[0],
    }))
  if (typeof aws !== 'string') return undefined
  prompts.outro('writing the project')
  return { dir: directory, answers: { ...given, group, kind, versions, scope, aws } }
}
