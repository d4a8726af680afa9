import { build, type BuildOptions } from 'esbuild'

/**
 * The modules whose code ends up in a Worker bundled from `entry` as wrangler bundles for
 * workerd (or, with `platform: 'node'`, in a Lambda bundle as SAM's esbuild makes it). Files
 * read but shaken out entirely (unused re-exports of an entry point) add no byte and are not
 * listed.
 */
export async function workerBundleModules(
  entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>,
  platform: 'neutral' | 'node' = 'neutral'
): Promise<string[]> {
  return (await workerBundle(entry, platform)).modules
}

/**
 * The Worker (or Lambda) bundled from `entry` as `workerBundleModules` bundles it: its code, as
 * `wrangler deploy` uploads it when `minify` is set, and the modules whose code is in it.
 */
export async function workerBundle(
  entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>,
  platform: 'neutral' | 'node' = 'neutral',
  minify = false
): Promise<{ code: Uint8Array; modules: string[] }> {
  const result = await build({
    ...entry,
    bundle: true,
    write: false,
    metafile: true,
    minify,
    format: 'esm',
    ...(platform === 'node'
      ? { platform: 'node', conditions: ['crdconv-source'] }
      : {
          platform: 'neutral',
          mainFields: ['module', 'main'],
          conditions: ['crdconv-source', 'workerd', 'worker', 'browser'],
        }),
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  return { code: output?.contents ?? new Uint8Array(), modules: modulesWithCode(result.metafile) }
}

/** The modules whose code is in a bundle, from esbuild's metafile: read but shaken out, not. */
export function modulesWithCode(metafile: {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>
}): string[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path)
  )
}
