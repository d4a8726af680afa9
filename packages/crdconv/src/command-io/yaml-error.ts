import type { YAMLError } from 'yaml'

/**
 * A YAML syntax error as one line with where it is: the `yaml` library's message without its
 * " at line L, column C:" and the source excerpt after it, which it prints on lines of their own.
 *
 * @example
 * yamlErrorAt(document.errors[0]) // { line: 3, column: 1, reason: 'Flow sequence in block collection must be sufficiently indented and end with a ]' }
 */
export function yamlErrorAt(error: YAMLError): { line: number; column: number; reason: string } {
  const [start] = error.linePos ?? []
  const reason = (error.message.split('\n')[0] ?? error.message).replace(
    / at line \d+, column \d+:?$/,
    ''
  )
  return { line: start?.line ?? 1, column: start?.col ?? 1, reason }
}
