// A Worker entry as an XRD's author writes it (wrangler.toml's `main`): one Worker serving the
// composite resource and the claim of the XRD in crossplane-xrds.ts.
import { workerApp } from '@crdconv/webhook/worker'
import { databaseXrdScheme } from './crossplane-xrds.ts'

export default workerApp(databaseXrdScheme())
