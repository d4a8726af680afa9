// The chart's path token: given in values (the project's .dev.vars token), or on an upgrade the
// one the release's Secret holds; never a new one per render, which would rotate the token (and
// roll the pods) on every \`helm template\` or GitOps sync. The pods read it from the Secret, the
// CRD's service path ends in it.

/** The `webhook.token` template of `_helpers.tpl`. */
export const TOKEN_HELPER = `{{- /* the path token: the value given, else the one the release's Secret holds (an upgrade) */ -}}
{{- define "webhook.token" -}}
{{- if .Values.token -}}
{{- if not (regexMatch "^[a-z0-9]{32,63}$" .Values.token) -}}
{{- fail "token must be 32 to 63 of a-z 0-9, as openssl rand -hex 24 makes it: the CRD's service path takes it as a DNS label" -}}
{{- end -}}
{{- .Values.token -}}
{{- else -}}
{{- $secret := lookup "v1" "Secret" .Release.Namespace (printf "%s-token" (include "webhook.fullname" .)) -}}
{{- if and $secret $secret.data $secret.data.token -}}
{{- $secret.data.token | b64dec -}}
{{- else -}}
{{- fail "set token: the path token of the project's .dev.vars (--set token=$(sed -n 's/^CONVERT_TOKEN=//p' .dev.vars)); a token made here would change on every render" -}}
{{- end -}}
{{- end -}}
{{- end -}}
`

/** `chart/templates/token-secret.yaml`: the token as the pods and the CRD read it. */
export const TOKEN_SECRET = `apiVersion: v1
kind: Secret
metadata:
  name: {{ include "webhook.fullname" . }}-token
  labels:
    {{- include "webhook.labels" . | nindent 4 }}
type: Opaque
data:
  token: {{ include "webhook.token" . | b64enc }}
`
