// The corpus folder: where a project keeps it, the file each recorded object goes to, a writer
// that changes nothing until it commits, and the reader that finds what it wrote.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  corpusFile,
  corpusWriter,
  defaultCorpusDirectory,
  readCorpus,
  readProjectCorpus,
} from '../../../packages/crdconv/src/corpus/index.ts'

let project: string
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'crdconv-corpus-'))
})
afterEach(() => rmSync(project, { recursive: true, force: true }))

const cronTab = (name: string, version: string) => ({
  apiVersion: `example.com/${version}`,
  kind: 'CronTab',
  metadata: { name, namespace: 'default' },
  spec: { cronSpec: '* * * * */5' },
})

describe("the project's corpus folder", () => {
  it.each([
    ['no package.json', undefined, 'corpus'],
    ['a package.json without the setting', { name: 'p' }, 'corpus'],
    ['"crdconv": { "corpus" }', { crdconv: { corpus: 'test/recorded' } }, 'test/recorded'],
  ])('with %s is %s', (_, manifest, folder) => {
    if (manifest !== undefined)
      writeFileSync(join(project, 'package.json'), JSON.stringify(manifest))
    expect(defaultCorpusDirectory(project)).toBe(join(project, folder))
  })
})

describe('readProjectCorpus', () => {
  it.each([
    ['no package.json', undefined, 'corpus'],
    ['"crdconv": { "corpus" }', { crdconv: { corpus: 'test/recorded' } }, 'test/recorded'],
  ])('with %s reads %s', (_, manifest, folder) => {
    if (manifest !== undefined)
      writeFileSync(join(project, 'package.json'), JSON.stringify(manifest))
    mkdirSync(join(project, folder, 'crontabs.example.com'), { recursive: true })
    writeFileSync(
      join(project, folder, 'crontabs.example.com/a.v1.yaml'),
      JSON.stringify(cronTab('a', 'v1'))
    )
    expect(readProjectCorpus(project)).toEqual([
      { source: 'crontabs.example.com/a.v1.yaml', object: cronTab('a', 'v1') },
    ])
  })

  it('reads nothing from a project without the folder', () => {
    expect(readProjectCorpus(project)).toEqual([])
  })
})

describe('corpusFile', () => {
  it.each([
    [
      { crd: 'crontabs.example.com', namespace: 'team-a', name: 'a', version: 'v1' },
      'crontabs.example.com/team-a/a.v1.yaml',
    ],
    [
      { crd: 'clusters.example.com', name: 'c', version: 'v1beta1' },
      'clusters.example.com/c.v1beta1.yaml',
    ],
  ])('places %j at %s', (place, file) => {
    expect(corpusFile(place)).toBe(file)
  })
})

describe('corpusWriter', () => {
  const place = (name: string, version: string) => ({
    crd: 'crontabs.example.com',
    namespace: 'default',
    name,
    version,
  })

  it('writes nothing into the corpus before commit, then every object, which readCorpus reads back', () => {
    const corpus = join(project, 'corpus')
    const writer = corpusWriter(corpus)
    writer.add(place('a', 'v1'), cronTab('a', 'v1'))
    writer.add(place('a', 'v2'), cronTab('a', 'v2'))
    expect(readCorpus(corpus)).toEqual([])
    writer.commit()
    expect(readCorpus(corpus)).toEqual([
      { source: 'crontabs.example.com/default/a.v1.yaml', object: cronTab('a', 'v1') },
      { source: 'crontabs.example.com/default/a.v2.yaml', object: cronTab('a', 'v2') },
    ])
    expect(readdirSync(corpus)).toEqual(['crontabs.example.com'])
  })

  it('leaves the corpus as it was when discarded, and keeps the files of other objects on commit', () => {
    const corpus = join(project, 'corpus')
    const first = corpusWriter(corpus)
    first.add(place('a', 'v1'), cronTab('a', 'v1'))
    first.commit()
    const stopped = corpusWriter(corpus)
    stopped.add(place('a', 'v1'), { ...cronTab('a', 'v1'), spec: { cronSpec: 'changed' } })
    stopped.discard()
    expect(readCorpus(corpus).map(({ object }) => object)).toEqual([cronTab('a', 'v1')])
    const next = corpusWriter(corpus)
    next.add(place('b', 'v1'), cronTab('b', 'v1'))
    next.commit()
    expect(readCorpus(corpus).map(({ source }) => source)).toEqual([
      'crontabs.example.com/default/a.v1.yaml',
      'crontabs.example.com/default/b.v1.yaml',
    ])
  })

  it('is not fooled by what a recording that never finished left staged', () => {
    const corpus = join(project, 'corpus')
    mkdirSync(join(corpus, '.recording-x', 'crontabs.example.com'), { recursive: true })
    writeFileSync(
      join(corpus, '.recording-x', 'crontabs.example.com', 'a.v1.yaml'),
      'apiVersion: v1\nkind: X\n'
    )
    expect(readCorpus(corpus)).toEqual([])
    expect(existsSync(join(corpus, '.recording-x'))).toBe(true)
  })
})
