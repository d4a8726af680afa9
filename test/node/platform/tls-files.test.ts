// How the Node server looks at its certificate files: by their contents, from the pair it serves,
// so a swap at any moment (at start too) is seen, and a refused pair is said once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSecureContext } from 'node:tls'
import {
  readTlsMaterial,
  watchTlsFiles,
  type TlsMaterial,
} from '../../../packages/webhook/src/platform/node/tls-files.ts'
import { secretVolume } from '../../support/secret-volume.ts'
import { writeSelfSignedCertificate } from '../../support/self-signed-certificate.ts'

const INTERVAL_MS = 20
const ticks = (count: number) => new Promise((resolve) => setTimeout(resolve, count * INTERVAL_MS))

describe('watchTlsFiles', () => {
  const directories: string[] = []
  const stops: (() => void)[] = []
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
    for (const directory of directories.splice(0))
      rmSync(directory, { recursive: true, force: true })
  })

  const volumeWithPair = async () => {
    const directory = mkdtempSync(join(tmpdir(), 'crdconv-tls-files-'))
    directories.push(directory)
    const volume = secretVolume(directory, (folder) => writeSelfSignedCertificate(folder))
    const first = await volume.fresh()
    volume.publish(first.cert, first.key)
    return volume
  }

  /** Watches `volume`'s files from `initial`, renewing as a TLS server would: what was renewed and what failed. */
  const watch = (volume: Awaited<ReturnType<typeof volumeWithPair>>, initial?: TlsMaterial) => {
    const renewed: string[] = []
    const failed: string[] = []
    stops.push(
      watchTlsFiles(
        volume.files,
        (tls) => {
          createSecureContext(tls)
          renewed.push(tls.cert.toString())
        },
        (error) => failed.push(String(error)),
        INTERVAL_MS,
        initial
      )
    )
    return { renewed, failed }
  }

  it('renews a pair swapped in after the server read its own, before the first look', async () => {
    const volume = await volumeWithPair()
    const served = readTlsMaterial(volume.files)
    const next = await volume.fresh()
    volume.publish(next.cert, next.key)
    const { renewed, failed } = watch(volume, served)
    await ticks(5)
    expect(renewed).toEqual([readTlsMaterial(volume.files).cert.toString()])
    expect(failed).toEqual([])
  })

  it('renews nothing while the files hold the pair it was given', async () => {
    const volume = await volumeWithPair()
    const served = readTlsMaterial(volume.files)
    const { renewed, failed } = watch(volume, served)
    await ticks(5)
    expect([renewed, failed]).toEqual([[], []])
  })

  it('says once that a pair does not go together, and renews the next good one', async () => {
    const volume = await volumeWithPair()
    const { renewed, failed } = watch(volume)
    const one = await volume.fresh()
    const other = await volume.fresh()
    volume.publish(one.cert, other.key)
    await ticks(5)
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatch(/key values mismatch|KEY_VALUES_MISMATCH/i)
    const good = await volume.fresh()
    volume.publish(good.cert, good.key)
    await ticks(5)
    expect(renewed).toEqual([readTlsMaterial(volume.files).cert.toString()])
    expect(failed).toHaveLength(1)
  })

  it('says a failed read once while it lasts, and renews once the files are back', async () => {
    const volume = await volumeWithPair()
    const { renewed, failed } = watch(volume)
    rmSync(join(volume.files.certFile, '..', '..data'))
    await ticks(5)
    expect(failed).toHaveLength(1)
    expect(failed[0]).toContain(`cannot read ${volume.files.certFile}`)
    const next = await volume.fresh()
    volume.publish(next.cert, next.key)
    await ticks(5)
    expect(renewed).toHaveLength(1)
    expect(failed).toHaveLength(1)
  })
})
