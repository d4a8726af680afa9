import { describe, expect, it } from 'vitest'
import {
  countOf,
  shellWord,
  suggestedCommands,
} from '../../../packages/crdconv/src/command-io/index.ts'

describe('suggestedCommands: the commands a report suggests, ready to paste', () => {
  it.each([
    {
      named: 'nothing (the project scheme, the current context)',
      selection: {},
      migrate: 'crdconv migrate',
      retire: 'crdconv retire | kubectl apply -f -',
    },
    {
      named: 'a scheme, a resource and a context',
      selection: { scheme: 'src/scheme.ts', resource: 'crontabs', context: 'prod' },
      migrate: 'crdconv migrate --scheme src/scheme.ts --resource crontabs --context prod',
      retire:
        'crdconv retire --scheme src/scheme.ts --resource crontabs --context prod | kubectl --context prod apply -f -',
    },
    {
      named: 'a kubeconfig and a scheme path with a space',
      selection: { scheme: 'my schemes/scheme.ts', kubeconfig: '/tmp/kube.yaml' },
      migrate: "crdconv migrate --scheme 'my schemes/scheme.ts' --kubeconfig /tmp/kube.yaml",
      retire:
        "crdconv retire --scheme 'my schemes/scheme.ts' --kubeconfig /tmp/kube.yaml | kubectl --kubeconfig /tmp/kube.yaml apply -f -",
    },
  ])('with $named', ({ selection, migrate, retire }) => {
    const commands = suggestedCommands(selection)
    expect(commands.migrate()).toBe(migrate)
    expect(commands.retire()).toBe(retire)
  })

  it("says to save the scheme on crdconv dev's cluster, which applies the CRD with its local caBundle", () => {
    const live = 'https://127.0.0.1:9443/convert/0123456789abcdef0123456789abcdef'
    expect(suggestedCommands({ localDev: true }).crd(live)).toBe(
      'save the scheme (crdconv dev applies its CRD)'
    )
    expect(suggestedCommands({ localDev: true, scheme: 'src/scheme.ts' }).crd()).toBe(
      'save src/scheme.ts (crdconv dev applies its CRD)'
    )
    expect(suggestedCommands({ localDev: true }).migrate()).toBe('crdconv migrate')
  })

  it('gives crd the live URL without its path token (crd adds it), or none when package.json has it', () => {
    const live = 'https://hook.example/convert/0123456789abcdef0123456789abcdef'
    expect(suggestedCommands({ context: 'prod' }).crd(live)).toBe(
      'crdconv crd --context prod --url https://hook.example/convert | kubectl --context prod apply -f -'
    )
    expect(suggestedCommands({ urlConfigured: true }).crd(live)).toBe(
      'crdconv crd | kubectl apply -f -'
    )
    expect(suggestedCommands({}).crd()).toBe(
      "crdconv crd --url 'https://<your-webhook>/convert' | kubectl apply -f -"
    )
  })

  it('adds options after migrate', () => {
    expect(suggestedCommands({ context: 'prod' }).migrate('--server-side')).toBe(
      'crdconv migrate --context prod --server-side'
    )
  })
})

describe('countOf and shellWord', () => {
  it.each([
    [0, 'object', '0 objects'],
    [1, 'object', '1 object'],
    [1500, 'object', '1500 objects'],
  ])('counts %i %s as "%s"', (amount, noun, expected) => {
    expect(countOf(amount, noun)).toBe(expected)
  })

  it('takes an irregular plural', () => {
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries')
  })

  it('quotes a word only where a shell would read it', () => {
    expect(shellWord('./src/scheme.ts')).toBe('./src/scheme.ts')
    expect(shellWord("it's $HOME")).toBe(`'it'\\''s $HOME'`)
  })
})
