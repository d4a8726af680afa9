import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport } from '../../../packages/crdconv/src/compare/index.ts'
import {
  writeServingCertificate,
  type ServingCertificate,
} from '../../../packages/crdconv/src/test-api-server/test-api-server-certificates.ts'
import { POOL_CONVERSION_DATA } from '../../../examples/pool/index.ts'
import {
  poolWebhookBinary,
  startPoolWebhook,
  type RunningPoolWebhook,
} from '../../support/pool-webhook.ts'
import { crdconv } from '../cli/run-cli.ts'

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name)
const binary = poolWebhookBinary()
const describeWithGo = 'skip' in binary ? describe.skip : describe

describeWithGo(
  'crdconv compare against the Go webhook of tools/conversion-webhook',
  { timeout: 240_000 },
  () => {
    let directory: string
    let tls: ServingCertificate
    let faithful: RunningPoolWebhook
    let planted: RunningPoolWebhook
    const compare = async (webhook: RunningPoolWebhook, ...extra: string[]) => {
      const run = await crdconv([
        'compare',
        '--url',
        webhook.url,
        '--ca-bundle',
        tls.caCert,
        '--scheme',
        fixture('pool-scheme.ts'),
        '--state-annotation',
        POOL_CONVERSION_DATA,
        '--json',
        ...extra,
      ])
      return { ...run, report: JSON.parse(run.stdout) as CompareReport }
    }

    beforeAll(async () => {
      if ('skip' in binary) return
      directory = mkdtempSync(join(tmpdir(), 'crdconv-compare-'))
      tls = await writeServingCertificate(directory)
      ;[faithful, planted] = await Promise.all([
        startPoolWebhook(binary.path, tls),
        startPoolWebhook(binary.path, tls, { dropStatusMessage: true }),
      ])
    }, 240_000)

    afterAll(async () => {
      await Promise.all([faithful?.stop(), planted?.stop()])
      if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
    })

    it('finds no real difference where the scheme converts as the Go webhook does, and exits 0', async () => {
      const { code, report, stderr } = await compare(
        faithful,
        '--generated',
        '40',
        '--corpus',
        fixture('corpus')
      )
      expect(report.real).toEqual([])
      // the Go webhook writes its annotation on every v1alpha1 object, crdconv only where
      // spec.paused is set: the same state, as either webhook reads it back
      expect(report.state).toEqual([])
      expect(code).toBe(0)
      // 2 recorded, 5 examples (each version's, and one with only metadata per version), 2 × 40 generated
      expect(report.objects).toBe(2 + 5 + 80)
      expect(stderr).toMatch(/compared 87\/87 objects/)
    })

    it("shows Go's typed decoding apart, as the same to the API server: zero values, quantities, timestamps", async () => {
      const { report } = await compare(faithful, '--generated', '40')
      const codes = new Set(report.equalToApiServer.map((group) => group.code))
      expect(codes).toEqual(new Set(['zero-value', 'quantity', 'timestamp']))
      expect(report.equalToApiServer).toContainEqual(
        expect.objectContaining({
          code: 'quantity',
          path: 'spec.memory',
          example: expect.objectContaining({ crdconv: '0.5', webhook: '500m' }),
        })
      )
    })

    it('names the status field the planted webhook drops, in both directions, and exits 1', async () => {
      const { code, report } = await compare(planted, '--generated', '10')
      expect(code).toBe(1)
      const real = report.real.map(({ code, path, from, to }) => ({ code, path, from, to }))
      expect(real).toEqual(
        expect.arrayContaining([
          { code: 'only-crdconv', path: 'status.message', from: 'v1beta1', to: 'v1alpha1' },
          { code: 'only-crdconv', path: 'status.message', from: 'v1alpha1', to: 'v1beta1' },
        ])
      )
      expect(real.every((group) => group.path === 'status.message')).toBe(true)
    })

    it('reports an object the webhook refuses and crdconv converts, naming the object', async () => {
      const { code, report } = await compare(
        faithful,
        '--generated',
        '0',
        '--corpus',
        fixture('broken-state')
      )
      expect(code).toBe(1)
      expect(report.real).toContainEqual(
        expect.objectContaining({
          code: 'refused-by-webhook',
          from: 'v1alpha1',
          to: 'v1beta1',
          example: expect.objectContaining({ object: 'pools/broken-state' }),
        })
      )
    })

    it('prints the groups as text, real differences first', async () => {
      const run = await crdconv([
        'compare',
        '--url',
        planted.url,
        '--ca-bundle',
        tls.caCert,
        '--scheme',
        fixture('pool-scheme.ts'),
        '--state-annotation',
        POOL_CONVERSION_DATA,
        '--generated',
        '0',
      ])
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(
        /^REAL DIFFERENCES \(exit 1\)\n {2}pools\.takeover\.crdconv\.dev v1\w+ → v1\w+: the webhook drops status\.message: /m
      )
      expect(run.stdout.indexOf('REAL DIFFERENCES')).toBeLessThan(
        run.stdout.indexOf('the same to the API server')
      )
    })
  }
)
