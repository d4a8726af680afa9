/** The webhook as a Cloudflare Worker's `export default`.
 * @module
 */
export { workerApp } from './worker-app.ts'
