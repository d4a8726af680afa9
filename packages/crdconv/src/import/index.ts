/** `crdconv import`: zod modules from an existing CRD, checked by regenerating it, written into a project. */
export {
  ANNOTATIONS_LEFT_OUT,
  planCrdMetadata,
  type LeftOutAnnotation,
} from './crd-metadata-plan.ts'
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
export { importSummary, writeIntoProject } from './import-into-project.ts'
export { projectFromCrds, type ProjectFromCrds } from './project-from-crds.ts'
export { readCrdDocuments, type CrdDocument, type CrdInput } from './read-crd-documents.ts'
export { wireDescriptions, wireIntoScheme, type SchemeWiring } from './scheme-wiring.ts'
export { TODO_CATEGORIES, todoCategory, type TodoCategory } from './todo-summary.ts'
