// Annotations of the author's own through a real API server: a field kept in Tekton's format and
// in Cluster API's is read back at its own version through the other, and an object stored with
// the annotation as the Go webhook wrote it is read at the other version with the field restored.
import { describe, expect, it } from 'vitest'
import { createScheme, type KubeObject } from '../../../packages/webhook/src/scheme/index.ts'
import { describeWithApiServer } from '../../support/api-server.ts'
import { schemeLabForSuite } from '../../support/scheme-lab.ts'
import {
  CLUSTER_API_DATA,
  machine,
  pipe,
  TEKTON_RESOURCES,
} from './fixtures/annotation-place-schemes.ts'

const GROUP = 'places.example.com'
const at = (
  kind: string,
  version: string,
  name: string,
  fields: Record<string, unknown>,
  annotations?: Record<string, string>
): KubeObject => ({
  apiVersion: `${GROUP}/${version}`,
  kind,
  metadata: { name, namespace: 'default', ...(annotations && { annotations }) },
  ...fields,
})
const fieldsOf = ({ apiVersion: _a, kind: _k, metadata: _m, ...fields }: KubeObject) => fields
const annotationsOf = (object: KubeObject) =>
  (object.metadata as { annotations?: Record<string, string> }).annotations ?? {}

const resources = { inputs: [{ name: 'source', type: 'git' }] }
const topology = { class: 'quick', version: 'v1.31.0' }

describeWithApiServer('annotations of your own through the API server', (release) => {
  const lab = schemeLabForSuite(release, createScheme([pipe, machine]))

  describe("Tekton's format: the field's JSON in tekton.dev/v1beta1Resources, v1 stored", () => {
    it('keeps spec.resources of a v1beta1 object stored at v1, and reads it back at v1beta1', async () => {
      const object = at('Pipe', 'v1beta1', 'kept', { spec: { steps: [{ name: 'a' }], resources } })
      expect(fieldsOf(await lab.createAndRead(object, 'v1beta1'))).toEqual(fieldsOf(object))
      const stored = await lab.read(object, 'v1')
      expect(fieldsOf(stored)).toEqual({ spec: { steps: [{ name: 'a' }] } })
      expect(JSON.parse(annotationsOf(stored)[TEKTON_RESOURCES] as string)).toEqual(resources)
    })

    it('reads an object the Go webhook stored at v1, its annotation taken out at v1beta1', async () => {
      const written = JSON.stringify(resources)
      const object = at(
        'Pipe',
        'v1',
        'by-go',
        { spec: { steps: [] } },
        {
          [TEKTON_RESOURCES]: written,
          team: 'ci',
        }
      )
      const read = await lab.createAndRead(object, 'v1beta1')
      expect(fieldsOf(read)).toEqual({ spec: { steps: [], resources } })
      expect(annotationsOf(read)).toEqual({ team: 'ci' })
    })
  })

  describe("Cluster API's format: the hub's JSON in cluster.x-k8s.io/conversion-data, the hub stored", () => {
    it('keeps the hub fields through the spoke: a hub object read at the spoke and written back', async () => {
      const hub = at('Machine', 'v1beta1', 'round', {
        spec: { paused: true, topology, failureDomain: 'az-1' },
      })
      const spoke = await lab.createAndRead(hub, 'v1alpha4')
      expect(fieldsOf(spoke)).toEqual({ spec: { paused: true } })
      const whole = JSON.parse(annotationsOf(spoke)[CLUSTER_API_DATA] as string) as KubeObject
      expect(whole['spec']).toEqual(hub['spec'])
      // written back at the spoke, as a client of v1alpha4 would: the hub keeps its fields
      const { status, body } = await lab.api(
        'PUT',
        `/apis/${GROUP}/v1alpha4/namespaces/default/machines/round`,
        { ...spoke, spec: { paused: false } }
      )
      expect({ status, body: fieldsOf(body as KubeObject) }).toMatchObject({ status: 200 })
      const read = await lab.read(hub, 'v1beta1')
      expect(fieldsOf(read)).toEqual({ spec: { paused: false, topology, failureDomain: 'az-1' } })
      expect(annotationsOf(read)).toEqual({})
    })

    it('stores a spoke object carrying what MarshalData wrote with the hub fields restored', async () => {
      const written = JSON.stringify({
        apiVersion: `${GROUP}/v1beta1`,
        kind: 'Machine',
        spec: { paused: true, topology },
        status: {},
      })
      const spoke = at(
        'Machine',
        'v1alpha4',
        'by-go',
        { spec: { paused: false } },
        {
          [CLUSTER_API_DATA]: written,
        }
      )
      const read = await lab.createAndRead(spoke, 'v1beta1')
      expect(fieldsOf(read)).toEqual({ spec: { paused: false, topology } })
      expect(annotationsOf(read)).toEqual({})
    })
  })
})
