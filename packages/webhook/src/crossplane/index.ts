/** Crossplane XRDs: the composite resource and claim of an XRD, Crossplane's own fields typed as Crossplane's. */
export {
  crossplaneFields,
  type CompositeScope,
  type CrossplaneFields,
  type CrossplaneRole,
} from './crossplane-fields.ts'
export {
  defineXrd,
  xrdOf,
  type Xrd,
  type XrdDefinition,
  type XrdDocument,
  type XrdNames,
} from './crossplane-resources.ts'
