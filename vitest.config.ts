import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // the Worker's log lines would bury the report; a failing test still shows its output
    silent: 'passed-only',
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts'],
          exclude: ['test/node/package/consumer.test.ts'],
          environment: 'node',
        },
      },
      {
        // npm pack, npm install, tsc, wrangler and esbuild in a consumer project: run alone, after
        // the other projects, so that its processes do not starve their time-bound tests
        test: {
          name: 'package',
          include: ['test/node/package/consumer.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'workers',
          include: ['test/workers/**/*.test.ts'],
        },
      },
    ],
  },
})
