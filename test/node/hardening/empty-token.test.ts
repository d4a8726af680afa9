import { afterEach, describe, expect, it, vi } from 'vitest'
import { SettingsError } from '../../../packages/webhook/src/http/index.ts'
import { lambdaHandler } from '../../../packages/webhook/src/platform/lambda/index.ts'
import { nodeServer } from '../../../packages/webhook/src/platform/node/index.ts'
import { exampleScheme } from '../../../examples/index.ts'

afterEach(() => void vi.unstubAllEnvs())

describe('an empty CONVERT_TOKEN is refused at start, as a short token is', () => {
  it.each(['', '   '])(
    'the Node server refuses CONVERT_TOKEN=%j before listening',
    async (value) => {
      const start = async () =>
        nodeServer(exampleScheme, { port: 0, environment: { CONVERT_TOKEN: value } })
      await expect(start()).rejects.toThrow(SettingsError)
      await expect(start()).rejects.toThrow(/CONVERT_TOKEN is set but empty: unset it/)
    }
  )

  it.each(['', '\t'])('the Lambda handler refuses CONVERT_TOKEN=%j at cold start', (value) => {
    vi.stubEnv('CONVERT_TOKEN', value)
    expect(() => lambdaHandler(exampleScheme)).toThrow(/CONVERT_TOKEN is set but empty/)
  })

  it('an unset CONVERT_TOKEN still serves /convert without a token', async () => {
    const server = await nodeServer(exampleScheme, { port: 0, environment: {}, log: () => {} })
    try {
      const response = await fetch(`${server.url}/convert`, { method: 'GET' })
      expect(response.status).toBe(405)
    } finally {
      await server.close()
    }
  })
})
