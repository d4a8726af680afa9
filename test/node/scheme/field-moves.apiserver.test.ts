// Declared field moves through a real API server: what a moves-only scheme writes at one version
// is read back at it, through the other version, with nothing lost, although the API server
// prunes and defaults the webhook's answer before the next review sees it.
import { expect, it } from 'vitest'
import type { KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { schemeLabForSuite } from '../../support/scheme-lab.ts'
import { movesScheme } from './fixtures/moves-schemes.ts'

const at = (
  kind: string,
  version: string,
  name: string,
  fields: Record<string, unknown>
): KubeObject => ({
  apiVersion: `moves.example.com/${version}`,
  kind,
  metadata: { name, namespace: 'default' },
  ...fields,
})

const fieldsOf = ({ apiVersion: _a, kind: _k, metadata: _m, ...fields }: KubeObject) => fields

describeWithApiServer('field moves through the API server', (release) => {
  const lab = schemeLabForSuite(release, movesScheme)

  it('keeps a removed field beside a rename that empties its parent (the two-field scheme)', async () => {
    const object = at('Gadget', 'v1', 'two-fields', {
      spec: { legacy: { timeout: '30s' }, note: 'keep me' },
    })
    expect(fieldsOf(await lab.createAndRead(object, 'v1'))).toEqual(fieldsOf(object))
  })

  it.each([
    ['an empty parent', { spec: { legacy: {}, note: 'keep me' } }],
    ['no parent', { spec: { note: 'keep me' } }],
    ['an empty spec', { spec: {} }],
  ])('keeps %s of a renamed field at v1', async (_, fields) => {
    const object = at(
      'Gadget',
      'v1',
      `gadget-${Object.keys(fields.spec).length}-${'legacy' in fields.spec ? 'l' : 'n'}`,
      fields
    )
    expect(fieldsOf(await lab.createAndRead(object, 'v1'))).toEqual(fieldsOf(object))
  })

  it.each([
    [
      'a join, a mapped rename and a removal that empty their parent',
      { spec: { legacy: { host: 'db', port: '5432', mode: 'Fast' }, note: 'keep me' } },
    ],
    [
      'half of a join, which the stash keeps',
      { spec: { legacy: { host: 'db' }, note: 'keep me' } },
    ],
    [
      'moves inside list items that empty an object of the item',
      {
        spec: {
          ports: [
            { old: { number: 80 }, hostPort: 'web:80', note: 'first' },
            { old: {}, note: 'second' },
            { hostPort: 'no-colon' },
            {},
          ],
          note: 'keep me',
        },
      },
    ],
  ])('keeps %s, through defaults the API server fills in at v2', async (title, fields) => {
    const object = at('Widget', 'v1', `widget-${title.length}`, fields)
    expect(fieldsOf(await lab.createAndRead(object, 'v1'))).toEqual(fieldsOf(object))
  })

  it('gives a v2 object back at v2 through v1, defaults and all', async () => {
    const object = at('Widget', 'v2', 'widget-at-v2', {
      spec: {
        address: 'db:5432',
        mode: 'slow',
        replicas: 3,
        ports: [{ number: 80, host: 'web', port: '80', weight: 2 }],
      },
    })
    const created = await lab.createAndRead(object, 'v2')
    const viaV1 = await lab.read(object, 'v1')
    await lab.api(
      'PUT',
      `/apis/moves.example.com/v1/namespaces/default/widgets/widget-at-v2`,
      viaV1
    )
    expect(fieldsOf(await lab.read(object, 'v2'))).toEqual(fieldsOf(created))
  })
})
