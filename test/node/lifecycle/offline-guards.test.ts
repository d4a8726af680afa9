import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crdconv } from '../cli/run-cli.ts'

const url = 'https://crontab-webhook.example.workers.dev/convert'
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', `${name}.ts`)

describe('crdconv crd --stored-versions', () => {
  it('refuses to drop a version still stored, says to migrate, and prints nothing (exit 2)', async () => {
    const run = await crdconv([
      'crd',
      '--scheme',
      fixture('crontab-v1-only'),
      '--url',
      url,
      '--stored-versions',
      'v1beta1,v1',
    ])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(
      'crontabs.example.com: v1beta1 is still in status.storedVersions [v1beta1, v1] but not in the scheme'
    )
    expect(run.stderr).toContain('run crdconv migrate first')
  })

  it('prints the CRD once storedVersions holds only versions the scheme keeps', async () => {
    const run = await crdconv([
      'crd',
      '--scheme',
      fixture('crontab-v1-only'),
      '--url',
      url,
      '--stored-versions',
      'v1',
      '-o',
      'json',
    ])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).spec.versions.map((v: { name: string }) => v.name)).toEqual([
      'v1',
    ])
  })
})

describe('crdconv retire', () => {
  it('prints the one-version CRD with conversion strategy None and says the webhook can go', async () => {
    const run = await crdconv(['retire', '--scheme', fixture('crontab-v1-only'), '-o', 'json'])
    expect(run.code).toBe(0)
    const crd = JSON.parse(run.stdout)
    expect(crd.spec.conversion).toEqual({ strategy: 'None' })
    expect(crd.spec.versions).toMatchObject([{ name: 'v1', served: true, storage: true }])
    expect(run.stderr).toContain(
      'once it is applied the API server no longer calls the conversion webhook'
    )
  })

  it('refuses a resource that still has several versions, naming them (exit 2)', async () => {
    const run = await crdconv(['retire', '--scheme', fixture('crontab-v1-storage')])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('crontabs.example.com still has versions v1beta1, v1')
  })

  it('refuses when the stored versions include one the retired CRD drops (exit 2)', async () => {
    const run = await crdconv([
      'retire',
      '--scheme',
      fixture('crontab-v1-only'),
      '--stored-versions',
      'v1beta1,v1',
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('v1beta1 is still in status.storedVersions')
  })
})
