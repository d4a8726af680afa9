import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/**
 * The folders of packages/crdconv/src in layers, lowest first: data flows down, so a folder may
 * import its own layer and those below it (madge keeps a layer free of circles), never a higher one.
 */
export const TOOLING_LAYERS = [
  // pure or self-contained, importing no other folder: CRDs from schemas, one HTTP request, the CDK construct
  { name: 'foundation', folders: ['crd', 'http-client', 'cdk'] },
  // what talks to a cluster or runs one
  { name: 'clients', folders: ['cluster-client', 'test-api-server'] },
  // what every command reads, writes and refuses
  { name: 'command-io', folders: ['command-io'] },
  // helpers the domains share: the path token, corpus folders, schema differences
  { name: 'shared', folders: ['path-token', 'corpus', 'diff'] },
  // the round-trip kit and coverage, published as crdconv/testing
  { name: 'kit', folders: ['testing'] },
  // each command's logic
  {
    name: 'domains',
    folders: [
      'check',
      'compare',
      'convert',
      'dev',
      'import',
      'init',
      'lambda-local',
      'lifecycle',
      'probe',
      'record',
      'serve',
      'webhook-health',
      'xrd',
    ],
  },
  // the command line: options, wiring and output
  { name: 'cli', folders: ['cli'] },
]

const RUNTIME_THROUGH_ITS_EXPORTS = {
  group: ['**/webhook/src/**'],
  message: 'import @crdconv/webhook or one of its subpaths',
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '.wrangler',
      '.aws-sam',
      'coverage',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: [
      'packages/crdconv/bin/**',
      'scripts/**',
      'bench/**',
      'packages/crdconv/src/cli/**',
      'test/**',
      'tools/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // the wall: the webhook package imports nothing of the tooling, the examples or a tool's library
    files: ['packages/webhook/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/crdconv/src/**', '**/examples/**', 'crdconv', 'crdconv/*'],
              message: 'the webhook imports nothing of the tooling or the examples',
            },
            {
              group: [
                '@kubernetes/client-node',
                'commander',
                'yaml',
                'prettier',
                'tsx',
                '@clack/*',
                'cli-progress',
                'fast-check',
              ],
              message: 'tooling dependencies stay out of the webhook package',
            },
          ],
        },
      ],
    },
  },
  {
    // the tooling reaches the webhook through its published entry points only
    files: ['packages/crdconv/src/**', 'examples/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RUNTIME_THROUGH_ITS_EXPORTS] }] },
  },
  // the tooling's layers: a folder imports its own layer and those below it, never one above
  ...TOOLING_LAYERS.map((layer, index) => {
    const above = TOOLING_LAYERS.slice(index + 1)
    return {
      files: layer.folders.map((folder) => `packages/crdconv/src/${folder}/**`),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              RUNTIME_THROUGH_ITS_EXPORTS,
              ...(above.length === 0
                ? []
                : [
                    {
                      regex: `^\\.\\./(${above.flatMap((higher) => higher.folders).join('|')})/`,
                      message: `layer ${layer.name} imports only its own layer and those below it, never ${above.map((higher) => higher.name).join(', ')} (docs/development.md, "The tooling's layers")`,
                    },
                  ]),
            ],
          },
        ],
      },
    }
  })
)
