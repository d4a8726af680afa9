import type { $ZodType, output } from 'zod/v4/core'

/** How many levels of fields a `FieldPath` reaches: deeper paths would slow `tsc` on large schemas. */
export const MAX_FIELD_PATH_DEPTH = 6

type Shallower = [never, never, 1, 2, 3, 4, 5]

/** Field names an object type declares: no index signatures (records, loose objects), no dots. */
type DeclaredKey<T> = keyof {
  [
    Key in keyof T as string extends Key
      ? never
      : number extends Key
        ? never
        : Key extends `${string}.${string}`
          ? never
          : Key
  ]: 0
} &
  string

/**
 * Every dotted path (`spec.hostPort`) to a field an object type declares, through nested objects
 * (not into arrays or records), at most `MAX_FIELD_PATH_DEPTH` levels deep.
 *
 * @example
 * ```ts
 * type Paths = FieldPath<{ spec?: { host?: string } }> // 'spec' | 'spec.host'
 * ```
 */
export type FieldPath<T, Depth extends number = 6> = [Depth] extends [never]
  ? never
  : T extends readonly unknown[] | Date
    ? never
    : T extends object
      ? {
          [Key in DeclaredKey<T>]:
            Key | `${Key}.${FieldPath<NonNullable<T[Key]>, Shallower[Depth]>}`
        }[DeclaredKey<T>]
      : never

/** The type of the field at `Path` in `T`, `undefined` included when a field on the way is optional. */
export type FieldValue<T, Path extends string> = T extends readonly unknown[]
  ? never
  : T extends object
    ? Path extends `${infer Head}.${infer Rest}`
      ? Head extends keyof T
        ? FieldValue<NonNullable<T[Head]>, Rest>
        : never
      : Path extends keyof T
        ? T[Path]
        : never
    : never

/** The field paths of a zod schema's output. */
export type SchemaPath<Schema extends $ZodType> = FieldPath<output<Schema>>

/** The type of the field at `Path` of a zod schema's output. */
export type SchemaValue<Schema extends $ZodType, Path extends string> = FieldValue<
  output<Schema>,
  Path
>

/** The paths of `T` whose field is a list of objects: what `each` moves fields inside of. */
export type ListPath<T> = {
  [Path in FieldPath<T>]: NonNullable<FieldValue<T, Path>> extends readonly (infer Item)[]
    ? NonNullable<Item> extends object
      ? Path
      : never
    : never
}[FieldPath<T>]

/** One item of the list at `Path` in `T`. */
export type ListItem<T, Path extends string> =
  NonNullable<FieldValue<T, Path>> extends readonly (infer Item)[] ? NonNullable<Item> : never
