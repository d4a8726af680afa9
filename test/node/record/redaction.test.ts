// What a recording replaces: the fields the author names, fields named like secrets, values shaped
// like them, an embedded Secret's data, JSON annotations inside, the kubeconfig's own credentials;
// and what it strips: the server's metadata and kubectl's last-applied copy.
import { describe, expect, it } from 'vitest'
import {
  LAST_APPLIED,
  redactObject,
  redactPathProblem,
  sameShape,
  secretByName,
  secretByShape,
  withoutServerFields,
} from '../../../packages/crdconv/src/record/index.ts'

const replace = sameShape()
const redact = (object: Record<string, unknown>, paths: string[] = [], never: string[] = []) =>
  redactObject(object, { paths, never }, replace)

describe('fields named like secrets', () => {
  it.each([
    ['password', true],
    ['clientSecret', true],
    ['client_secret', true],
    ['apiToken', true],
    ['privateKey', true],
    ['access-key', true],
    ['apiKey', true],
    ['credentials', true],
    ['secretName', false],
    ['tokenRef', false],
    ['key', false],
    ['keyName', false],
    ['passwordFile', false],
    ['name', false],
  ])('%s: %s', (name, secret) => {
    expect(secretByName(name)).toBe(secret)
  })
})

describe('values shaped like secrets', () => {
  it.each([
    ['a PEM block', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----', true],
    [
      'a JWT',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV',
      true,
    ],
    ['long base64', 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdo', true],
    ['a long hex digest', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', true],
    ['a long name', 'averyveryverylongnamewithoutanydigitsatall', false],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000', false],
    ['a schedule', '*/5 * * * *', false],
  ])('%s: %s', (_, text, secret) => {
    expect(secretByShape(text)).toBe(secret)
  })
})

describe('redactObject', () => {
  const object = {
    apiVersion: 'example.com/v1',
    kind: 'Database',
    metadata: { name: 'db', annotations: { team: 'data' } },
    spec: {
      host: 'db.internal',
      password: 'hunter2-Rules!',
      users: [
        { name: 'alice', pin: 1234 },
        { name: 'bob', pin: 5678 },
      ],
      env: { MODE: 'fast', REGION: 'eu' },
      template: {
        apiVersion: 'v1',
        kind: 'Secret',
        data: { tls: 'c2VjcmV0' },
        stringData: { a: 'b' },
      },
    },
  }

  it("replaces named fields (lists and maps too), fields named like secrets, and a Secret's data", () => {
    const { object: out, replaced } = redact(object, ['spec.users[].pin', 'spec.env.*'])
    const spec = out['spec'] as typeof object.spec
    expect(spec.host).toBe('db.internal')
    expect(spec.password).not.toBe('hunter2-Rules!')
    expect(spec.password).toHaveLength('hunter2-Rules!'.length)
    expect(spec.users.map((user) => user.name)).toEqual(['alice', 'bob'])
    expect(spec.users.map((user) => user.pin)).not.toEqual([1234, 5678])
    expect(spec.env.MODE).not.toBe('fast')
    expect(spec.template.data.tls).not.toBe('c2VjcmV0')
    expect(spec.template.stringData.a).not.toBe('b')
    expect(out['metadata']).toEqual(object.metadata)
    expect(replaced).toBe(7)
  })

  it('replaces secrets inside a JSON annotation, as Cluster API keeps the whole object', () => {
    const held = JSON.stringify({ spec: { password: 'hunter2-Rules!', host: 'db.internal' } })
    const { object: out } = redact({
      ...object,
      metadata: { name: 'db', annotations: { 'cluster.x-k8s.io/conversion-data': held } },
    })
    const annotations = (out['metadata'] as { annotations: Record<string, string> }).annotations
    const inside = JSON.parse(annotations['cluster.x-k8s.io/conversion-data'] as string)
    expect(inside.spec.host).toBe('db.internal')
    expect(inside.spec.password).not.toBe('hunter2-Rules!')
  })

  it("never writes the kubeconfig's token, wherever it is", () => {
    const token = 'kubeconfig-bearer-token-value'
    const { object: out } = redact(
      { spec: { note: `Authorization: Bearer ${token}` } },
      [],
      [token]
    )
    expect(JSON.stringify(out)).not.toContain(token)
  })

  it.each(['', 'spec..password', '.'])('refuses the --redact path %j', (path) => {
    expect(redactPathProblem(path)).toMatch(/is not a dotted field path/)
  })
})

describe('withoutServerFields', () => {
  it("keeps the user's metadata and drops the server's and kubectl's copy", () => {
    const recorded = withoutServerFields({
      apiVersion: 'example.com/v1',
      kind: 'CronTab',
      metadata: {
        name: 'a',
        namespace: 'default',
        labels: { app: 'web' },
        annotations: { note: 'kept', [LAST_APPLIED]: '{"spec":{"password":"x"}}' },
        finalizers: ['example.com/cleanup'],
        uid: 'f1b5f6e2',
        resourceVersion: '7',
        generation: 2,
        creationTimestamp: '2026-12-01T00:00:00Z',
        managedFields: [{ manager: 'kubectl', apiVersion: 'example.com/v1' }],
        ownerReferences: [{ uid: 'other' }],
      },
      spec: { cronSpec: '* * * * */5' },
    })
    expect(recorded).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'CronTab',
      metadata: {
        name: 'a',
        namespace: 'default',
        labels: { app: 'web' },
        annotations: { note: 'kept' },
        finalizers: ['example.com/cleanup'],
      },
      spec: { cronSpec: '* * * * */5' },
    })
  })
})
