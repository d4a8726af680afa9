import { execFileAsync, repoRoot } from './bench-support.ts'

export interface PackageSize {
  /** What `npm pack` would put in the tarball, unpacked. */
  readonly unpackedBytes: number
  readonly tarballBytes: number
  readonly files: number
  /** Files of the tarball that are tests, benchmarks or scripts: none is the target. */
  readonly strayFiles: readonly string[]
}

interface PackDryRun {
  readonly size: number
  readonly unpackedSize: number
  readonly files: readonly { readonly path: string }[]
}

const STRAY = /^(test|bench|scripts|src)\/|\.test\.|\.tsbuildinfo$/

/** Weighs the tarball `npm publish` would upload, from the current build (`npm run build`). */
export async function benchPackageSize(): Promise<PackageSize> {
  const { stdout } = await execFileAsync(
    'npm',
    ['pack', '--dry-run', '--json', '--ignore-scripts'],
    {
      cwd: repoRoot,
    }
  )
  const [pack] = JSON.parse(stdout) as PackDryRun[]
  if (pack === undefined) throw new Error('npm pack --dry-run reported no package')
  return {
    unpackedBytes: pack.unpackedSize,
    tarballBytes: pack.size,
    files: pack.files.length,
    strayFiles: pack.files.map((file) => file.path).filter((path) => STRAY.test(path)),
  }
}
