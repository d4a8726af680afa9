/** The webhook's path token on the tooling side: made, found in files and the environment, checked by the runtime's rule, and redacted from what the CLI prints. */
export { TOKEN_HELPER, TOKEN_SECRET } from './chart-token.ts'
export {
  generatePathToken,
  PROJECT_TOKEN_FILE,
  PROJECT_TOKEN_IN_SCRIPT,
  projectTokenFile,
} from './path-token-file.ts'
export {
  findPathToken,
  projectFileTokens,
  type FoundPathToken,
  type ProjectFileTokens,
} from './project-token.ts'
export { redactingIo, redactPathTokens } from './redact-path-tokens.ts'
export { readTokenFile, tokensInFile } from './token-file.ts'
