// `crdconv migrate --clean` refuses options that do not go together before it reads a scheme or a
// cluster: exit 2, one line naming the option and the fix.
import { describe, expect, it } from 'vitest'
import { crdconv } from '../cli/run-cli.ts'

describe('crdconv migrate --clean options', () => {
  it.each([
    {
      case: '--clean beside --server-side',
      args: ['--clean', '--server-side'],
      says: 'give either --clean or --server-side, not both',
    },
    {
      case: '--state-annotation without --clean',
      args: ['--state-annotation', 'tekton.dev/v1beta1Resources'],
      says: '--state-annotation names what --clean removes: add --clean',
    },
    {
      case: 'a --state-annotation that is no annotation name',
      args: ['--clean', '--state-annotation', 'Not An/Annotation'],
      says: '--state-annotation Not An/Annotation: prefix part must be a lowercase DNS subdomain',
    },
  ])('refuses $case (exit 2)', async ({ args, says }) => {
    const run = await crdconv(['migrate', ...args, '--kubeconfig', '/nonexistent/kubeconfig'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(says)
  })
})
