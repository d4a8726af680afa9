// `@crdconv/webhook/scheme` is the tooling's window on the scheme layer: it exports exactly what
// packages/crdconv/src imports from it, so nothing else becomes API by accident, and a converter
// author's names come from the package root.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repoRoot = resolve(import.meta.dirname, '../../..')
const SUBPATH = '@crdconv/webhook/scheme'

/** The names the import and export declarations of `file` take from `specifier`. */
function namesTakenFrom(file: string, specifier: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return []
    const from = statement.moduleSpecifier
    if (from === undefined || !ts.isStringLiteral(from) || from.text !== specifier) return []
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : statement.exportClause
    if (bindings === undefined) return []
    if (ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) return ['*']
    return bindings.elements.map((element) => (element.propertyName ?? element.name).text)
  })
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name))
}

const exportsMap = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/webhook/package.json'), 'utf8')) as {
    exports: Record<string, Record<string, string>>
  }
).exports
const entry = join(repoRoot, 'packages/webhook', exportsMap['./scheme']?.['crdconv-source'] ?? '')
const entryExports = namesTakenFrom(entry, './index.ts')
const toolingImports = [
  ...new Set(
    typeScriptFiles(join(repoRoot, 'packages/crdconv/src')).flatMap((file) =>
      namesTakenFrom(file, SUBPATH)
    )
  ),
]

describe(`${SUBPATH}`, () => {
  it('exports exactly the names packages/crdconv/src imports from it', () => {
    expect(toolingImports).not.toContain('*')
    expect([...entryExports].sort()).toEqual([...toolingImports].sort())
  })

  it('is an entry of its own, not the scheme folder index the runtime and the root read', () => {
    expect(entry).not.toMatch(/index\.ts$/)
    expect(entryExports.length).toBeGreaterThan(0)
  })
})
