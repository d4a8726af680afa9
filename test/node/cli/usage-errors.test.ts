// How crdconv says it was called wrong, as the tools people know do: one line naming the option or
// input and the fix, then where the whole usage is; exit code 2, nothing on stdout, no help dump.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconvProgram, exitCodes, visibleCommands } from '../../../scripts/docs-figures.ts'
import { crdconv } from './run-cli.ts'

const program = await crdconvProgram(process.cwd())
const commands = visibleCommands(program).map((command) => command.name())

/** The one line a usage error of `crdconv <command>` is. */
const usageLine = (command: string, message: string) =>
  `crdconv ${command}: ${message}; see \`crdconv ${command} --help\`\n`

const scratch = mkdtempSync(join(tmpdir(), 'crdconv-usage-'))
const brokenYaml = join(scratch, 'broken.yaml')
writeFileSync(brokenYaml, 'apiVersion: v1\nkind: [oops\nmetadata: {}\n')

describe('usage errors', () => {
  it.each(commands)(
    'crdconv %s --no-such-option: exit 2, one line calling the option unknown',
    async (command) => {
      const run = await crdconv([command, '--no-such-option'])
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: usageLine(command, "unknown option '--no-such-option'"),
      })
    }
  )

  it.each([
    // an unknown option comes first, even beside a required one that is missing
    [['crd', '--urll', 'x'], usageLine('crd', "unknown option '--urll' (did you mean --url?)")],
    [['probe', '--urll', 'x'], usageLine('probe', "unknown option '--urll' (did you mean --url?)")],
    [
      ['convert', '--to', 'v1'],
      usageLine('convert', "required option '-f, --filename <file>' not specified"),
    ],
    [
      ['crd', '-o', 'xml'],
      usageLine(
        'crd',
        "option '-o, --output <format>' argument 'xml' is invalid. Allowed choices are yaml, json"
      ),
    ],
    [
      ['crd', '--url', 'http://crontab.example.com/convert#v1'],
      usageLine(
        'crd',
        "--url http://crontab.example.com/convert#v1 breaks the API server's rules: the scheme must be https, not http; the URL must not have a fragment (#...)"
      ),
    ],
    [['inti'], "crdconv: unknown command 'inti' (did you mean init?); see `crdconv --help`\n"],
  ])('crdconv %j: %s', async (argv, line) => {
    const run = await crdconv(argv)
    expect(run).toEqual({ code: 2, stdout: '', stderr: line })
  })

  it.each([
    ['import', [brokenYaml]],
    ['diff', [brokenYaml]],
    ['convert', ['-f', brokenYaml, '--to', 'v1']],
  ])(
    'crdconv %s: a YAML syntax error is one message with file:line:column',
    async (command, args) => {
      const run = await crdconv([command, ...args])
      expect(run.code).toBe(2)
      expect(run.stderr.split('\n')).toHaveLength(2)
      expect(run.stderr).toMatch(
        new RegExp(
          `^crdconv ${command}: .*${brokenYaml}:3:1: not (valid )?YAML.*: Flow sequence in block collection must be sufficiently indented and end with a \\]; see`
        )
      )
    }
  )
})

describe('crdconv --version', () => {
  it.each([['--version'], ['-V']])('%s prints the version of the crdconv package', async (flag) => {
    const { version } = JSON.parse(readFileSync('packages/crdconv/package.json', 'utf8')) as {
      version: string
    }
    expect(await crdconv([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
  })
})

describe('exit codes', () => {
  it.each(commands)(
    'crdconv %s --help states its exit codes 0, 1 (where it has one) and 2',
    (command) => {
      const codes = exitCodes(program.commands.find((candidate) => candidate.name() === command)!)
      expect(codes).toMatch(/^0 /)
      expect(codes).toMatch(/\b2 /)
    }
  )
})
