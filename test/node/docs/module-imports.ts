// The modules a TypeScript file imports, read with the compiler's parser and resolved as tsc
// resolves them (the repository's tsconfig.json, so `@crdconv/webhook/…` is its source).
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'

/** One import of a file: its specifier as written, and whether it is `import()` at run time. */
export interface ModuleImport {
  readonly specifier: string
  readonly dynamic: boolean
}

/** Every import of `file` (static, re-export, dynamic or `import('…')` type). */
export function moduleImports(file: string): ModuleImport[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: ModuleImport[] = []
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, dynamic: true })
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, dynamic: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The repository's files `file` imports, resolved with its tsconfig.json; other packages left out. */
export function resolvedImports(file: string, repoRoot: string): string[] {
  const configFile = join(repoRoot, 'tsconfig.json')
  const config = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path))
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configFile))
  return moduleImports(file).flatMap(({ specifier }) => {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule
    // the workspace's own packages resolve through node_modules to their source in the repository
    const target = resolved?.resolvedFileName
    return target === undefined || !target.startsWith(repoRoot) || target.includes('/node_modules/')
      ? []
      : [target]
  })
}
