export {
  startTestApiServer,
  testApiServerAssets,
  type EtcdEntry,
  type TestApiServer,
  type TestApiServerOptions,
} from './test-api-server.ts'
export { writeServingCertificate, type ServingCertificate } from './test-api-server-certificates.ts'
