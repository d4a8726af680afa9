// Every `npm run <script>` a user is told about leads somewhere: the scaffold's README and the
// --help of every crdconv command name only scripts the scaffold has, for every --aws choice.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  AWS_DEPLOYS,
  checkAnswers,
  projectFiles,
  toolVersions,
} from '../../../packages/crdconv/src/init/index.ts'
import { crdconvProgram, helpText, visibleCommands } from '../../../scripts/docs-figures.ts'

const program = await crdconvProgram(process.cwd())

/** `npm run x` and `npm run x -- …` named in `text`. */
const namedScripts = (text: string) =>
  [...text.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1]!)

/** What `crdconv <command> --help` prints. */
const helpOf = (name: string) =>
  helpText(program.commands.find((candidate) => candidate.name() === name)!)

describe.each(AWS_DEPLOYS)('a project made by crdconv init --aws %s', (aws) => {
  const checked = checkAnswers({ group: 'example.com', kind: 'CronTab', versions: 'v1', aws })
  if ('problems' in checked) throw new Error(checked.problems.join('\n'))
  const files = projectFiles('webhook', checked.options, toolVersions())
  const scripts = Object.keys(
    (JSON.parse(files['package.json']!) as { scripts: Record<string, string> }).scripts
  )

  it('its README names only scripts it has', () => {
    const missing = namedScripts(files['README.md']!).filter((name) => !scripts.includes(name))
    expect(missing).toEqual([])
  })

  it('its scripts call only scripts it has', () => {
    const bodies = Object.values(
      (JSON.parse(files['package.json']!) as { scripts: Record<string, string> }).scripts
    ).join('\n')
    expect(namedScripts(bodies).filter((name) => !scripts.includes(name))).toEqual([])
  })

  // init runs before the project exists: its --help names the crdconv clone's scripts (below)
  const commands = visibleCommands(program).filter((command) => command.name() !== 'init')
  it.each(commands.map((command) => command.name()))(
    'crdconv %s --help names only scripts it has',
    (command) => {
      const missing = namedScripts(helpOf(command)).filter((name) => !scripts.includes(name))
      expect(missing).toEqual([])
    }
  )
})

it('crdconv init --help names only scripts of the crdconv clone it is run from', () => {
  const repository = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>
  }
  const named = namedScripts(helpOf('init'))
  expect(named.length).toBeGreaterThan(0)
  expect(named.filter((name) => repository.scripts[name] === undefined)).toEqual([])
})
