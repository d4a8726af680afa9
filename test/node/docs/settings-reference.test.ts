// The `CONVERT_*` variables the docs name held to the one table the code reads them from
// (packages/webhook/src/http/setting-variables.ts): docs/security.md lists each, with the Node
// server's defaults as the code has them, and no page names one that does not exist.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  NODE_LISTEN_VARIABLES,
  NODE_SERVER_VARIABLES,
  SETTING_VARIABLES,
} from '../../../packages/webhook/src/http/setting-variables.ts'
import { DEFAULT_NODE_SERVER_LIMITS } from '../../../packages/webhook/src/platform/node/node-server-limits.ts'
import { DEFAULT_NODE_PORT } from '../../../packages/webhook/src/platform/node/node-server.ts'
import { DEFAULT_SHUTDOWN_DELAY_SECONDS } from '../../../packages/webhook/src/platform/node/run-node-server.ts'
import { markdownFiles } from '../../../scripts/docs-figures.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const variables = new Set<string>(
  [
    ...Object.values(SETTING_VARIABLES),
    ...Object.values(NODE_SERVER_VARIABLES),
    ...Object.values(NODE_LISTEN_VARIABLES),
  ].flat()
)
const namedIn = (file: string) =>
  new Set(readFileSync(join(repoRoot, file), 'utf8').match(/\bCONVERT_[A-Z_]*[A-Z]\b/g) ?? [])

describe('the CONVERT_* variables in the docs', () => {
  it('are each in docs/security.md', () => {
    const named = namedIn('docs/security.md')
    expect([...variables].filter((name) => !named.has(name))).toEqual([])
  })

  it.each(markdownFiles(repoRoot))('%s names only variables the code reads', (file) => {
    expect([...namedIn(file)].filter((name) => !variables.has(name))).toEqual([])
  })

  it.each(Object.entries(NODE_SERVER_VARIABLES))(
    'docs/security.md gives %s (%s) the default the Node server has',
    (setting, name) => {
      const page = readFileSync(join(repoRoot, 'docs/security.md'), 'utf8')
      const row = new RegExp(`^\\| \`${name}\` +\\| ([\\d,]+) +\\|`, 'm').exec(page)
      const documented = Number((row?.[1] ?? '').replace(/,/g, ''))
      const limits = DEFAULT_NODE_SERVER_LIMITS as unknown as Record<string, number>
      expect(documented).toBe(limits[setting])
    }
  )

  it.each([
    [NODE_LISTEN_VARIABLES.port, DEFAULT_NODE_PORT],
    [NODE_LISTEN_VARIABLES.shutdownDelaySeconds, DEFAULT_SHUTDOWN_DELAY_SECONDS],
  ])('docs/security.md gives %s the default runNodeServer has (%i)', (name, value) => {
    const page = readFileSync(join(repoRoot, 'docs/security.md'), 'utf8')
    const row = new RegExp(`^\\| \`${name}\` +\\| ([\\d,]+) +\\|`, 'm').exec(page)
    expect(Number((row?.[1] ?? '').replace(/,/g, ''))).toBe(value)
  })
})
