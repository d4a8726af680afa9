import { availableParallelism } from 'node:os'
import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// the packages' `crdconv-source` export condition: tests run the TypeScript sources, not dist/
const SOURCE = 'crdconv-source'

// every test file that starts a real kube-apiserver and etcd ends in .apiserver.test.ts
const API_SERVER_TESTS = 'test/node/**/*.apiserver.test.ts'

// tests that run a whole tool (the crdconv bin, npm, a bundler, cdk synth) or read every doc: the
// `tooling` project; the rest of test/node is pure code and in-process servers, the `unit` loop
const TOOLING_TESTS = [
  'test/node/docs/**/*.test.ts',
  'test/node/bench/**/*.test.ts',
  'test/node/cdk/**/*.test.ts',
  'test/node/package/**/*.test.ts',
  'test/node/cli/bin.test.ts',
  'test/node/cli/scheme-reload.test.ts',
  'test/node/compare/compare-go-webhook.test.ts',
  'test/node/crossplane/xrd-import-into-npm-test.test.ts',
  'test/node/hardening/serve-command.test.ts',
  'test/node/import/import-corpus.test.ts',
  'test/node/import/import-fixtures.test.ts',
  'test/node/import/import-moves.test.ts',
  'test/node/import/imported-worker-bundle.test.ts',
  'test/node/init/init-command.test.ts',
  'test/node/init/init-prompts.test.ts',
  'test/node/lambda/lambda-bundle.test.ts',
  'test/node/lambda/sam-template.test.ts',
  'test/node/lifecycle/cli-startup.test.ts',
  'test/node/platform/stdout-lines.test.ts',
  'test/node/platform/worker-bundle.test.ts',
]

// servers on real sockets that wait out real timers (renewal polls, idle limits, drain delays):
// seconds each, so beside the tooling, out of the one-minute loop
const TIMED_SERVER_TESTS = [
  'test/node/platform/tls-renewal.test.ts',
  'test/node/platform/run-node-server.test.ts',
  'test/node/platform/node-server-bounds.test.ts',
  'test/node/http/node-server-limits.test.ts',
  'test/node/lambda/lambda-local-server.test.ts',
  'test/node/cli/lambda-local-command.test.ts',
  'test/node/cli/serve-command.test.ts',
]

// npm pack, npm install, tsc, wrangler and esbuild in a consumer project, and the deploy tools'
// own checks (sam, helm): the `package` project, run after the others so that its processes do
// not starve their time-bound tests
const CONSUMER_TEST = 'test/node/package/consumer.test.ts'
const DEPLOY_TOOL_TESTS = [
  'test/node/package/deploy-targets.test.ts',
  'test/node/package/cluster-chart.apiserver.test.ts',
]
// builds and packs copies of the packages: nothing in it depends on the Node version
const RELEASE_TESTS = ['test/node/package/release.test.ts']
// runs every script of a fresh scaffold of each --aws choice, with the CDK installed: minutes and
// 800 MB of packages, so only with CRDCONV_SLOW_TESTS=1, as the other slow scaffold suites
const SCAFFOLD_SCRIPTS_TEST = 'test/node/package/scaffold-scripts.test.ts'
const SLOW = process.env['CRDCONV_SLOW_TESTS'] === '1'
// the walk from an empty folder (init, install, test, check, each deploy's dry run) and what its
// install and test print: on each Node of .ci/run's reruns too
const SCAFFOLD_WALK_TEST = 'test/node/package/scaffold-walk.test.ts'

// .ci/run's reruns on Node 22 and 24 run `unit` and `package` only, and leave out of `package` the
// deploy tools' own checks (minutes each, and no Node of ours) and the release test
const RERUN = process.env['CRDCONV_NODE_RERUN'] === '1'

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  test: {
    globalSetup: ['test/support/test-run-tmpdir.ts'],
    // the Worker's log lines would bury the report; a failing test still shows its output
    silent: 'passed-only',
    // a test's own limit, not a speed check: 5 s failed in-process CLI runs on a loaded machine
    testTimeout: 30_000,
    // vitest's default is one file less than the cores: one at a time on CI's 2 cores, where the
    // files mostly wait on servers and child processes
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/node/**/*.test.ts'],
          exclude: [API_SERVER_TESTS, ...TOOLING_TESTS, ...TIMED_SERVER_TESTS],
          environment: 'node',
          // one module graph per worker: hono and zod load once, not once per file (half the CPU)
          isolate: false,
          // and one process.env: a file that does not give it back fails
          setupFiles: ['test/support/environment-given-back.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          include: [...TOOLING_TESTS, ...TIMED_SERVER_TESTS],
          exclude: [
            API_SERVER_TESTS,
            CONSUMER_TEST,
            ...DEPLOY_TOOL_TESTS,
            ...RELEASE_TESTS,
            SCAFFOLD_SCRIPTS_TEST,
            SCAFFOLD_WALK_TEST,
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'apiserver',
          include: [API_SERVER_TESTS],
          exclude: DEPLOY_TOOL_TESTS,
          environment: 'node',
          // one worker runs its files one after another: they share its API servers
          // (test/support/shared-api-server.ts) instead of starting two each
          isolate: false,
          // an afterAll gives its server back: removing what the file made can take seconds
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: [
            CONSUMER_TEST,
            SCAFFOLD_WALK_TEST,
            ...(RERUN ? [] : [...DEPLOY_TOOL_TESTS, ...RELEASE_TESTS]),
            ...(SLOW && !RERUN ? [SCAFFOLD_SCRIPTS_TEST] : []),
          ],
          environment: 'node',
          sequence: { groupOrder: 1 },
          // two at a time: each waits on npm and child processes about half of its time
          maxWorkers: 2,
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
