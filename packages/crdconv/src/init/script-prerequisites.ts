// The first step of a package.json script that runs a program npm cannot install into the project
// (the SAM CLI, kubectl): without it on PATH the script stops with one line naming the program and
// how to get it, instead of the shell's bare "sam: not found".

/** A program a script needs on PATH, and the one-line way to get it on Linux and macOS. */
export interface PathProgram {
  readonly command: string
  readonly install: string
}

export const SAM_CLI: PathProgram = {
  command: 'sam',
  install: 'the AWS SAM CLI: pipx install aws-sam-cli, or brew install aws-sam-cli',
}

export const KUBECTL: PathProgram = {
  command: 'kubectl',
  install: 'kubectl: brew install kubectl, or https://kubernetes.io/docs/tasks/tools/',
}

/**
 * `script`'s sh steps that stop it when `program` is not on PATH, to put before its commands.
 *
 * @example
 * `${needsOnPath('build:sam', SAM_CLI)} && sam build`
 * // without sam: "npm run build:sam needs sam on PATH: install the AWS SAM CLI: pipx install aws-sam-cli, …"
 */
export function needsOnPath(script: string, program: PathProgram): string {
  const line = `npm run ${script} needs ${program.command} on PATH: install ${program.install}`
  return `{ command -v ${program.command} >/dev/null || { echo "${line}" >&2; exit 127; }; }`
}
