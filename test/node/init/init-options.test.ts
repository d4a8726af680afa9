import { describe, expect, it } from 'vitest'
import { checkAnswers, parseVersions } from '../../../packages/crdconv/src/init/index.ts'

const valid = { group: 'example.com', kind: 'CronTab', versions: 'v1beta1,v1' }

describe('checkAnswers', () => {
  it('takes the last version as the storage version, Namespaced as the scope and SAM by default', () => {
    expect(checkAnswers(valid)).toEqual({
      options: {
        group: 'example.com',
        kind: 'CronTab',
        versions: ['v1beta1', 'v1'],
        storage: 'v1',
        scope: 'Namespaced',
        aws: 'sam',
      },
    })
  })

  it('keeps --storage, --scope and --aws when given', () => {
    expect(
      checkAnswers({ ...valid, storage: 'v1beta1', scope: 'Cluster', aws: 'both' })
    ).toMatchObject({ options: { storage: 'v1beta1', scope: 'Cluster', aws: 'both' } })
  })

  it.each([
    [{ group: 'example' }, /--group "example" must be a DNS subdomain with at least one dot/],
    [{ group: 'Example.com' }, /--group "Example.com" must be a DNS subdomain/],
    [{ group: `${'a'.repeat(250)}.com` }, /--group .* at most 253 characters/],
    [{ kind: 'cronTab' }, /--kind "cronTab" must be UpperCamelCase/],
    [{ kind: 'Cron-Tab' }, /--kind "Cron-Tab" must be UpperCamelCase/],
    [{ versions: 'v1,version2' }, /--versions: "version2" is not a Kubernetes version/],
    [{ versions: 'v1beta' }, /--versions: "v1beta" is not a Kubernetes version/],
    [{ versions: 'v1,v1' }, /--versions names v1 twice/],
    [{ versions: ' , ' }, /--versions must name at least one version/],
    [{ storage: 'v2' }, /--storage "v2" must be one of --versions \(v1beta1, v1\)/],
    [{ scope: 'namespaced' }, /--scope "namespaced" must be Namespaced or Cluster/],
    [{ aws: 'terraform' }, /--aws "terraform" must be sam, cdk or both/],
    [{ group: undefined }, /--group is required/],
  ])('refuses %o, naming the flag and the rule', (change, message) => {
    const result = checkAnswers({ ...valid, ...change })
    expect(result).toEqual({ problems: [expect.stringMatching(message)] })
  })
})

describe('parseVersions', () => {
  it('accepts Kubernetes versions, oldest first, with spaces around the commas', () => {
    expect(parseVersions('v1alpha1, v2beta3 ,v2')).toEqual({
      versions: ['v1alpha1', 'v2beta3', 'v2'],
    })
  })

  it('refuses a version with a suffix Kubernetes does not order', () => {
    expect(parseVersions('v1rc1')).toMatchObject({ problem: expect.stringContaining('"v1rc1"') })
  })
})
