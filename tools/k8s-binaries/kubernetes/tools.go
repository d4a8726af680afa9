//go:build tools

// Package tools names the commands this wrapper module builds, so that `go mod tidy` keeps
// every module they need in go.mod and go.sum. The build tag keeps it out of normal builds
// (a command cannot be imported); build.sh builds the commands by their import paths.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
)
