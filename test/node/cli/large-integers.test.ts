import { describe, expect, it } from 'vitest'
import { crdconv } from './run-cli.ts'

const INT64_MAX = '9223372036854775807'
const PAST_2_53 = '9007199254740993'

const cronTabYaml = `apiVersion: example.com/v1beta1
kind: CronTab
metadata:
  name: big
  generation: ${INT64_MAX}
hostPort: "localhost:1234"
spec:
  size: ${PAST_2_53}
  small: 3
  ratio: 0.1
`

const cronTabJson = `{"apiVersion":"example.com/v1beta1","kind":"CronTab","metadata":{"name":"big","generation":${INT64_MAX}},"hostPort":"localhost:1234","spec":{"size":-${PAST_2_53},"small":3,"ratio":0.1}}`

describe('integers past 2^53 in the CLI', () => {
  it.each([
    ['YAML', 'yaml', cronTabYaml, [`generation: ${INT64_MAX}`, `size: ${PAST_2_53}`, 'small: 3']],
    ['YAML', 'json', cronTabYaml, [`"generation": ${INT64_MAX}`, `"size": ${PAST_2_53}`]],
    ['JSON', 'json', cronTabJson, [`"generation": ${INT64_MAX}`, `"size": -${PAST_2_53}`]],
    [
      'JSON',
      'yaml',
      cronTabJson,
      [`generation: ${INT64_MAX}`, `size: -${PAST_2_53}`, 'ratio: 0.1'],
    ],
  ])('convert keeps them exact from %s to %s', async (_from, output, input, expected) => {
    const run = await crdconv(['convert', '-f', '-', '--to', 'v1', '-o', output], { stdin: input })
    expect(run.stderr).toContain('converted 1 object\n')
    for (const text of expected) expect(run.stdout).toContain(text)
  })

  it('review answers with them exact, as the webhook does', async () => {
    const review = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"example.com/v1","objects":[${cronTabJson}]}}`
    const run = await crdconv(['review', '-f', '-'], { stdin: review })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`"generation": ${INT64_MAX}`)
    expect(run.stdout).toContain(`"size": -${PAST_2_53}`)
  })
})
