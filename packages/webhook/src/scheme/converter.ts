import type {
  ConversionContext,
  ConvertedObject,
  ConverterBetween,
  ObjectAt,
  VersionMap,
} from './resource-definition.ts'

/**
 * One hand-written converter, typed by its two versions: `object` is what `from`'s schema
 * describes and the answer must be what `to`'s describes. A mistake shows as one error, at this
 * edge, never on a neighbouring one. Give the function its return type (`ConvertedObject`, as
 * below): TypeScript then checks every `return` on its own, so a wrong shape on one path is an
 * error even when another path returns the object as it came.
 *
 * @example
 * ```ts
 * const versions = { v1beta1: { schema: CronTabV1beta1, storage: true }, v1: { schema: CronTabV1 } }
 * type CronTab<Version extends keyof typeof versions> = ConvertedObject<typeof versions, Version>
 *
 * const cronTab = defineResource({
 *   group: 'example.com',
 *   kind: 'CronTab',
 *   versions,
 *   converters: [
 *     converter(versions, 'v1beta1', 'v1', ({ hostPort, ...rest }): CronTab<'v1'> => {
 *       if (hostPort === undefined) return rest
 *       const [host, port] = hostPort.split(':')
 *       return { ...rest, host, port }
 *     }),
 *     converter(versions, 'v1', 'v1beta1', ({ host, port, ...rest }): CronTab<'v1beta1'> => ({
 *       ...rest,
 *       hostPort: `${host ?? ''}:${port ?? ''}`,
 *     })),
 *   ],
 * })
 * ```
 */
export function converter<
  const Versions extends VersionMap,
  From extends keyof Versions & string,
  To extends Exclude<keyof Versions & string, From>,
>(
  versions: Versions,
  from: From,
  to: To,
  convert: (
    object: ObjectAt<Versions, From>,
    context: ConversionContext
  ) => ConvertedObject<Versions, To>
): ConverterBetween<Versions> {
  void versions
  return { from, to, convert } as unknown as ConverterBetween<Versions>
}
