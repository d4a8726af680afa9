import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// the packages' `crdconv-source` export condition: tests run the TypeScript sources, not dist/
const SOURCE = 'crdconv-source'

// .ci/run's reruns on other Node versions leave out what tests the API server, not crdconv's code,
// the deploy tools' own checks (sam, cdk synth, helm), which take minutes and no Node of ours, and
// the container image, which brings its own Node
const RERUN = process.env['CRDCONV_NODE_RERUN'] === '1'
const NODE_VERSION_RERUN_EXCLUDES = RERUN
  ? [
      'test/node/apiserver/**',
      'test/node/bench/**',
      'test/node/lifecycle/lifecycle-image.apiserver.test.ts',
    ]
  : []
const DEPLOY_TOOL_TESTS = [
  'test/node/package/deploy-targets.test.ts',
  'test/node/package/cluster-chart.apiserver.test.ts',
]

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  test: {
    // the Worker's log lines would bury the report; a failing test still shows its output
    silent: 'passed-only',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts'],
          exclude: [
            'test/node/package/consumer.test.ts',
            ...DEPLOY_TOOL_TESTS,
            ...NODE_VERSION_RERUN_EXCLUDES,
          ],
          environment: 'node',
        },
      },
      {
        // npm pack, npm install, tsc, wrangler and esbuild in a consumer project: run alone, after
        // the other projects, so that its processes do not starve their time-bound tests
        extends: true,
        test: {
          name: 'package',
          include: ['test/node/package/consumer.test.ts', ...(RERUN ? [] : DEPLOY_TOOL_TESTS)],
          environment: 'node',
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        // the tests of other things post to /convert without a token: they open it on purpose, and
        // the closed-by-default tests pass bindings without the opt-in
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { CONVERT_ALLOW_UNAUTHENTICATED: 'true' } },
          }),
        ],
        test: {
          name: 'workers',
          include: ['test/workers/**/*.test.ts'],
        },
      },
    ],
  },
})
