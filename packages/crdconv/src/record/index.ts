/** `crdconv record`: a CRD's objects read from a cluster at every served version, cleaned of the server's fields and of secrets, into a corpus folder. */
export { recordResource, type RecordOptions, type RecordSummary } from './record-resource.ts'
export { redactObject, redactPathProblem, type Redacted, type RedactionRules } from './redaction.ts'
export { LAST_APPLIED, withoutServerFields } from './recorded-object.ts'
export { sameShape, type SameShape } from './same-shape.ts'
export { secretByName, secretByShape } from './secret-values.ts'
