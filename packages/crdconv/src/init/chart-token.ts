// The chart's path token: given in values, or made at install and kept in a Secret across
// upgrades; the pods read it from the Secret, the CRD's service path ends in it.

/** The `webhook.token` template of `_helpers.tpl`. */
export const TOKEN_HELPER = `{{- /* the path token: the value given, else the one the release's Secret holds, else a new one,
  made once per render (kept in .Values, which every template shares) */ -}}
{{- define "webhook.token" -}}
{{- if .Values.token -}}
{{- if not (regexMatch "^[a-z0-9]{32,63}$" .Values.token) -}}
{{- fail "token must be 32 to 63 of a-z 0-9: the CRD's service path takes it as a DNS label (openssl rand -hex 24)" -}}
{{- end -}}
{{- .Values.token -}}
{{- else -}}
{{- $secret := lookup "v1" "Secret" .Release.Namespace (printf "%s-token" (include "webhook.fullname" .)) -}}
{{- if and $secret $secret.data $secret.data.token -}}
{{- $secret.data.token | b64dec -}}
{{- else -}}
{{- if not .Values.generatedToken -}}
{{- $_ := set .Values "generatedToken" (randAlphaNum 48 | lower) -}}
{{- end -}}
{{- .Values.generatedToken -}}
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
