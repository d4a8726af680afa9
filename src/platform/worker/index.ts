export { workerApp } from './worker-app.ts'
