// The container image of the webhook's Node server: its entry, the script that bundles it into
// one file, and the Containerfile that puts that file beside Node and nothing else.

/** The port the server listens on inside the pod; the Service answers on 443. */
export const SERVER_PORT = 8443

/** Where the chart mounts cert-manager's secret, and the variables that point the server at it. */
export const TLS_MOUNT = '/tls'
export const SERVER_TLS_ENVIRONMENT = {
  CONVERT_TLS_CERT_FILE: `${TLS_MOUNT}/tls.crt`,
  CONVERT_TLS_KEY_FILE: `${TLS_MOUNT}/tls.key`,
} as const

/** The one file the image runs: `src/server.ts` and everything it imports, bundled. */
export const SERVER_BUNDLE = 'dist/server/server.mjs'

/** The package.json script that writes it. */
export const SERVER_BUNDLE_SCRIPT = {
  'build:server': `esbuild src/server.ts --bundle --platform=node --format=esm --target=node20 --outfile=${SERVER_BUNDLE}`,
}

/** The image it builds on unless `--build-arg BASE=…` names another with Node at /nodejs/bin/node. */
export const DEFAULT_BASE_IMAGE = 'gcr.io/distroless/nodejs22-debian12:nonroot'

/** The entry, the Containerfile and what the build context leaves out, keyed by path. */
export const CONTAINER_IMAGE_FILES = {
  'src/server.ts': `// The Node server entry (Containerfile, chart/): the webhook in the cluster, configured by its
// environment (CONVERT_PORT, CONVERT_TLS_CERT_FILE, CONVERT_TLS_KEY_FILE, …).
import { runNodeServer } from '@crdconv/webhook/node'
import { scheme } from './scheme.ts'

await runNodeServer(scheme)
`,
  Containerfile: `# The webhook's Node server for the chart in chart/: Node and one bundled file, no node_modules,
# no shell, no package manager; runs as uid 65532.
#   npm run build:server && podman build -t <image> .
ARG BASE=${DEFAULT_BASE_IMAGE}
FROM \${BASE}
COPY ${SERVER_BUNDLE} /app/server.mjs
ENV CONVERT_HOST=0.0.0.0 CONVERT_PORT=${SERVER_PORT}
USER 65532:65532
ENTRYPOINT ["/nodejs/bin/node", "/app/server.mjs"]
`,
  // the context is the bundle only: sources, secrets and node_modules stay out
  '.containerignore': `*
!${SERVER_BUNDLE}
`,
} as const
