// The files that run the webhook inside the cluster: a Containerfile for the Node server
// (`crdconv serve`), and a Helm chart with its Deployment, Service, PodDisruptionBudget,
// NetworkPolicy, cert-manager certificate, and the CRD whose caBundle cert-manager injects.

/** Where `npm run chart:crd` writes the CRD the chart templates from. */
export const CHART_CRD_FILE = 'chart/files/crd.yaml'

// the port the server listens on inside the pod; the Service answers on 443
const SERVER_PORT = 8443

/** The container image definition and the chart, keyed by path in the project. */
export function clusterFiles(packageName: string): Readonly<Record<string, string>> {
  return {
    Containerfile: CONTAINERFILE,
    '.containerignore': CONTAINERIGNORE,
    'chart/Chart.yaml': chartYaml(packageName),
    'chart/values.yaml': valuesYaml(packageName),
    'chart/templates/_helpers.tpl': HELPERS,
    'chart/templates/deployment.yaml': DEPLOYMENT,
    'chart/templates/service.yaml': SERVICE,
    'chart/templates/pdb.yaml': PDB,
    'chart/templates/networkpolicy.yaml': NETWORK_POLICY,
    'chart/templates/certificate.yaml': CERTIFICATE,
    'chart/templates/crd.yaml': CRD,
  }
}

/** The package.json script that writes the chart's CRD from the scheme. */
export const CHART_CRD_SCRIPT = {
  // the chart replaces this URL with the Service; crdconv crd needs one to write the stanza
  'chart:crd': `mkdir -p chart/files && crdconv crd --scheme src/scheme.ts --url https://in-cluster.invalid/convert > ${CHART_CRD_FILE}`,
}

const CONTAINERFILE = `# The webhook's Node server (crdconv serve) for the chart in chart/. Build: podman build -t <image> .
FROM docker.io/library/node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json ./
COPY src ./src

# no shell, no package manager; runs as uid 65532
FROM gcr.io/distroless/nodejs22-debian12:nonroot
WORKDIR /app
COPY --from=build /app /app
ENTRYPOINT ["/nodejs/bin/node", "node_modules/crdconv/bin/crdconv.js"]
CMD ["serve", "--scheme", "src/scheme.ts", "--host", "0.0.0.0", "--port", "${SERVER_PORT}"]
`

const CONTAINERIGNORE = `node_modules
dist
cdk.out
.aws-sam
.wrangler
.dev.vars
token
`

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
          args:
            - serve
            - --scheme
            - src/scheme.ts
            - --host
            - 0.0.0.0
            - --port
            - "${SERVER_PORT}"
            - --tls-cert
            - /tls/tls.crt
            - --tls-key
            - /tls/tls.key
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
              mountPath: /tls
              readOnly: true
            # tsx caches the compiled scheme here
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tls
          secret:
            secretName: {{ include "webhook.fullname" . }}-tls
        - name: tmp
          emptyDir: {}
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
  # it calls nothing
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
