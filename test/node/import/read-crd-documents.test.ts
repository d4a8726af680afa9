import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import {
  readCrdDocuments,
  type ImportProblemCode,
} from '../../../packages/crdconv/src/import/index.ts'
import { crdInput } from '../../support/crd-factory.ts'

// loosely typed on purpose: each case breaks the CRD somewhere else
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>

/** A minimal valid v1 CRD, with `change` applied to a copy. */
function crd(change: (crd: Loose) => void = () => {}): Record<string, unknown> {
  const value = structuredClone(crdInput()) as Loose
  change(value)
  return value
}
const yaml = (...documents: unknown[]) =>
  documents.map((document) => stringify(document)).join('---\n')

describe('readCrdDocuments', () => {
  it('reads every CRD of a multi-document YAML stream, a JSON document and a List', () => {
    expect(readCrdDocuments(yaml(crd(), crd())).crds).toHaveLength(2)
    expect(readCrdDocuments(JSON.stringify(crd())).crds).toHaveLength(1)
    const list = { apiVersion: 'v1', kind: 'List', items: [crd(), crd()] }
    expect(readCrdDocuments(JSON.stringify(list))).toMatchObject({ problems: [] })
  })

  it.each<
    [
      string,
      string,
      { document: number; path: string; code: ImportProblemCode; message: RegExp; at?: object },
    ]
  >([
    [
      'not YAML',
      'a: [1, 2\nb: }',
      {
        document: 0,
        path: '',
        code: 'not-yaml',
        message: /^not YAML: [^\n]+$/,
        at: { line: 2, column: 1 },
      },
    ],
    [
      'not a CRD',
      yaml(crd(), { apiVersion: 'v1', kind: 'ConfigMap' }),
      { document: 1, path: '.kind', code: 'not-a-crd', message: /not a CRD: kind is "ConfigMap"/ },
    ],
    [
      'a v1beta1 CRD, with how to upgrade it',
      yaml(crd((value) => (value['apiVersion'] = 'apiextensions.k8s.io/v1beta1'))),
      {
        document: 0,
        path: '.apiVersion',
        code: 'crd-v1beta1',
        message: /upgrade it to apiextensions.k8s.io\/v1/,
      },
    ],
    [
      'a CRD whose label value YAML read as a number',
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  labels: { release: 1.10 }\n' +
        stringify({ spec: crdInput().spec }),
      {
        document: 0,
        path: '.metadata.labels["release"]',
        code: 'metadata-invalid',
        message: /the CRD's label release must be a string, not 1\.1 \(quote it in YAML\)/,
      },
    ],
    [
      'a CRD annotation key with a space',
      yaml(crd((value) => (value['metadata'].annotations = { 'my note': 'x' }))),
      {
        document: 0,
        path: '.metadata.annotations["my note"]',
        code: 'metadata-invalid',
        message: /annotation my note key name part must consist of alphanumerics/,
      },
    ],
    [
      'a CRD with no versions',
      yaml(crd((value) => (value['spec'].versions = []))),
      {
        document: 0,
        path: '.spec.versions',
        code: 'crd-incomplete',
        message: /at least one version/,
      },
    ],
    [
      'a schema that is not structural',
      yaml(
        crd((value) => {
          value['spec'].versions[0].schema.openAPIV3Schema.properties.spec = { pattern: 'a' }
        })
      ),
      {
        document: 0,
        path: '.spec.versions[0].schema.openAPIV3Schema.properties.spec',
        code: 'schema-not-structural',
        message: /not structural: must have a type/,
      },
    ],
    [
      'a $ref',
      yaml(
        crd((value) => {
          value['spec'].versions[0].schema.openAPIV3Schema.properties.spec = {
            $ref: '#/definitions/Spec',
          }
        })
      ),
      {
        document: 0,
        path: '.spec.versions[0].schema.openAPIV3Schema.properties.spec.$ref',
        code: 'schema-ref',
        message: /\$ref is not allowed/,
      },
    ],
  ])(
    'refuses %s with the document, the JSON path, the code and the message',
    (_name, text, expected) => {
      const { crds, problems } = readCrdDocuments(text)
      expect(problems).toContainEqual({
        ...expected,
        message: expect.stringMatching(expected.message),
      })
      expect(crds.length).toBeLessThanOrEqual(1)
    }
  )
})
