import { UsageError } from '../command-io/index.ts'

export type RoundTripKit = typeof import('../testing/index.ts')

/**
 * `crdconv/testing`, loaded on demand: it needs fast-check, an optional peer dependency
 * that a project has as a dev dependency, so the other commands run without it.
 */
export async function loadRoundTripKit(command: string): Promise<RoundTripKit> {
  try {
    return await import('../testing/index.ts')
  } catch (error) {
    if (!String(error).includes("'fast-check'")) throw error
    throw new UsageError(
      'dependency-missing',
      `crdconv ${command} generates objects with fast-check: npm install --save-dev fast-check`
    )
  }
}
