// The webhook as the chart's Deployment runs it: the image `crdconv init`'s Containerfile builds
// from its `src/server.ts`, bundled by its `build:server` script, with the Deployment's variables
// and cert-manager's files where the Deployment mounts them.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { ServingCertificate } from '../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { freePort } from '../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import {
  CONTAINER_IMAGE_FILES,
  SERVER_BUNDLE,
  SERVER_BUNDLE_SCRIPT,
  SERVER_TLS_ENVIRONMENT,
} from '../../packages/crdconv/src/init/container-image-files.ts'
import { baseImage, buildImage, removeImage, runImage, type BaseImage } from './container-image.ts'
import { answeringOrigin, type WebhookTarget } from './webhook-targets.ts'

const execute = promisify(execFile)
const repository = resolve(import.meta.dirname, '../..')
const EXAMPLES = join(repository, 'examples/scheme.ts')

/** A folder holding a project's image files for a scheme, its server bundle built. */
export interface ServerProject {
  readonly context: string
  readonly bundle: string
  readonly remove: () => void
}

/**
 * The image files of a project made by `init` (Containerfile, `.containerignore`,
 * `src/server.ts`) with a `src/scheme.ts` that re-exports `schemeModule`, bundled by its
 * `build:server` script, in a folder inside this repository so that `@crdconv/webhook`
 * resolves to the built package.
 */
export async function bundleSchemeServer(schemeModule: string): Promise<ServerProject> {
  const cache = join(repository, 'node_modules/.cache')
  mkdirSync(cache, { recursive: true })
  const context = mkdtempSync(join(cache, 'crdconv-image-'))
  const remove = () => rmSync(context, { recursive: true, force: true })
  try {
    const files = {
      ...CONTAINER_IMAGE_FILES,
      'src/scheme.ts': `export { scheme } from ${JSON.stringify(resolve(schemeModule))}\n`,
    }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(context, path)), { recursive: true })
      writeFileSync(join(context, path), text)
    }
    const PATH = `${join(repository, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}`
    await execute('sh', ['-c', SERVER_BUNDLE_SCRIPT['build:server']], {
      cwd: context,
      env: { ...process.env, PATH },
    })
    return { context, bundle: join(context, SERVER_BUNDLE), remove }
  } catch (error) {
    remove()
    throw error
  }
}

/** The image of `schemeModule`, built from such a project's Containerfile; answers its tag. */
export async function buildSchemeImage(base: BaseImage, schemeModule: string): Promise<string> {
  const project = await bundleSchemeServer(schemeModule)
  try {
    const tag = `localhost/${basename(project.context).toLowerCase()}`
    await buildImage(base, project.context, tag)
    return tag
  } finally {
    project.remove()
  }
}

/** An image running as a pod runs it, answering over TLS; stopping it removes the image. */
export interface ServedImage {
  readonly origin: string
  /** The container's root on the host. */
  readonly root: string
  readonly stop: () => Promise<void>
}

/** Runs `tag` with `environment` and `files` (see `runImage`) until `/healthz` answers over TLS. */
export async function serveImage(
  base: BaseImage,
  tag: string,
  environment: Readonly<Record<string, string>>,
  files: Readonly<Record<string, string>>,
  tls: ServingCertificate
): Promise<ServedImage> {
  // the one change from the pod: a free port on this host's loopback, not the pod's own
  const port = await freePort()
  const container = await runImage(base, tag, { ...environment, CONVERT_PORT: String(port) }, files)
  // once: a test may stop it before its afterAll does
  let stopped: Promise<void> | undefined
  const stop = () => (stopped ??= container.stop(15_000).finally(() => removeImage(base, tag)))
  try {
    const origin = await answeringOrigin(container.process, port, tls)
    return { origin, root: container.root, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

const base = baseImage()

/** The image run with the Deployment's environment and its certificate at the mount path. */
export const imageTarget: WebhookTarget = {
  name: 'container image, run as the chart’s Deployment runs it',
  ...('skip' in base ? { skip: base.skip } : {}),
  start: async (tls, scheme) => {
    if ('skip' in base) throw new Error(base.skip)
    const tag = await buildSchemeImage(base, scheme ?? EXAMPLES)
    const files = {
      [SERVER_TLS_ENVIRONMENT.CONVERT_TLS_CERT_FILE]: tls.cert,
      [SERVER_TLS_ENVIRONMENT.CONVERT_TLS_KEY_FILE]: tls.key,
    }
    // the lifecycle suite posts to /convert with no token, as to the other targets: open on purpose
    const environment = { ...SERVER_TLS_ENVIRONMENT, CONVERT_ALLOW_UNAUTHENTICATED: 'true' }
    const served = await serveImage(base, tag, environment, files, tls)
    return { url: `${served.origin}/convert`, stop: served.stop }
  },
}
