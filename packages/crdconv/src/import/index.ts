/** `crdconv import`: zod modules from an existing CRD, checked by regenerating it, written into a project. */
export { crdDifferences, describeCrdDifference, type CrdDifference } from './crd-difference.ts'
export {
  checkCrds,
  importCrds,
  type CrdCheck,
  DESCRIPTIONS_SUFFIX,
  PROJECT_MODULE_DIR,
  PROJECT_TEST_DIR,
  type ImportedFile,
  type ImportedResource,
  type ImportOptions,
  type ImportResult,
} from './import-crds.ts'
export {
  formatImportProblem,
  IMPORT_PROBLEM_CODES,
  ImportError,
  NotCarriedError,
  type ImportProblem,
  type ImportProblemCode,
} from './import-problem.ts'
export { writeIntoProject } from './import-into-project.ts'
export { readCrdDocuments, type CrdDocument, type CrdInput } from './read-crd-documents.ts'
export { wireDescriptions, wireIntoScheme, type SchemeWiring } from './scheme-wiring.ts'
export { TODO_CATEGORIES, todoCategory, type TodoCategory } from './todo-summary.ts'
