// The files that run the webhook inside the cluster: the Node server's image, and a Helm chart
// with its Deployment, Service, PodDisruptionBudget, NetworkPolicy, path token Secret,
// cert-manager CA and serving certificate, the CRD whose caBundle cert-manager injects, and its
// monitoring (monitoring-files.ts).
import {
  CONTAINER_IMAGE_FILES,
  SERVER_BUNDLE_SCRIPT,
  SERVER_PORT,
  SERVER_TLS_ENVIRONMENT,
  TLS_MOUNT,
} from './container-image-files.ts'
import { NODE_SERVER_VARIABLES, SETTING_VARIABLES } from '@crdconv/webhook/http'
import { CERTIFICATE } from './chart-certificates.ts'
import { TOKEN_HELPER, TOKEN_SECRET } from '../path-token/index.ts'

const TOKEN_VARIABLE = SETTING_VARIABLES.tokens[0]
import { MONITORING_FILES, PROMETHEUS_INGRESS } from './monitoring-files.ts'

/** Where `npm run chart:crd` writes the CRD the chart templates from. */
export const CHART_CRD_FILE = 'chart/files/crd.yaml'

/** The container image definition and the chart, keyed by path in the project. */
export function clusterFiles(packageName: string): Readonly<Record<string, string>> {
  return {
    ...CONTAINER_IMAGE_FILES,
    'chart/Chart.yaml': chartYaml(packageName),
    'chart/values.yaml': valuesYaml(packageName),
    'chart/templates/_helpers.tpl': HELPERS,
    'chart/templates/deployment.yaml': DEPLOYMENT,
    'chart/templates/service.yaml': SERVICE,
    'chart/templates/pdb.yaml': PDB,
    'chart/templates/networkpolicy.yaml': NETWORK_POLICY,
    'chart/templates/certificate.yaml': CERTIFICATE,
    'chart/templates/token-secret.yaml': TOKEN_SECRET,
    'chart/templates/crd.yaml': CRD,
    ...MONITORING_FILES,
  }
}

/** The package.json scripts of the cluster path: the server's bundle, the chart's CRD. */
export const CLUSTER_SCRIPTS = {
  ...SERVER_BUNDLE_SCRIPT,
  // the chart replaces this URL with the Service; crdconv crd needs one to write the stanza.
  // --offline: the chart is installed in clusters the current kubectl context says nothing of
  'chart:crd': `mkdir -p chart/files && crdconv crd --offline --scheme src/scheme.ts --url https://in-cluster.invalid/convert --no-token > ${CHART_CRD_FILE}`,
}

function chartYaml(name: string): string {
  return `apiVersion: v2
name: ${name}
description: The ${name} conversion webhook (crdconv serve) in the cluster, TLS from cert-manager
type: application
version: 0.1.0
appVersion: '0.1.0'
`
}

function valuesYaml(name: string): string {
  return `# The image the Containerfile builds. Set digest (sha256:…, as podman push --digestfile writes
# it) and the pods run exactly that image, whatever the tag names later; the tag is then unused.
image:
  repository: registry.example.com/${name}
  tag: '0.1.0'
  digest: ''
  pullPolicy: IfNotPresent

# two, spread over nodes, with a PodDisruptionBudget: a conversion webhook that is down blocks
# every read and write of the resource
replicaCount: 2

# Required: the path token (/convert/<token>, the CRD's service path), the one crdconv init wrote
# to the project's .dev.vars: --set token=$(sed -n 's/^CONVERT_TOKEN=//p' .dev.vars). 32 to 63 of
# a-z 0-9, since the API server takes each segment of a service path as a DNS label (openssl rand
# -hex 24 makes one). Left empty, an upgrade keeps the one the release's Secret holds; the chart
# never makes one, which would change on every render (helm template, a GitOps sync).
token: ''

# Memory, heap and body size chosen together (docs/security.md): a review in flight holds about
# 7 times its body (283 MB measured for four 10 MiB reviews), so a 384 MiB V8 heap converts four
# of the largest bodies at once, and the limit leaves 128 MiB over the heap for Node itself, the
# bodies' buffers and the TLS sockets. Past the heap, V8 collects harder before the kernel's OOM kill.
# maxReviewsInFlight holds that to four: a fifth review at once gets 429 with Retry-After: 1,
# which the API server retries a second later. Raise it with the memory, or lower maxBodyBytes.
resources:
  requests:
    cpu: 100m
    memory: 256Mi
  limits:
    memory: 512Mi
heapMegabytes: 384
maxBodyBytes: 10485760
maxReviewsInFlight: 4

# Where the API server's calls come from (NetworkPolicy ipBlocks): required, no default. On a
# self-managed control plane, the API servers' addresses as /32s
# (kubectl get endpoints kubernetes -n default -o jsonpath='{.subsets[*].addresses[*].ip}');
# on a managed one, your provider's control-plane range (through a konnectivity or tunnel agent,
# the agent pods' range). docs/security.md: who can reach the webhook.
apiServerCIDRs: []

# The namespace Prometheus runs in, let through the NetworkPolicy to scrape /metrics; where the
# Prometheus Operator is installed the chart adds a ServiceMonitor and a PrometheusRule.
prometheusNamespace: monitoring

# The dashboard of the conversions (files/dashboard.json) in a ConfigMap with the label Grafana's
# dashboard sidecar loads (the grafana and kube-prometheus-stack charts' default: grafana_dashboard
# "1"); namespace: where the sidecar looks, when not the release's
grafanaDashboard:
  enabled: false
  label: grafana_dashboard
  labelValue: '1'
  namespace: ''
`
}

const HELPERS = `{{- define "webhook.fullname" -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "webhook.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "webhook.labels" -}}
{{ include "webhook.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "webhook.metadata" -}}
name: {{ include "webhook.fullname" . }}
labels:
  {{- include "webhook.labels" . | nindent 2 }}
{{- end -}}

{{- define "webhook.image" -}}
{{- with .Values.image.digest -}}
{{- if not (regexMatch "^sha256:[a-f0-9]{64}$" .) -}}
{{- fail "image.digest must be sha256: and 64 hex digits, as podman push --digestfile writes it" -}}
{{- end -}}
{{- printf "%s@%s" $.Values.image.repository . -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (toString .Values.image.tag) -}}
{{- end -}}
{{- end -}}

${TOKEN_HELPER}`

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      {{- include "webhook.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "webhook.selectorLabels" . | nindent 8 }}
      annotations:
        # a new token rolls the pods
        checksum/token: {{ include "webhook.token" . | sha256sum }}
    spec:
      automountServiceAccountToken: false
      securityContext:
        runAsNonRoot: true
        runAsUser: 65532
        runAsGroup: 65532
        seccompProfile:
          type: RuntimeDefault
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "webhook.selectorLabels" . | nindent 14 }}
      containers:
        - name: webhook
          image: {{ include "webhook.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          env:
${Object.entries(SERVER_TLS_ENVIRONMENT)
  .map(([name, value]) => `            - name: ${name}\n              value: ${value}\n`)
  .join('')}            - name: ${TOKEN_VARIABLE}
              valueFrom:
                secretKeyRef:
                  name: {{ include "webhook.fullname" . }}-token
                  key: token
            - name: ${SETTING_VARIABLES.maxBodyBytes}
              value: {{ .Values.maxBodyBytes | int64 | quote }}
            - name: ${NODE_SERVER_VARIABLES.maxReviewsInFlight}
              value: {{ .Values.maxReviewsInFlight | int64 | quote }}
            - name: NODE_OPTIONS
              value: --max-old-space-size={{ .Values.heapMegabytes | int64 }}
          ports:
            - name: https
              containerPort: ${SERVER_PORT}
          readinessProbe:
            httpGet:
              path: /healthz
              port: https
              scheme: HTTPS
            periodSeconds: 5
          livenessProbe:
            httpGet:
              path: /healthz
              port: https
              scheme: HTTPS
            periodSeconds: 20
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: [ALL]
          volumeMounts:
            - name: tls
              mountPath: ${TLS_MOUNT}
              readOnly: true
      volumes:
        - name: tls
          secret:
            secretName: {{ include "webhook.fullname" . }}-tls
`

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  selector:
    {{- include "webhook.selectorLabels" . | nindent 4 }}
  ports:
    - name: https
      port: 443
      targetPort: https
`

const PDB = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  minAvailable: 1
  selector:
    matchLabels:
      {{- include "webhook.selectorLabels" . | nindent 6 }}
`

const NETWORK_POLICY = `# only the API server reaches the webhook (the kubelet's probes come from the node itself, which
# most network plugins let through)
{{- if not .Values.apiServerCIDRs }}
{{- fail "set apiServerCIDRs: the addresses the API server calls the webhook from (values.yaml says how to find them)" }}
{{- end }}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  podSelector:
    matchLabels:
      {{- include "webhook.selectorLabels" . | nindent 6 }}
  policyTypes: [Ingress, Egress]
  ingress:
    - from:
        {{- range .Values.apiServerCIDRs }}
        - ipBlock:
            cidr: {{ . }}
        {{- end }}
      ports:
        - protocol: TCP
          port: ${SERVER_PORT}
${PROMETHEUS_INGRESS}  # it calls nothing
  egress: []
`

const CRD = `{{- /* files/crd.yaml is what \`npm run chart:crd\` writes from src/scheme.ts */ -}}
{{- $crd := .Files.Get "files/crd.yaml" | fromYaml -}}
{{- if not $crd.spec -}}
{{- fail "chart/files/crd.yaml is missing: run npm run chart:crd" -}}
{{- end -}}
{{- $name := include "webhook.fullname" . -}}
{{- $inject := dict "cert-manager.io/inject-ca-from" (printf "%s/%s-ca" .Release.Namespace $name) -}}
{{- $_ := set $crd.metadata "annotations" (merge $inject ($crd.metadata.annotations | default dict)) -}}
{{- $service := dict "namespace" .Release.Namespace "name" $name "path" (printf "/convert/%s" (include "webhook.token" .)) "port" 443 -}}
{{- $_ := set $crd.spec.conversion.webhook "clientConfig" (dict "service" $service) -}}
{{ toYaml $crd }}
`
