// Which Kubernetes release a kube-apiserver binary is, before it starts (some flags differ).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/** A Kubernetes release as `kube-apiserver --version` and `/version` name it. */
export interface KubernetesVersion {
  /** `v1.37.2` */
  readonly gitVersion: string
  readonly major: number
  readonly minor: number
}

/**
 * The release of the `kube-apiserver` (or `kube-controller-manager`) binary at `path`, from its
 * `--version` line (`Kubernetes v1.37.2`).
 *
 * @example
 * ```ts
 * const { minor } = await binaryVersion(join(assets, 'kube-apiserver')) // 37
 * ```
 */
export async function binaryVersion(path: string): Promise<KubernetesVersion> {
  const { stdout } = await promisify(execFile)(path, ['--version'])
  const version = parseKubernetesVersion(stdout)
  if (version === undefined) {
    throw new Error(
      `${path} --version printed ${JSON.stringify(stdout.trim())}, not "Kubernetes vX.Y.Z"`
    )
  }
  return version
}

/** `v1.37.2` (in `Kubernetes v1.37.2` or alone) as a version; `undefined` for anything else. */
export function parseKubernetesVersion(text: string): KubernetesVersion | undefined {
  const match = /\bv(\d+)\.(\d+)\.\d+\S*/.exec(text)
  if (match === null) return undefined
  return { gitVersion: match[0], major: Number(match[1]), minor: Number(match[2]) }
}
