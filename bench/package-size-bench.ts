import { join } from 'node:path'
import { execFileAsync, repoRoot } from './bench-support.ts'

export interface PackageSize {
  /** What `npm pack` would put in the tarball, unpacked. */
  readonly unpackedBytes: number
  readonly tarballBytes: number
  readonly files: number
  /** Files of the tarball that are tests, benchmarks or scripts: none is the target. */
  readonly strayFiles: readonly string[]
}

/** What `npm pack --dry-run --json` says of a package's tarball. */
export interface PackDryRun {
  readonly size: number
  readonly unpackedSize: number
  readonly files: readonly { readonly path: string }[]
}

const STRAY = /^(test|bench|scripts)\/|\.test\.|\.tsbuildinfo$/

/**
 * Weighs the tarball `npm publish` would upload for one package of packages/ (the webhook a
 * Worker or Lambda project installs, by default), from the current build (`npm run build`).
 */
export async function benchPackageSize(name = 'webhook'): Promise<PackageSize> {
  const pack = await packDryRun(name)
  return {
    unpackedBytes: pack.unpackedSize,
    tarballBytes: pack.size,
    files: pack.files.length,
    strayFiles: pack.files.map((file) => file.path).filter((path) => STRAY.test(path)),
  }
}

/** `npm pack --dry-run` of one package of packages/, from its current build. */
export async function packDryRun(name: string): Promise<PackDryRun> {
  const { stdout } = await execFileAsync(
    'npm',
    ['pack', '--dry-run', '--json', '--ignore-scripts'],
    {
      cwd: join(repoRoot, 'packages', name),
    }
  )
  const [pack] = JSON.parse(stdout) as PackDryRun[]
  if (pack === undefined) throw new Error('npm pack --dry-run reported no package')
  return pack
}
