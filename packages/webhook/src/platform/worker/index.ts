/** The webhook as a Cloudflare Worker's `export default`. */
export { workerApp } from './worker-app.ts'
