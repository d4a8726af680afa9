// The Pool conversion webhook: a controller-runtime conversion webhook (v1alpha1 a spoke, v1beta1
// the hub, state kept in an annotation as Cluster API does) that crdconv's takeover tests and
// docs/takeover.md run against. It serves /convert over TLS from --cert-dir (tls.crt, tls.key),
// and /metrics: controller-runtime's own counters, controller_runtime_webhook_requests_total
// among them, which tell when the API server stops calling it after a switch.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

	"crdconv/tools/conversion-webhook/api/v1alpha1"
	"crdconv/tools/conversion-webhook/api/v1beta1"
)

func main() {
	host := flag.String("host", "127.0.0.1", "the address to listen on")
	port := flag.Int("port", 9443, "the port to listen on")
	certDir := flag.String("cert-dir", "", "the folder holding tls.crt and tls.key")
	dropStatusMessage := flag.Bool("drop-status-message", false, "plant a bug: lose status.message in every conversion")
	flag.Parse()
	if *certDir == "" {
		fmt.Fprintln(os.Stderr, "pool-webhook: --cert-dir is required")
		os.Exit(2)
	}
	v1alpha1.DropStatusMessage = *dropStatusMessage
	ctrl.SetLogger(zap.New())

	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{v1alpha1.AddToScheme, v1beta1.AddToScheme} {
		if err := add(scheme); err != nil {
			fmt.Fprintln(os.Stderr, "pool-webhook:", err)
			os.Exit(1)
		}
	}

	server := webhook.NewServer(webhook.Options{Host: *host, Port: *port, CertDir: *certDir})
	server.Register("/convert", conversion.NewWebhookHandler(scheme, conversion.NewRegistry()))
	// a manager serves these on a port of its own; one listener is enough here
	server.Register("/metrics", promhttp.HandlerFor(metrics.Registry, promhttp.HandlerOpts{}))
	if err := server.Start(ctrl.SetupSignalHandler()); err != nil {
		fmt.Fprintln(os.Stderr, "pool-webhook:", err)
		os.Exit(1)
	}
}
