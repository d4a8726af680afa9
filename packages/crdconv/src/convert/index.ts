/** `crdconv convert`: manifests converted offline by the scheme, other documents kept as written. */
export { convertManifests } from './manifest-conversion.ts'
