// The chart's cert-manager objects: a self-signed Issuer that signs only a CA, the CA, an Issuer
// of that CA, and the serving certificate it issues.

// A CA that outlives its leaves: cert-manager renews the serving certificate (a new key each time)
// from the same CA, and the CRD trusts the CA, so a renewal never changes the caBundle
// (cert-manager#5519: a self-signed leaf injected as its own CA fails every conversion from its
// renewal until the pods serve the new pair).
/** `chart/templates/certificate.yaml`. */
export const CERTIFICATE = `apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  name: {{ include "webhook.fullname" . }}-selfsigned
  labels:
    {{- include "webhook.labels" . | nindent 4 }}
spec:
  selfSigned: {}
---
# the CA: ten years; cert-manager puts it in the CRD's caBundle
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: {{ include "webhook.fullname" . }}-ca
  labels:
    {{- include "webhook.labels" . | nindent 4 }}
spec:
  isCA: true
  commonName: {{ include "webhook.fullname" . }}-ca
  secretName: {{ include "webhook.fullname" . }}-ca
  duration: 87600h
  renewBefore: 720h
  issuerRef:
    kind: Issuer
    name: {{ include "webhook.fullname" . }}-selfsigned
  privateKey:
    algorithm: ECDSA
    size: 256
---
apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  name: {{ include "webhook.fullname" . }}-ca
  labels:
    {{- include "webhook.labels" . | nindent 4 }}
spec:
  ca:
    secretName: {{ include "webhook.fullname" . }}-ca
---
# the serving certificate: 90 days, renewed with a new key, always from the CA above
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
    kind: Issuer
    name: {{ include "webhook.fullname" . }}-ca
  privateKey:
    algorithm: ECDSA
    size: 256
    rotationPolicy: Always
`
