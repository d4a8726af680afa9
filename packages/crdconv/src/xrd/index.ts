/** Crossplane XRDs on the tooling side: the XRD `crdconv crd` writes, with the conversion stanza. */
export {
  buildXrdManifest,
  retiredXrdManifest,
  type XrdBuild,
  type XrdManifest,
} from './xrd-manifest.ts'
export { xrdsInScheme, type XrdsInScheme } from './xrds-in-scheme.ts'
export { describeXrdOrigin, readXrdOrigin, xrdProblems, type XrdOrigin } from './xrd-status.ts'
export { checkXrds, holdsXrds, importXrds } from './import-xrds.ts'
