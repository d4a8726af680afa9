/** `crdconv import`: zod modules from an existing CRD, checked by regenerating it. */
export { crdDifferences, describeCrdDifference, type CrdDifference } from './crd-difference.ts'
export {
  checkCrds,
  importCrds,
  type CrdCheck,
  type ImportedFile,
  type ImportOptions,
  type ImportResult,
} from './import-crds.ts'
export {
  formatImportProblem,
  ImportError,
  NotCarriedError,
  type ImportProblem,
} from './import-problem.ts'
export { readCrdDocuments, type CrdDocument, type CrdInput } from './read-crd-documents.ts'
