// The webhook's container image, built with buildah from the Containerfile `crdconv init` writes
// (on the base tools/node-image/build.sh makes from scratch) and run as a pod would run it: the
// image's entrypoint, user and environment, with the Deployment's variables and files on top, in
// a chroot of the image's root (no container runtime here; root only, as the build is).
import { execFile } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import {
  startProcess,
  type ManagedProcess,
} from '../../packages/crdconv/src/test-api-server/test-api-server-processes.ts'
import { nodeBaseImage } from './cached-tools.ts'

const execute = promisify(execFile)

// spawn looks a bare name up in the child's PATH, which is the image's
const CHROOT = ['/usr/sbin/chroot', '/usr/bin/chroot'].find((path) => existsSync(path)) ?? 'chroot'

/** The base image and the buildah store it is in (tools/node-image/build.sh's base-image.env). */
export interface BaseImage {
  readonly image: string
  readonly storage: readonly string[]
}

/** The base image, or why the image tests are skipped. */
export function baseImage(): BaseImage | { readonly skip: string } {
  const found = nodeBaseImage()
  if ('skip' in found) return found
  if (process.getuid?.() !== 0) return { skip: 'buildah and chroot need root here' }
  const env = Object.fromEntries(
    readFileSync(found.path, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
  ) as Record<string, string>
  return {
    image: env['IMAGE']!,
    storage: [
      '--root',
      env['STORAGE_ROOT']!,
      '--runroot',
      env['RUN_ROOT']!,
      '--storage-driver',
      env['STORAGE_DRIVER']!,
    ],
  }
}

const buildah = async (base: BaseImage, args: readonly string[]) =>
  (await execute('buildah', [...base.storage, ...args], { maxBuffer: 16 * 1024 * 1024 })).stdout

/** `buildah bud` of `context`'s Containerfile on the base, tagged `tag`. */
export async function buildImage(base: BaseImage, context: string, tag: string): Promise<void> {
  await buildah(base, ['bud', '--quiet', '--build-arg', `BASE=${base.image}`, '-t', tag, context])
}

/** The image's OCI config: what it runs, as whom, with which environment. */
export async function imageConfig(base: BaseImage, tag: string): Promise<ImageConfig> {
  const inspected = JSON.parse(await buildah(base, ['inspect', '--type', 'image', tag])) as {
    OCIv1: { config: ImageConfig }
  }
  return inspected.OCIv1.config
}

/** What an image runs: its OCI config. */
export interface ImageConfig {
  readonly User?: string
  readonly Env?: readonly string[]
  readonly Entrypoint?: readonly string[]
  readonly Cmd?: readonly string[]
  readonly WorkingDir?: string
}

/** A container of an image, running, and its root on the host. */
export interface RunningContainer {
  readonly process: ManagedProcess
  readonly root: string
  readonly config: ImageConfig
  readonly stop: (graceMs?: number) => Promise<void>
}

/**
 * Runs `tag` as a pod would: its entrypoint and command as its user, with only its environment
 * and `environment` over it, and `files` (container path → host file) in place, as volumes are.
 */
export async function runImage(
  base: BaseImage,
  tag: string,
  environment: Readonly<Record<string, string>>,
  files: Readonly<Record<string, string>>
): Promise<RunningContainer> {
  const container = (await buildah(base, ['from', '--quiet', tag])).trim()
  const remove = () => buildah(base, ['rm', container]).then(() => undefined)
  try {
    const root = (await buildah(base, ['mount', container])).trim()
    for (const [path, source] of Object.entries(files)) {
      const target = join(root, path)
      mkdirSync(dirname(target), { recursive: true })
      copyFileSync(source, target)
      // a Secret volume's files are 0644 unless told otherwise
      chmodSync(target, 0o644)
    }
    const config = await imageConfig(base, tag)
    const variables = Object.fromEntries(
      (config.Env ?? []).map((line) => [
        line.slice(0, line.indexOf('=')),
        line.slice(line.indexOf('=') + 1),
      ])
    )
    const command = [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])]
    const managed = startProcess(
      `the image ${tag}`,
      CHROOT,
      [`--userspec=${config.User ?? '0:0'}`, root, ...command],
      { ...variables, ...environment }
    )
    return {
      process: managed,
      root,
      config,
      stop: (graceMs) => managed.stop(graceMs).finally(remove),
    }
  } catch (error) {
    await remove()
    throw error
  }
}

/** Removes an image built by `buildImage` (its layers are copies in the vfs store). */
export async function removeImage(base: BaseImage, tag: string): Promise<void> {
  await buildah(base, ['rmi', '--force', tag]).catch(() => undefined)
}
