// What `crdconv init` needs to write a project, and the rules each answer must keep. The rules are
// the scheme's own (a definition that breaks one would throw when the project loads), checked here
// so that a mistake is named by its flag before anything is written.
import { KUBE_VERSION } from '../crd/index.ts'
import { CAMEL_CASE, DNS_SUBDOMAIN_WITH_DOT } from '@crdconv/webhook/scheme'

export type Scope = 'Namespaced' | 'Cluster'

/** How the project deploys to AWS Lambda: a SAM template, a CDK app, or both. */
export type AwsDeploy = 'sam' | 'cdk' | 'both'

/** The answers a project is made from, checked. */
export interface InitOptions {
  /** API group, a DNS subdomain with a dot: `example.com`. */
  readonly group: string
  /** UpperCamelCase: `CronTab`. */
  readonly kind: string
  /** Oldest first; each adjacent pair gets a pair of converters. */
  readonly versions: readonly string[]
  /** One of `versions`; the last one unless given. */
  readonly storage: string
  readonly scope: Scope
  readonly aws: AwsDeploy
  /**
   * With `--from-crd`: the modules under src/resources the CRDs were imported into, which
   * src/scheme.ts serves instead of a starter.
   */
  readonly imported?: readonly string[]
}

/** The answers as typed, flags or prompts; any may be missing. */
export interface InitAnswers {
  readonly group?: string | undefined
  readonly kind?: string | undefined
  readonly versions?: string | undefined
  readonly storage?: string | undefined
  readonly scope?: string | undefined
  readonly aws?: string | undefined
}

export const SCOPES: readonly Scope[] = ['Namespaced', 'Cluster']
export const AWS_DEPLOYS: readonly AwsDeploy[] = ['sam', 'cdk', 'both']

/** Whether the project gets the SAM template, the CDK app, or both. */
export function deploysWith(aws: AwsDeploy, tool: 'sam' | 'cdk'): boolean {
  return aws === 'both' || aws === tool
}

const MAX_GROUP_LENGTH = 253
const MAX_VERSION_LENGTH = 63

/** Why `--group` is refused, or undefined when it is a valid API group. */
export function groupProblem(group: string): string | undefined {
  if (DNS_SUBDOMAIN_WITH_DOT.test(group) && group.length <= MAX_GROUP_LENGTH) return undefined
  return `--group "${group}" must be a DNS subdomain with at least one dot (lowercase letters, digits, '-' and '.', at most ${MAX_GROUP_LENGTH} characters), like example.com`
}

/** Why `--aws` is refused, or undefined when it names sam, cdk or both. */
export function awsProblem(aws: string): string | undefined {
  if (AWS_DEPLOYS.includes(aws as AwsDeploy)) return undefined
  return `--aws "${aws}" must be sam, cdk or both`
}

/** Why `--kind` is refused, or undefined when it is UpperCamelCase. */
export function kindProblem(kind: string): string | undefined {
  if (CAMEL_CASE.test(kind)) return undefined
  return `--kind "${kind}" must be UpperCamelCase (a capital letter, then letters and digits), like CronTab`
}

/** The versions in `--versions`, oldest first, or why the list is refused. */
export function parseVersions(text: string): { versions: string[] } | { problem: string } {
  const versions = text
    .split(',')
    .map((version) => version.trim())
    .filter((version) => version !== '')
  if (versions.length === 0) {
    return { problem: '--versions must name at least one version, like v1alpha1,v1' }
  }
  const invalid = versions.find(
    (version) => !KUBE_VERSION.test(version) || version.length > MAX_VERSION_LENGTH
  )
  if (invalid !== undefined) {
    return {
      problem: `--versions: "${invalid}" is not a Kubernetes version (v<major>, optionally followed by alpha<n> or beta<n>), like v1, v2beta3 or v1alpha1`,
    }
  }
  const repeated = versions.find((version, index) => versions.indexOf(version) !== index)
  if (repeated !== undefined) return { problem: `--versions names ${repeated} twice` }
  return { versions }
}

/** The checked options, or every problem found, one line each, naming its flag. */
export function checkAnswers(
  answers: InitAnswers
): { options: InitOptions } | { problems: string[] } {
  const problems: string[] = []
  const need = (flag: keyof InitAnswers): string | undefined => {
    const value = answers[flag]
    if (value === undefined) problems.push(`--${flag} is required`)
    return value
  }
  const group = need('group')
  const kind = need('kind')
  const versionList = need('versions')
  const scope = answers.scope ?? 'Namespaced'
  const aws = answers.aws ?? 'sam'
  const groupIssue = group === undefined ? undefined : groupProblem(group)
  const kindIssue = kind === undefined ? undefined : kindProblem(kind)
  if (groupIssue !== undefined) problems.push(groupIssue)
  if (kindIssue !== undefined) problems.push(kindIssue)
  if (!SCOPES.includes(scope as Scope)) {
    problems.push(`--scope "${scope}" must be Namespaced or Cluster`)
  }
  const awsIssue = awsProblem(aws)
  if (awsIssue !== undefined) problems.push(awsIssue)
  const parsed = versionList === undefined ? undefined : parseVersions(versionList)
  if (parsed !== undefined && 'problem' in parsed) problems.push(parsed.problem)
  const versions = parsed !== undefined && 'versions' in parsed ? parsed.versions : []
  const storage = answers.storage ?? versions.at(-1)
  if (answers.storage !== undefined && versions.length > 0 && !versions.includes(answers.storage)) {
    problems.push(
      `--storage "${answers.storage}" must be one of --versions (${versions.join(', ')})`
    )
  }
  if (problems.length > 0 || group === undefined || kind === undefined || storage === undefined) {
    return { problems }
  }
  return {
    options: { group, kind, versions, storage, scope: scope as Scope, aws: aws as AwsDeploy },
  }
}
