/** How counts and shell words read in what crdconv prints; pure, so the kit and the CRD generator use it too. */
export { allOf, countOf, nounFor, shellWord, withArticle } from './wording.ts'
