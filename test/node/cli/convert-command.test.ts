import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { crdconv } from './run-cli.ts'

const configMap = `# not a custom resource: left exactly as written
apiVersion: v1
kind: ConfigMap   # odd spacing kept
metadata: { name: settings }
data: { mode: "fast" }
`

function manifests(thirdHostPort = '"example.com:2345"'): string {
  return `# stored CronTabs
apiVersion: example.com/v1beta1
kind: CronTab
metadata:
  name: local-crontab
  namespace: default
  labels: { team: a }
hostPort: "localhost:1234"
spec:
  cronSpec: "* * * * */5"
---
${configMap}---
apiVersion: v1
kind: List
items:
  - apiVersion: example.com/v1beta1
    kind: CronTab
    metadata: { name: remote-crontab, namespace: default }
    hostPort: ${thirdHostPort}
  - apiVersion: example.com/v1
    kind: CronTab
    metadata: { name: already-v1 }
    host: "::1"
    port: "8080"
`
}

function documents(text: string): unknown[] {
  const parsed = parseAllDocuments(text)
  return Array.isArray(parsed) ? parsed.map((document) => document.toJS()) : []
}

describe('crdconv convert', () => {
  it('converts custom resources in every document and List, and passes the rest through untouched', async () => {
    const run = await crdconv(['convert', '-f', '-', '--to', 'v1'], { stdin: manifests() })
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('converted 2 objects')
    expect(run.stdout).toContain(configMap)
    expect(run.stdout.startsWith('# stored CronTabs\n')).toBe(true)
    const [first, second, third] = documents(run.stdout)
    expect(first).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'CronTab',
      metadata: { name: 'local-crontab', namespace: 'default', labels: { team: 'a' } },
      spec: { cronSpec: '* * * * */5' },
      host: 'localhost',
      port: '1234',
    })
    expect(second).toMatchObject({ kind: 'ConfigMap' })
    expect(third).toMatchObject({
      kind: 'List',
      items: [
        { apiVersion: 'example.com/v1', host: 'example.com', port: '2345' },
        { apiVersion: 'example.com/v1', metadata: { name: 'already-v1' }, host: '::1' },
      ],
    })
  })

  it('converts back with a group/version target and JSON output', async () => {
    const run = await crdconv(['convert', '-f', '-', '--to', 'example.com/v1beta1', '-o', 'json'], {
      stdin: manifests(),
    })
    expect(run.code).toBe(0)
    const list = JSON.parse(run.stdout) as { kind: string; items: unknown[] }
    expect(list.kind).toBe('List')
    expect(list.items[2]).toMatchObject({
      items: [
        { hostPort: 'example.com:2345' },
        { apiVersion: 'example.com/v1beta1', hostPort: '[::1]:8080' },
      ],
    })
  })

  it('answers JSON for JSON input', async () => {
    const object = {
      apiVersion: 'example.com/v1beta1',
      kind: 'CronTab',
      metadata: { name: 'a' },
      hostPort: 'h:1',
    }
    const run = await crdconv(['convert', '-f', '-', '--to', 'v1'], {
      stdin: JSON.stringify(object),
    })
    expect(JSON.parse(run.stdout)).toMatchObject({
      apiVersion: 'example.com/v1',
      host: 'h',
      port: '1',
    })
  })

  it('names the document and object that fail, writes nothing and exits 1', async () => {
    const run = await crdconv(['convert', '-f', '-', '--to', 'v1'], { stdin: manifests('8080') })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(
      'document 3, items[0]: CronTab default/remote-crontab, example.com/v1beta1 → example.com/v1: hostPort must be a string "host:port", not number'
    )
  })

  it.each([
    [['convert', '-f', '-', '--to', 'v7'], 'a: 1', '--to v7 is no version'],
    [['convert', '-f', '-', '--to', 'v1'], 'a: [1\n', 'stdin:2:1: not valid YAML or JSON'],
    [['convert', '-f', 'missing.yaml', '--to', 'v1'], '', 'cannot read missing.yaml: no such file'],
    [['convert', '-f', '-'], '', "required option '--to <version>'"],
  ])('exits 2 on bad usage: %j', async (argv, stdin, message) => {
    const run = await crdconv(argv, { stdin })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })
})
