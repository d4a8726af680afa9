// The kustomize overlay beside the chart, for operators who deploy with kustomize (kubectl, Argo
// CD, Flux): it inflates the project's own chart with kustomize's helmCharts generator, so the
// manifests stay in chart/ alone, and shows how to patch what the chart's values do not reach.
import { PROJECT_TOKEN_IN_SCRIPT } from '../path-token/index.ts'
import { KUBECTL, needsOnPath } from './script-prerequisites.ts'

/** The overlay's folder in the project: named for the tool that reads it, as chart/ is for helm. */
export const KUSTOMIZE_DIR = 'kustomize'

/** The values file with the project's path token that `npm run kustomize` writes (gitignored). */
export const KUSTOMIZE_TOKEN_VALUES = `${KUSTOMIZE_DIR}/token-values.yaml`

/** The overlay, keyed by path in the project of the package `packageName`. */
export function kustomizeFiles(packageName: string): Readonly<Record<string, string>> {
  return {
    [`${KUSTOMIZE_DIR}/kustomization.yaml`]: kustomization(packageName),
    [`${KUSTOMIZE_DIR}/deployment-patch.yaml`]: deploymentPatch(packageName),
  }
}

/**
 * The package.json script that prints the overlay's manifests (kubectl and helm on PATH; without
 * helm, kubectl's own one line names it), writing the CRD the chart reads and the token values
 * from .dev.vars first.
 */
export const KUSTOMIZE_SCRIPT = {
  // the chart is outside the overlay's folder, which kustomize refuses to read by default
  kustomize: `${needsOnPath('kustomize', KUBECTL)} && npm run --silent chart:crd && printf 'token: %s\\n' ${PROJECT_TOKEN_IN_SCRIPT} > ${KUSTOMIZE_TOKEN_VALUES} && kubectl kustomize --enable-helm --load-restrictor LoadRestrictionsNone ${KUSTOMIZE_DIR}`,
}

function kustomization(name: string): string {
  return `# The chart in ../chart with this cluster's values, then the patches below; the chart's manifests
# are not copied here. Print them with \`npm run --silent kustomize\` (which runs npm run chart:crd):
# kubectl kustomize --enable-helm, which runs helm from PATH, and --load-restrictor
# LoadRestrictionsNone, since kustomize reads nothing outside this folder without it.
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization

# The same as helmCharts' namespace below, which the chart writes into the certificate's DNS
# names and the CRD's cert-manager.io/inject-ca-from; the chart's cert-manager Issuers are
# namespaced, as everything of the chart but the CRD is.
namespace: ${name}

helmGlobals:
  # the project, whose chart/ kustomize then finds instead of downloading one into a charts/
  # folder here
  chartHome: ..

helmCharts:
  - name: chart
    releaseName: ${name}
    namespace: ${name}
    # the values that differ per cluster; the others, with what each is for, are in
    # ../chart/values.yaml
    valuesInline:
      image:
        repository: registry.example.com/${name}
        tag: '0.1.0'
      replicaCount: 2
      # required: where the API server calls from (../chart/values.yaml says how to find it)
      apiServerCIDRs: []
    # the path token: npm run kustomize writes it here from ../.dev.vars (gitignored, as that is);
    # the chart refuses to render without one rather than make a new one on every build
    valuesFile: token-values.yaml

# what the chart has no value for
patches:
  - path: deployment-patch.yaml
`
}

function deploymentPatch(name: string): string {
  return `# A strategic-merge patch on the chart's Deployment (lists of named items, such as containers,
# merge by name). This one lets the pods onto nodes tainted dedicated=infra:NoSchedule and changes
# nothing where there are none; a nodeSelector beside it would keep them there.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  template:
    spec:
      tolerations:
        - key: dedicated
          operator: Equal
          value: infra
          effect: NoSchedule
`
}
