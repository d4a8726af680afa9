// The path token `crdconv init` makes for a new project, and the one file that holds it: wrangler's
// `.dev.vars` (gitignored), which `wrangler dev` reads, every deploy script sends to its platform,
// and `crdconv crd` and `probe` add to the URL.
import { randomBytes } from 'node:crypto'
import { SETTING_VARIABLES } from '@crdconv/webhook/http'

/** The project's token file, beside package.json. */
export const PROJECT_TOKEN_FILE = '.dev.vars'

/** The token of `.dev.vars` in a package.json script (sh on Linux and macOS). */
export const PROJECT_TOKEN_IN_SCRIPT = `"$(sed -n 's/^${SETTING_VARIABLES.tokens[0]}=//p' ${PROJECT_TOKEN_FILE})"`

/** What makes a path token every target accepts, the chart included: 48 hex digits. */
export const TOKEN_COMMAND = 'openssl rand -hex 24'

/**
 * A new path token: 24 random bytes as 48 hex digits (as {@link TOKEN_COMMAND} gives): inside the
 * webhook's alphabet and above its 32 characters, and a DNS label, as the chart's CRD service
 * path needs (at most 63 of a-z 0-9).
 */
export function generatePathToken(): string {
  return randomBytes(24).toString('hex')
}

/** The text of `.dev.vars` holding `token`. */
export function projectTokenFile(token: string): string {
  return `# The webhook's path token: the secret last segment of its URL. Keep this file out of version
# control (.gitignore has it). \`wrangler dev\` reads it; npm run deploy:* send it to the platform;
# \`crdconv crd\` and \`crdconv probe\` add it to --url. A second token for rotation:
# ${SETTING_VARIABLES.tokens[1]}=… (docs: security.md, rotating the token).
${SETTING_VARIABLES.tokens[0]}=${token}
`
}
