// What `crdconv import` writes between two versions of a CRD: one hand-made pair of versions per
// rule, each imported, typechecked, loaded and run through the round-trip kit and the coverage.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importCrds } from '../../../packages/crdconv/src/import/index.ts'
import type { Scheme } from '../../../packages/webhook/src/scheme/index.ts'
import {
  checkLosslessRoundTrips,
  conversionCoverage,
  coverageFindings,
} from '../../../packages/crdconv/src/testing/index.ts'
import { typecheckedImports, writeFiles } from '../../support/import-project.ts'

type Properties = Record<string, Record<string, unknown>>

interface Rule {
  readonly name: string
  readonly older: Properties
  readonly newer: Properties
  /** Lines of the written module, each as it is written (after formatting). */
  readonly written: readonly string[]
  /** Text the written module must not hold. */
  readonly notWritten?: readonly string[]
  /** What `crdconv check` reports: failures and warnings, each matching one message. */
  readonly failures: readonly RegExp[]
  readonly warnings: readonly RegExp[]
  /** Whether A → B → A gives A back for every pair. */
  readonly roundTrips: boolean
  /**
   * What the round trips' answers carry over as it was that the other version refuses: each
   * named once in the kit's one `writable` check (`answer-not-writable`), none where absent.
   */
  readonly unwritable?: readonly string[]
  /** A spec at v1alpha1 and what it is at v1. */
  readonly converts?: readonly [Record<string, unknown>, Record<string, unknown>]
}

const string = { type: 'string' }
const integer = { type: 'integer' }

const RULES: readonly Rule[] = [
  {
    name: 'a field renamed beside the same type, names that agree: renamed',
    older: { nodeDrainTimeout: integer, image: string },
    newer: { nodeDrainTimeoutSeconds: integer, image: string },
    written: [
      "move.renamed('spec.nodeDrainTimeout', 'spec.nodeDrainTimeoutSeconds'), // v1alpha1's .spec.nodeDrainTimeout and v1's",
    ],
    failures: [],
    warnings: [],
    roundTrips: true,
    converts: [
      { nodeDrainTimeout: 7, image: 'a' },
      { nodeDrainTimeoutSeconds: 7, image: 'a' },
    ],
  },
  {
    name: 'a field removed beside one added of its type, names that do not agree: stashed and added, no rename proposed',
    older: { keep: integer, image: string },
    newer: { retention: integer, image: string },
    written: [
      "move.removed('spec.keep'),",
      '// TODO .spec.retention: added (integer) (v1alpha1 → v1): objects from v1alpha1 get no value',
      "move.added('spec.retention'),",
    ],
    notWritten: ['may be a rename', 'move.renamed'],
    failures: [],
    warnings: [
      /v1alpha1 → v1: v1's \.spec\.retention is never filled/,
      /v1 → v1alpha1: v1alpha1's \.spec\.keep is never filled/,
    ],
    roundTrips: true,
  },
  {
    name: 'two fields removed beside one added of their type, names that agree with both: stashed, and TODOs naming the candidates',
    older: { hostName: string, hostNames: string },
    newer: { hostname: string },
    written: [
      '// TODO .spec.hostName: removed (string) (v1alpha1 → v1): it may be a rename to .spec.hostname',
      '// TODO .spec.hostNames: removed (string) (v1alpha1 → v1): it may be a rename to .spec.hostname',
      '// TODO .spec.hostname: added (string) (v1alpha1 → v1): it may be a rename of .spec.hostName, .spec.hostNames',
      "move.removed('spec.hostName'),",
      "move.removed('spec.hostNames'),",
    ],
    failures: [],
    warnings: [
      /v1alpha1 → v1: v1's \.spec\.hostname is never filled/,
      // nothing fills either field of v1alpha1's spec: one line for both
      /v1 → v1alpha1: v1alpha1's \.spec is never filled: none of the 2 fields below it/,
    ],
    roundTrips: true,
  },
  {
    name: 'a field added with a default: added with that value',
    older: { image: string },
    newer: { image: string, replicas: { type: 'integer', default: 1 } },
    written: ["move.added('spec.replicas', 1), // v1's default"],
    failures: [],
    warnings: [],
    roundTrips: true,
    converts: [{ image: 'a' }, { image: 'a', replicas: 1 }],
  },
  {
    name: 'a field added without a default: added, and a TODO for its value',
    older: { image: string },
    newer: { image: string, note: string },
    written: [
      "// TODO .spec.note: added (string) (v1alpha1 → v1): objects from v1alpha1 get no value: give one, move.added('spec.note', value)",
      "move.added('spec.note'), // stashed on the way back",
    ],
    failures: [],
    warnings: [/v1alpha1 → v1: v1's \.spec\.note is never filled and has no default/],
    roundTrips: true,
    converts: [{ image: 'a' }, { image: 'a' }],
  },
  {
    name: 'a field removed: removed, kept in the stash',
    older: { image: string, legacy: string },
    newer: { image: string },
    written: ["move.removed('spec.legacy'), // v1 has no place for it: kept in the stash"],
    failures: [],
    // right: an object made at v1 has none
    warnings: [/v1 → v1alpha1: v1alpha1's \.spec\.legacy is never filled/],
    roundTrips: true,
    converts: [{ image: 'a', legacy: 'x' }, { image: 'a' }],
  },
  {
    name: 'an enum narrowed: a TODO, no move',
    older: { tier: { type: 'string', enum: ['gold', 'silver', 'bronze'] } },
    newer: { tier: { type: 'string', enum: ['gold', 'silver'] } },
    written: [
      '// TODO .spec.tier: enum values removed ("bronze") (v1alpha1 → v1): "bronze" is not spelt anew as one value of v1; say what each value v1 refuses becomes',
    ],
    failures: [/v1's \.spec\.tier gets values v1's schema refuses/],
    warnings: [],
    roundTrips: true,
    unwritable: ['v1alpha1 → v1: spec.tier: not one of "gold", "silver"'],
  },
  {
    name: 'an enum spelt anew: mapped',
    older: { tier: { type: 'string', enum: ['gold', 'silver', 'round-robin'] } },
    newer: { tier: { type: 'string', enum: ['Gold', 'Silver', 'RoundRobin'] } },
    written: [
      "move.mapped('spec.tier', { gold: 'Gold', silver: 'Silver', 'round-robin': 'RoundRobin' }),",
    ],
    failures: [],
    warnings: [],
    roundTrips: true,
    converts: [{ tier: 'round-robin' }, { tier: 'RoundRobin' }],
  },
  {
    name: 'a type changed: a TODO, and check fails on the values the other version refuses',
    older: { size: integer },
    newer: { size: string },
    written: [
      '// TODO .spec.size: type integer → string (v1alpha1 → v1): the value changes shape: convert it in a `then`, and back in a `thenBack`',
    ],
    failures: [
      /v1alpha1 → v1: v1's \.spec\.size gets values v1's schema refuses/,
      /v1 → v1alpha1: v1alpha1's \.spec\.size gets values/,
    ],
    warnings: [],
    roundTrips: true,
    unwritable: [
      'v1alpha1 → v1: spec.size: not a string',
      'v1 → v1alpha1: spec.size: not a number',
    ],
  },
  {
    name: 'a field of map values renamed: a TODO, since no move reaches into a map',
    older: {
      labels: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { a: string } },
      },
    },
    newer: {
      labels: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { b: string } },
      },
    },
    written: [
      '// TODO .spec.labels[*].a: removed (string) (v1alpha1 → v1): it is inside a map, where no move reaches',
      '// TODO .spec.labels[*].b: added (string) (v1alpha1 → v1): it is inside a map, where no move reaches',
    ],
    failures: [
      /v1alpha1's \.spec\.labels\[\*\]\.a is lost/,
      /v1's \.spec\.labels\[\*\]\.b is lost/,
    ],
    warnings: [
      /v1's \.spec\.labels\[\*\]\.b is never filled/,
      /v1alpha1's \.spec\.labels\[\*\]\.a is never filled/,
    ],
    roundTrips: false,
  },
  {
    name: 'fields of list items: moves inside each',
    older: {
      ports: {
        type: 'array',
        items: { type: 'object', properties: { port: integer, proto: string, name: string } },
      },
    },
    newer: {
      ports: {
        type: 'array',
        items: { type: 'object', properties: { portNumber: integer, name: string } },
      },
    },
    written: [
      "move.each('spec.ports', (item) => [",
      "item.renamed('port', 'portNumber'),",
      "item.removed('proto'),",
    ],
    failures: [],
    warnings: [/v1 → v1alpha1: v1alpha1's \.spec\.ports\[\]\.proto is never filled/],
    roundTrips: true,
    converts: [
      { ports: [{ port: 80, proto: 'TCP', name: 'http' }] },
      { ports: [{ portNumber: 80, name: 'http' }] },
    ],
  },
  {
    name: 'names that only share a word (failureReason, failureDomain): no rename and no candidate',
    older: { failureReason: string, failureMessage: string },
    newer: { failureDomain: string },
    written: [
      "move.removed('spec.failureReason'),",
      "move.removed('spec.failureMessage'),",
      '// TODO .spec.failureDomain: added (string) (v1alpha1 → v1): objects from v1alpha1 get no value',
    ],
    notWritten: ['may be a rename', 'move.renamed'],
    failures: [],
    warnings: [
      /v1 → v1alpha1: v1alpha1's \.spec is never filled: none of the 2 fields below it/,
      /v1alpha1 → v1: v1's \.spec\.failureDomain is never filled/,
    ],
    roundTrips: true,
  },
  {
    name: 'a duration moved into an added object as whole seconds: a TODO naming both paths and the conversion',
    older: { drainTimeout: string, image: string },
    newer: {
      deletion: { type: 'object', properties: { drainTimeoutSeconds: integer } },
      image: string,
    },
    written: [
      '// TODO .spec.drainTimeout: removed (string) (v1alpha1 → v1): v1alpha1\'s duration .spec.drainTimeout is v1\'s .spec.deletion.drainTimeoutSeconds in whole seconds: in a `then`, parse the duration ("1m30s") into seconds; in a `thenBack`, write the seconds as a duration ("90s")',
      "move.removed('spec.drainTimeout'),",
    ],
    failures: [],
    warnings: [
      /v1 → v1alpha1: v1alpha1's \.spec\.drainTimeout is never filled/,
      /v1alpha1 → v1: v1's \.spec\.deletion(\.drainTimeoutSeconds)? is never filled/,
    ],
    roundTrips: true,
  },
  {
    name: 'a format: duration string beside the same name in seconds: the added field’s TODO names the conversion',
    older: { retry: { type: 'string', format: 'duration' } },
    newer: { retrySeconds: integer },
    written: [
      "// TODO .spec.retrySeconds: added (integer) (v1alpha1 → v1): v1alpha1's duration .spec.retry is v1's .spec.retrySeconds in whole seconds",
      "move.removed('spec.retry'),",
    ],
    failures: [],
    warnings: [
      /v1 → v1alpha1: v1alpha1's \.spec\.retry is never filled/,
      /v1alpha1 → v1: v1's \.spec\.retrySeconds is never filled/,
    ],
    roundTrips: true,
  },
  {
    name: 'an object reference’s apiVersion becoming its apiGroup: no rename, a TODO naming both and the conversion',
    older: {
      ref: { type: 'object', properties: { apiVersion: string, kind: string, name: string } },
    },
    newer: {
      ref: { type: 'object', properties: { apiGroup: string, kind: string, name: string } },
    },
    written: [
      '// TODO .spec.ref.apiGroup: added (string) (v1alpha1 → v1): v1alpha1\'s .spec.ref.apiVersion (group/version) is v1\'s .spec.ref.apiGroup without the version: in a `then`, set it to the part of apiVersion before the "/"',
      "move.removed('spec.ref.apiVersion'),",
    ],
    notWritten: ['move.renamed'],
    failures: [],
    warnings: [
      /v1 → v1alpha1: v1alpha1's \.spec\.ref\.apiVersion is never filled/,
      /v1alpha1 → v1: v1's \.spec\.ref\.apiGroup is never filled/,
    ],
    roundTrips: true,
  },
]

function twoVersions(index: number, rule: Rule): object {
  const version = (name: string, properties: Properties, storage: boolean) => ({
    name,
    served: true,
    storage,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: { spec: { type: 'object', properties } },
      },
    },
  })
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `rule${index}s.example.com` },
    spec: {
      group: 'example.com',
      names: { kind: `Rule${index}`, plural: `rule${index}s` },
      scope: 'Namespaced',
      versions: [version('v1', rule.newer, true), version('v1alpha1', rule.older, false)],
    },
  }
}

describe('crdconv import between two versions', () => {
  const project = typecheckedImports(async (directory) => {
    for (const [index, rule] of RULES.entries()) {
      writeFiles(directory, (await importCrds(JSON.stringify(twoVersions(index, rule)))).files)
    }
  })

  describe.each(RULES.map((rule, index) => [rule.name, rule, index] as const))(
    '%s',
    (_name, rule, index) => {
      const file = join(project.directory, `rule${index}.ts`)
      const load = async () =>
        ((await import(pathToFileURL(file).href)) as { scheme: Scheme }).scheme

      it('writes the move or the TODO', () => {
        const source = readFileSync(file, 'utf8')
        for (const line of rule.written) expect(source).toContain(line)
        for (const text of rule.notWritten ?? []) expect(source).not.toContain(text)
      })

      it(`${rule.roundTrips ? 'passes' : 'fails'} the round trips, and names each answer the other version refuses`, async () => {
        const [resource] = (await load()).resources
        const report = checkLosslessRoundTrips(resource!, { numRuns: 20, seed: 7 })
        const trips = report.checks.filter((check) => check.kind !== 'writable')
        const unwritable = report.checks.filter((check) => check.kind === 'writable')
        expect(
          trips.every((check) => check.ok),
          report.summary.slice(0, 2000)
        ).toBe(rule.roundTrips)
        const named = unwritable.map((check) => check.failure?.message ?? '').join('\n')
        expect(unwritable, named).toHaveLength(rule.unwritable === undefined ? 0 : 1)
        for (const refusal of rule.unwritable ?? []) expect(named).toContain(`  ${refusal} (met in`)
      })

      it('reports in crdconv check what the author must decide, and nothing else', async () => {
        const [resource] = (await load()).resources
        const { failures, warnings } = coverageFindings(
          conversionCoverage(resource!, { numRuns: 5, seed: 7 })
        )
        const failed = failures.map((failure) => failure.message).join('\n')
        const warned = warnings.map((warning) => warning.message).join('\n')
        expect(failures, failed).toHaveLength(rule.failures.length)
        for (const failure of rule.failures) expect(failed).toMatch(failure)
        expect(warnings, warned).toHaveLength(rule.warnings.length)
        for (const warning of rule.warnings) expect(warned).toMatch(warning)
      })

      it.runIf(rule.converts !== undefined)('converts, and back', async () => {
        const [spec, converted] = rule.converts!
        const scheme = await load()
        const metadata = { name: 'x', namespace: 'default' }
        const stored = { apiVersion: 'example.com/v1alpha1', kind: `Rule${index}`, metadata, spec }
        const there = scheme.convert(stored, 'example.com/v1')
        expect(there.ok && there.object['spec']).toEqual(converted)
        const back = there.ok ? scheme.convert(there.object, 'example.com/v1alpha1') : there
        expect(back.ok && back.object['spec']).toEqual(spec)
      })
    }
  )

  it('lists every TODO in the written test as an it.todo', () => {
    const test = readFileSync(join(project.directory, 'rule4.test.ts'), 'utf8')
    expect(test).toContain("it.todo('conversion: v1alpha1 → v1: .spec.note: added (string)')")
    expect(readFileSync(join(project.directory, 'rule0.test.ts'), 'utf8')).not.toContain('todo')
  })
})
