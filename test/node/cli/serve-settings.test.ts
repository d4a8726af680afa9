import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SettingsError } from '@crdconv/webhook/http'
import { serveSettings } from '../../../packages/crdconv/src/serve/index.ts'

describe("serve's settings from its flags", () => {
  let folder = ''
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'crdconv-serve-settings-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('sets nothing when no flag is given, so the environment decides', async () => {
    expect(await serveSettings({}, folder)).toEqual({})
  })

  it.each([
    ['one token', 'first\n', ['first']],
    [
      'two tokens while rotating, blank lines and spaces ignored',
      '\n first \n\nnext\n',
      ['first', 'next'],
    ],
    ['a comment line left out', '# rotated 2026-12-01\nfirst\n', ['first']],
    [
      'the variables a .dev.vars holds, the file crd and probe read too',
      'CONVERT_TOKEN=first\nCONVERT_TOKEN_NEXT=next\n',
      ['first', 'next'],
    ],
  ])('reads --token-file with %s', async (_, text, tokens) => {
    await writeFile(join(folder, 'token'), text)
    expect(await serveSettings({ tokenFile: 'token' }, folder)).toEqual({ tokens })
  })

  it.each([
    ['no token', '\n\n', 0],
    ['three tokens', 'a\nb\nc\n', 3],
  ])('refuses a --token-file with %s, naming the flag and the file', async (_, text, count) => {
    await writeFile(join(folder, 'bad-token'), text)
    const settings = serveSettings({ tokenFile: 'bad-token' }, folder)
    await expect(settings).rejects.toThrow(SettingsError)
    await expect(settings).rejects.toThrow(
      `--token-file must hold one or two tokens, one per line; bad-token holds ${count}`
    )
  })

  it('refuses a --token-file it cannot read, naming the file', async () => {
    await expect(serveSettings({ tokenFile: 'absent' }, folder)).rejects.toMatchObject({
      code: 'file-unreadable',
    })
  })

  it('takes the allowed sources and the limits as given', async () => {
    const flags = {
      allowedSources: '10.0.0.0/8, 127.0.0.1',
      maxBodyBytes: 1024,
      maxObjects: 5,
      maxDepth: 8,
    }
    expect(await serveSettings(flags, folder)).toEqual({
      allowedSources: ['10.0.0.0/8', '127.0.0.1'],
      maxBodyBytes: 1024,
      maxObjects: 5,
      maxDepth: 8,
    })
  })
})
