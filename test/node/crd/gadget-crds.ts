// The Gadget CRD with CEL rules and a selectable field, two ways: imported from
// fixtures/gadget-cel-crd.yaml (crdconv import, then crdconv crd on the written module), and
// written by hand in zod with celRules (fixtures/gadget-cel-scheme.ts, then crdconv crd).
import { join } from 'node:path'
import { parse } from 'yaml'
import { crdconv } from '../cli/run-cli.ts'
import { kubectl, kubectlOk, type KubectlRun } from '../../support/kubectl.ts'

const fixtures = join(import.meta.dirname, 'fixtures')
export const GADGET_CRD_FIXTURE = join(fixtures, 'gadget-cel-crd.yaml')
const URL = 'https://gadget-webhook.example.com/convert'

/** One way to the Gadget CRD, and the group it lives in (each its own, on one API server). */
export interface GadgetSource {
  readonly name: string
  readonly group: string
  /** The CRD as `crdconv crd` prints it (YAML); `project` is a scratch folder for import. */
  readonly crd: (project: string) => Promise<string>
}

async function ok(argv: readonly string[]): Promise<string> {
  const run = await crdconv(argv)
  if (run.code !== 0) throw new Error(`crdconv ${argv.join(' ')} failed: ${run.stderr}`)
  return run.stdout
}

export const GADGET_SOURCES: readonly GadgetSource[] = [
  {
    name: 'imported from a CRD',
    group: 'imported.example.com',
    crd: async (project) => {
      await ok(['import', GADGET_CRD_FIXTURE, '--out', project, '--force'])
      return ok(['crd', '--scheme', join(project, 'gadget.ts'), '--url', URL])
    },
  },
  {
    name: 'written in zod with celRules',
    group: 'zod.example.com',
    crd: () => ok(['crd', '--scheme', join(fixtures, 'gadget-cel-scheme.ts'), '--url', URL]),
  },
]

/** Applies a CRD and waits until it is established; `oldest` skips kubectl's client-side schema. */
export async function applyCrd(kubeconfig: string, yaml: string, oldest: boolean): Promise<void> {
  // kubectl validates against the server's OpenAPI, and v1.20's knows no x-kubernetes-validations
  // or selectableFields; the API server itself drops them without an error
  await kubectlOk(kubeconfig, ['apply', ...(oldest ? ['--validate=false'] : []), '-f', '-'], yaml)
  const name = (parse(yaml) as { metadata: { name: string } }).metadata.name
  await kubectlOk(kubeconfig, ['wait', '--for', 'condition=established', `crd/${name}`])
}

/** A Gadget object of `group` in the default namespace. */
export function gadget(group: string, name: string, spec: Record<string, unknown>): string {
  return JSON.stringify({
    apiVersion: `${group}/v1`,
    kind: 'Gadget',
    metadata: { name, namespace: 'default' },
    spec,
  })
}

/** `kubectl create` of a Gadget: exit code and kubectl's message. */
export function createGadget(
  kubeconfig: string,
  group: string,
  name: string,
  spec: Record<string, unknown>
): Promise<KubectlRun> {
  return kubectl(kubeconfig, ['create', '-f', '-'], gadget(group, name, spec))
}

/** A merge patch of a Gadget's spec. */
export function patchGadget(
  kubeconfig: string,
  group: string,
  name: string,
  spec: Record<string, unknown>
): Promise<KubectlRun> {
  return kubectl(kubeconfig, [
    'patch',
    `gadgets.${group}`,
    name,
    '--type',
    'merge',
    '-p',
    JSON.stringify({ spec }),
  ])
}
