import { isPlainObject, type Converter, type Resource } from '@crdconv/webhook/scheme'

/**
 * `resource` with each converter made to throw when it returns an object it already returned
 * for an earlier call. crdconv completes what a converter returns in place (apiVersion, kind,
 * metadata), so an object handed out twice would end up carrying the last object's metadata
 * in both answers. Returning the input itself is fine: the framework copies that one.
 */
export function requireFreshAnswers(resource: Resource): Resource {
  const returned = new WeakSet<object>()
  const guarded = new Map<Converter, Converter>()
  const guard = (converter: Converter): Converter => {
    let wrapped = guarded.get(converter)
    if (wrapped === undefined) {
      wrapped = {
        from: converter.from,
        to: converter.to,
        convert: (object, context) => {
          const answer = converter.convert(object, context)
          if (!isPlainObject(answer) || answer === object) return answer
          if (returned.has(answer)) {
            throw new Error(
              'it returned an object it had already returned for another object; crdconv completes the returned object in place, so build a new one on every call'
            )
          }
          returned.add(answer)
          return answer
        },
      }
      guarded.set(converter, wrapped)
    }
    return wrapped
  }
  const paths = new Map(
    [...resource.paths].map(([from, targets]) => [
      from,
      new Map([...targets].map(([to, path]) => [to, path.map(guard)])),
    ])
  )
  return { ...resource, converters: resource.converters.map(guard), paths }
}
