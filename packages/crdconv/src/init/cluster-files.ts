// The files that run the webhook inside the cluster: the Node server's image, and a Helm chart
// with its Deployment, Service, PodDisruptionBudget, NetworkPolicy, cert-manager certificate,
// the CRD whose caBundle cert-manager injects, and its monitoring (monitoring-files.ts).
import {
  CONTAINER_IMAGE_FILES,
  SERVER_BUNDLE_SCRIPT,
  SERVER_PORT,
  SERVER_TLS_ENVIRONMENT,
  TLS_MOUNT,
} from './container-image-files.ts'
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
    'chart/templates/crd.yaml': CRD,
    ...MONITORING_FILES,
  }
}

/** The package.json scripts of the cluster path: the server's bundle, the chart's CRD. */
export const CLUSTER_SCRIPTS = {
  ...SERVER_BUNDLE_SCRIPT,
  // the chart replaces this URL with the Service; crdconv crd needs one to write the stanza
  'chart:crd': `mkdir -p chart/files && crdconv crd --scheme src/scheme.ts --url https://in-cluster.invalid/convert > ${CHART_CRD_FILE}`,
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
  return `# The image the Containerfile builds.
image:
  repository: registry.example.com/${name}
  tag: '0.1.0'
  pullPolicy: IfNotPresent

# two, spread over nodes, with a PodDisruptionBudget: a conversion webhook that is down blocks
# every read and write of the resource
replicaCount: 2

resources:
  requests:
    cpu: 100m
    memory: 128Mi
  limits:
    memory: 256Mi

# Where the API server's calls come from (NetworkPolicy ipBlocks). The API server runs on the
# control-plane hosts, outside any pod network: narrow these to their addresses.
apiServerCIDRs:
  - 10.0.0.0/8
  - 172.16.0.0/12
  - 192.168.0.0/16

# The namespace Prometheus runs in, let through the NetworkPolicy to scrape /metrics; where the
# Prometheus Operator is installed the chart adds a ServiceMonitor and a PrometheusRule.
prometheusNamespace: monitoring
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
`

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
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          env:
${Object.entries(SERVER_TLS_ENVIRONMENT)
  .map(([name, value]) => `            - name: ${name}\n              value: ${value}\n`)
  .join('')}          ports:
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

const CERTIFICATE = `apiVersion: cert-manager.io/v1
kind: ClusterIssuer
metadata:
  name: {{ include "webhook.fullname" . }}-selfsigned
  labels:
    {{- include "webhook.labels" . | nindent 4 }}
spec:
  selfSigned: {}
---
# its own CA: cert-manager puts it in the secret's ca.crt and injects it into the CRD's caBundle
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  {{- include "webhook.metadata" . | nindent 2 }}
spec:
  secretName: {{ include "webhook.fullname" . }}-tls
  dnsNames:
    - {{ include "webhook.fullname" . }}.{{ .Release.Namespace }}.svc
    - {{ include "webhook.fullname" . }}.{{ .Release.Namespace }}.svc.cluster.local
  issuerRef:
    kind: ClusterIssuer
    name: {{ include "webhook.fullname" . }}-selfsigned
  privateKey:
    algorithm: ECDSA
    size: 256
    rotationPolicy: Always
`

const CRD = `{{- /* files/crd.yaml is what \`npm run chart:crd\` writes from src/scheme.ts */ -}}
{{- $crd := .Files.Get "files/crd.yaml" | fromYaml -}}
{{- if not $crd.spec -}}
{{- fail "chart/files/crd.yaml is missing: run npm run chart:crd" -}}
{{- end -}}
{{- $name := include "webhook.fullname" . -}}
{{- $inject := dict "cert-manager.io/inject-ca-from" (printf "%s/%s" .Release.Namespace $name) -}}
{{- $_ := set $crd.metadata "annotations" (merge $inject ($crd.metadata.annotations | default dict)) -}}
{{- $service := dict "namespace" .Release.Namespace "name" $name "path" "/convert" "port" 443 -}}
{{- $_ := set $crd.spec.conversion.webhook "clientConfig" (dict "service" $service) -}}
{{ toYaml $crd }}
`
