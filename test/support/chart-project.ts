// The chart crdconv init writes, with a stand-in CRD, in a folder of its own: what helm renders.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { clusterFiles } from '../../packages/crdconv/src/init/cluster-files.ts'

const CRD_STUB = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: crontabs.example.com }
spec: { conversion: { strategy: Webhook, webhook: { conversionReviewVersions: [v1] } } }
`

/** Writes the chart of a project named `webhook` into a new temporary folder. */
export function writeChartProject(): { project: string; files: Record<string, string> } {
  const project = mkdtempSync(join(tmpdir(), 'crdconv-chart-'))
  const files: Record<string, string> = {
    ...clusterFiles('webhook'),
    'chart/files/crd.yaml': CRD_STUB,
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), text)
  }
  return { project, files }
}
