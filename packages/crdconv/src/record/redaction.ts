// Secrets out of a recorded object: the fields the author names, fields named like secrets,
// values shaped like them, an embedded Secret's data, and the kubeconfig's own credentials.
import { isPlainObject } from '@crdconv/webhook/scheme'
import type { SameShape } from './same-shape.ts'
import { secretByName, secretByShape } from './secret-values.ts'

export interface RedactionRules {
  /**
   * Fields the author names (`--redact`), dotted from the object's root: `spec.auth.password`,
   * `[]` for every item of a list (`spec.users[].token`), `*` for every key of a map
   * (`spec.env.*`). Everything below a named field is replaced.
   */
  readonly paths: readonly string[]
  /** Texts never written, wherever they appear: the kubeconfig's token and password. */
  readonly never: readonly string[]
}

/** A recorded object with its secrets replaced, and how many values were. */
export interface Redacted {
  readonly object: Record<string, unknown>
  readonly replaced: number
}

type Step = string

/** Why a `--redact` path is not one, or `undefined` when it is. */
export function redactPathProblem(path: string): string | undefined {
  const steps = stepsOf(path)
  if (steps.length === 0 || steps.some((step) => step === '')) {
    return `--redact ${JSON.stringify(path)} is not a dotted field path like spec.auth.password (spec.users[].token for list items, spec.env.* for every key of a map)`
  }
  return undefined
}

function stepsOf(path: string): Step[] {
  return path
    .replace(/\[\]/g, '.[]')
    .split('.')
    .filter((step, index) => index > 0 || step !== '')
}

/**
 * `object` with every secret replaced by a value of the same shape (`sameShape`): the fields
 * `rules.paths` names, text of a field named like a secret (`password`, `clientSecret`), text
 * shaped like one (PEM, JWT, long base64 or hex), the `data` and `stringData` of an embedded
 * `v1 Secret`, and any text holding one of `rules.never`. An annotation whose value is JSON
 * (Cluster API's `conversion-data` holds the whole object) is redacted inside by the same rules.
 *
 * @example
 * redactObject({ spec: { password: 'hunter2' } }, { paths: [], never: [] }, sameShape())
 * // { object: { spec: { password: 'xkqzbwe' } }, replaced: 1 }
 */
export function redactObject(
  object: Readonly<Record<string, unknown>>,
  rules: RedactionRules,
  replace: SameShape
): Redacted {
  const named = rules.paths.map(stepsOf)
  const never = rules.never.filter((text) => text.length >= 8)
  let replaced = 0
  const secretText = (text: string): string => {
    replaced++
    let out = replace.text(text)
    for (const held of never) out = out.split(held).join(replace.text(held))
    return out
  }
  const everything = (value: unknown): unknown => {
    if (typeof value === 'string') return secretText(value)
    if (typeof value === 'number') {
      replaced++
      return replace.number(value)
    }
    if (Array.isArray(value)) return value.map(everything)
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everything(v)]))
    }
    return value
  }
  const looseText = (text: string, name: string | undefined): string =>
    (name !== undefined && secretByName(name)) ||
    secretByShape(text) ||
    never.some((held) => text.includes(held))
      ? secretText(text)
      : text
  const walk = (value: unknown, at: Step[], name: string | undefined): unknown => {
    if (named.some((steps) => matches(steps, at))) return everything(value)
    if (typeof value === 'string') return looseText(value, name)
    if (Array.isArray(value)) return value.map((item) => walk(item, [...at, '[]'], name))
    if (!isPlainObject(value)) return value
    const secret = value['kind'] === 'Secret' && value['apiVersion'] === 'v1'
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(value)) {
      if (secret && (key === 'data' || key === 'stringData')) out[key] = everything(field)
      else if (at.length === 0 && key === 'metadata') out[key] = metadataOf(field)
      else out[key] = walk(field, [...at, key], key)
    }
    return out
  }
  // annotations: JSON values redacted inside, as a whole object or one field, others as text
  const metadataOf = (metadata: unknown): unknown => {
    if (!isPlainObject(metadata) || !isPlainObject(metadata['annotations'])) return metadata
    const annotations: Record<string, unknown> = {}
    for (const [key, text] of Object.entries(metadata['annotations'])) {
      const name = key.slice(key.indexOf('/') + 1)
      annotations[key] = typeof text === 'string' ? annotationText(text, name) : text
    }
    return { ...metadata, annotations }
  }
  const annotationText = (text: string, name: string): string => {
    if (secretByName(name)) return secretText(text)
    const parsed = jsonContainer(text)
    if (parsed === undefined) return looseText(text, undefined)
    const before = replaced
    const redacted = walk(parsed, [], undefined)
    return replaced === before ? text : JSON.stringify(redacted)
  }
  const object_ = walk(object, [], undefined) as Record<string, unknown>
  return { object: object_, replaced }
}

function matches(steps: readonly Step[], at: readonly Step[]): boolean {
  return (
    steps.length === at.length &&
    steps.every((step, index) => step === at[index] || (step === '*' && at[index] !== '[]'))
  )
}

function jsonContainer(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined
  } catch {
    return undefined
  }
}
