import type { Command } from 'commander'
import { EXIT, processIo, UsageError, type CliIo, countOf } from '../command-io/index.ts'
import { defaultCorpusDirectory, DEFAULT_CORPUS_FOLDER } from '../corpus/index.ts'
import {
  recordResource,
  redactPathProblem,
  sameShape,
  type RecordSummary,
} from '../record/index.ts'
import { resolve } from 'node:path'
import type { CommandContext } from './command-context.ts'
import {
  addClusterOptions,
  asUsageErrors,
  connectWith,
  type ClusterOptions,
} from './cluster-options.ts'
import { addSchemeOptions, loadSelectedResources, type SchemeSelection } from './load-scheme.ts'
import { parseCount } from './option-parsers.ts'

/** Objects recorded at each served version when `--limit` is not given. */
export const DEFAULT_RECORD_LIMIT = 200

export function registerRecordCommand(program: Command, context: CommandContext): void {
  const command = addSchemeOptions(
    program
      .command('record')
      .argument('[crds...]', "CRDs by name (plural.group); default: the scheme's resources")
      .description(
        "write a CRD's objects, read from a cluster at every served version, into the corpus folder: server-owned fields stripped, secrets replaced by values of the same shape"
      )
  )
    .option(
      '--corpus <dir>',
      `the corpus folder (default: package.json's "crdconv": { "corpus" }, else ${DEFAULT_CORPUS_FOLDER}/)`
    )
    .option(
      '--limit <n>',
      'at most this many objects at each version',
      parseCount,
      DEFAULT_RECORD_LIMIT
    )
    .option('--namespace <name>', 'only objects of this namespace (default: every namespace)')
    .option('--selector <labels>', 'only objects this label selector selects, as kubectl -l')
    .option(
      '--redact <path>',
      'replace this field wherever it holds a value (spec.auth.password, spec.users[].token, spec.env.*); repeat for more',
      (path: string, paths: string[] | undefined) => [...(paths ?? []), path]
    )
    .option('--page-size <n>', 'objects per list page (limit/continue)', parseCount, 200)
  addClusterOptions(command).addHelpText(
    'after',
    `
Each object is read at every version the live CRD serves (the API server converts it through
the webhook) and written to <corpus>/<plural>.<group>/<namespace>/<name>.<version>.yaml (cluster-
scoped objects one folder up), which the round-trip kit and \`crdconv check\` read. Written are the
object's fields, name, namespace, labels, annotations and finalizers: managedFields,
resourceVersion, uid, generation, timestamps, ownerReferences and kubectl's last-applied copy are
the server's and are left out. Secrets are replaced by values of the same shape (same length and
characters; base64, PEM and JWTs stay decodable): the fields --redact names, text in fields named
like secrets (password, token, clientSecret, privateKey, ...), text shaped like one (PEM blocks,
JWTs, long base64 or hex), an embedded Secret's data, inside JSON annotations too, and the
kubeconfig's own token and password wherever they appear. The same secret gets the same stand-in
in one run, never the same in two. Nothing reaches the corpus until every version was read.

Examples:
  crdconv record --scheme ./src/scheme.ts --context prod
  crdconv record crontabs.example.com --namespace team-a --selector tier=web --limit 50
  crdconv record --redact spec.auth.password --redact 'spec.users[].token' --corpus test/corpus

Exit codes: 0 recorded; 2 bad usage, no kubeconfig or context, unreachable API server, CRD not
installed, RBAC forbids list, a list the webhook failed to convert (nothing written).`
  )
  command.action(async (crds: string[], options: RecordCommandOptions) => {
    context.exitCode = await record(context.io, crds, options)
  })
}

interface RecordCommandOptions extends ClusterOptions, SchemeSelection {
  corpus?: string
  limit: number
  namespace?: string
  selector?: string
  redact?: string[]
  pageSize: number
}

async function record(io: CliIo, crds: string[], options: RecordCommandOptions): Promise<number> {
  const redact = options.redact ?? []
  for (const path of redact) {
    const problem = redactPathProblem(path)
    if (problem !== undefined) throw new UsageError('input-invalid', problem)
  }
  const names =
    crds.length > 0
      ? crds
      : (await loadSelectedResources(options, io.cwd)).map((resource) => resource.identity.crdName)
  const corpus =
    options.corpus === undefined ? defaultCorpusDirectory(io.cwd) : resolve(io.cwd, options.corpus)
  const client = await connectWith(options)
  const replace = sameShape()
  const tty = io === processIo && process.stderr.isTTY === true
  for (const crdName of names) {
    const summary = await asUsageErrors(() =>
      recordResource(client, crdName, {
        corpus,
        limit: options.limit,
        pageSize: options.pageSize,
        redact,
        replace,
        io,
        tty,
        ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
        ...(options.selector === undefined ? {} : { labelSelector: options.selector }),
      })
    )
    io.stdout(describeRecording(summary, corpus))
  }
  return EXIT.ok
}

/** One line per CRD: objects at each version, where they went, how many values were replaced. */
export function describeRecording(summary: RecordSummary, corpus: string): string {
  const counts = summary.versions.map(({ version, objects }) => `${objects} at ${version}`)
  const replaced =
    summary.replaced === 0
      ? 'no value replaced'
      : `${countOf(summary.replaced, 'value')} replaced by ones of the same shape`
  return `${summary.crd}: ${counts.join(', ') || 'no served version'} written to ${resolve(corpus, summary.crd)} (${replaced})\n`
}
