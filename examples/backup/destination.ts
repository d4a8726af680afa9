/** A v1 Backup's address: `bucket` and `prefix`, either may be absent. */
export interface BucketAndPrefix {
  bucket?: string
  prefix?: string
}

/** Splits `bucket/prefix` at the first `/`; without one, it is all bucket. */
export function splitDestination(destination: string): BucketAndPrefix {
  const slash = destination.indexOf('/')
  if (slash === -1) return { bucket: destination }
  return { bucket: destination.slice(0, slash), prefix: destination.slice(slash + 1) }
}

/**
 * Joins what `splitDestination` splits; `undefined` when both are absent. Only a bucket without
 * `/` joins back to the same two fields: `lossless` says whether this one does.
 */
export function joinDestination({ bucket, prefix }: BucketAndPrefix): {
  destination: string | undefined
  lossless: boolean
} {
  if (bucket === undefined && prefix === undefined)
    return { destination: undefined, lossless: true }
  const destination = prefix === undefined ? (bucket as string) : `${bucket ?? ''}/${prefix}`
  const back = splitDestination(destination)
  return { destination, lossless: back.bucket === bucket && back.prefix === prefix }
}
