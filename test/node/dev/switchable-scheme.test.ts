import { describe, expect, it } from 'vitest'
import { switchableScheme } from '../../../packages/crdconv/src/dev/index.ts'
import { createScheme } from '../../../packages/webhook/src/scheme/index.ts'
import { backup, cronTab } from '../../../examples/index.ts'

const stored = {
  apiVersion: 'example.com/v1beta1',
  kind: 'CronTab',
  metadata: { name: 'a', namespace: 'default' },
  spec: { cronSpec: '* * * * */5', image: 'my-image' },
}

describe('the scheme crdconv dev serves', () => {
  it('answers with the scheme put in place last, through the object the server was given', () => {
    const served = switchableScheme(createScheme([cronTab]))
    const server = served.scheme
    expect(server.convert(stored, 'example.com/v1').ok).toBe(true)
    expect(server.resources.map((resource) => resource.kind)).toEqual(['CronTab'])

    served.replace(createScheme([backup]))
    expect(server.resources.map((resource) => resource.kind)).toEqual(['Backup'])
    expect(server.resourceFor('example.com', 'CronTab')).toBeUndefined()
    expect(server.convert(stored, 'example.com/v1').ok).toBe(false)
    expect(served.current()).not.toBe(server)
  })
})
