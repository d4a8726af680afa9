//go:build tools

// Package tools names the command this wrapper module builds, so that `go mod tidy` keeps
// every module it needs in go.mod and go.sum. go.etcd.io/etcd/server/v3's root package is the
// etcd command (main.go calling etcdmain.Main). The build tag keeps it out of normal builds.
package tools

import (
	_ "go.etcd.io/etcd/server/v3"
)
