{{- define "lab-platform.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "lab-platform.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "lab-platform.labels" -}}
{{ include "lab-platform.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{- define "lab-platform.serviceAccountName" -}}
{{- default (include "lab-platform.fullname" .) .Values.serviceAccount.name -}}
{{- end -}}

{{- define "lab-platform.labDomain" -}}
{{- printf "labs.%s" (required "host is required" .Values.host) -}}
{{- end -}}

{{- define "lab-platform.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else -}}
{{- printf "%s://%s" (ternary "https" "http" (and .Values.ingress.enabled .Values.ingress.tls.enabled)) .Values.host -}}
{{- end -}}
{{- end -}}

{{- /* A map of labels as `k=v,k=v`, sorted by key. */ -}}
{{- define "lab-platform.labelList" -}}
{{- $pairs := list -}}
{{- range $key, $value := . -}}
{{- $pairs = append $pairs (printf "%s=%s" $key $value) -}}
{{- end -}}
{{- join "," $pairs -}}
{{- end -}}
