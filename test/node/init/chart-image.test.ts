// Which image the chart's pods run: the tag by default, exactly one image by its digest.
import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { helmCommand } from '../../support/cached-tools.ts'
import { writeChartProject } from '../../support/chart-project.ts'

const helm = helmCommand()
const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`

describe.skipIf('skip' in helm)('the chart’s image (helm template)', () => {
  const helmPath = 'path' in helm ? helm.path : ''
  const { project } = writeChartProject()
  const templateArgs = (...args: string[]) => [
    'template',
    'conv',
    join(project, 'chart'),
    '--set',
    'apiServerCIDRs={10.0.0.10/32}',
    '--set',
    `token=${'0123456789abcdef'.repeat(3)}`,
    ...args,
  ]
  const podImages = (...args: string[]) =>
    parseAllDocuments(execFileSync(helmPath, templateArgs(...args)).toString())
      .map((document) => document.toJS() as { kind: string; spec: unknown })
      .filter((one) => one.kind === 'Deployment')
      .map((one) => JSON.stringify(one.spec).match(/"image":"([^"]+)"/)?.[1])

  it('runs the tag of values.yaml by default', () => {
    expect(podImages()).toEqual(['registry.example.com/webhook:0.1.0'])
  })

  it('runs exactly the image of image.digest when set, whatever the tag', () => {
    expect(podImages('--set', `image.digest=${DIGEST}`, '--set', 'image.tag=latest')).toEqual([
      `registry.example.com/webhook@${DIGEST}`,
    ])
  })

  it.each([
    ['a tag', 'v1.2.3'],
    ['a short digest', 'sha256:0123'],
    ['another algorithm', `sha512:${'ab'.repeat(64)}`],
  ])('refuses %s given as the digest, saying what one looks like', (_, digest) => {
    const run = spawnSync(helmPath, templateArgs('--set', `image.digest=${digest}`), {
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('image.digest must be sha256: and 64 hex digits')
  })
})
