// Declared field moves through a real API server: what a moves-only scheme writes at one version
// is read back at it, through the other version, with nothing lost, although the API server
// prunes and defaults the webhook's answer before the next review sees it.
import { describe, expect, it } from 'vitest'
import { createScheme, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { schemeLabForSuite } from '../../support/scheme-lab.ts'
import { composed } from './fixtures/compose-scheme.ts'
import { gadget, widget } from './fixtures/moves-schemes.ts'

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
  const lab = schemeLabForSuite(release, createScheme([gadget, widget, composed]))

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

  describe('beside the author’s own code on the same edge (then, thenBack)', () => {
    const composedAt = (
      version: string,
      name: string,
      spec: Record<string, unknown>
    ): KubeObject => ({
      apiVersion: `compose.example.com/${version}`,
      kind: 'Gadget',
      metadata: { name, namespace: 'default' },
      spec,
    })

    it.each([
      [
        'both stashes: the note `then` keeps and the owner the moves keep',
        { legacy: { timeout: '30s' }, note: 'keep me', owner: 'team-a' },
      ],
      [
        'a timeout `then` cannot write in seconds, which it stashes',
        { legacy: { timeout: '1m' }, owner: 'team-a' },
      ],
      ['a spec the moves and `then` leave empty at v2', { note: 'only a note' }],
    ])('keeps %s, at v1 through v2', async (title, spec) => {
      const object = composedAt('v1', `composed-${title.length}`, spec)
      expect(fieldsOf(await lab.createAndRead(object, 'v1'))).toEqual(fieldsOf(object))
    })

    it('serves v2 what `then` converted, and gives a v2 object back through `thenBack`', async () => {
      const atV1 = composedAt('v1', 'composed-read-at-v2', {
        legacy: { timeout: '30s' },
        note: 'n',
      })
      expect((await lab.createAndRead(atV1, 'v2')).spec).toEqual({ timeout: 30 })
      const atV2 = composedAt('v2', 'composed-written-at-v2', { timeout: 45 })
      expect((await lab.createAndRead(atV2, 'v1')).spec).toEqual({ legacy: { timeout: '45s' } })
      expect(fieldsOf(await lab.read(atV2, 'v2'))).toEqual(fieldsOf(atV2))
    })
  })
})
