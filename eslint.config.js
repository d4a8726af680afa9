import js from '@eslint/js'
import tseslint from 'typescript-eslint'

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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/webhook/src/**'],
              message: 'import @crdconv/webhook or one of its subpaths',
            },
          ],
        },
      ],
    },
  }
)
