import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The files a test API server needs, all PEM, written into one directory. */
export interface TestApiServerCertificates {
  /** The CA that signs the API server's serving certificate and the admin client certificate. */
  readonly caCert: string
  readonly caKey: string
  /** Serving certificate of kube-apiserver: `IP:127.0.0.1, DNS:localhost`. */
  readonly servingCert: string
  readonly servingKey: string
  /** Client certificate of the admin user, `O=system:masters`. */
  readonly adminCert: string
  readonly adminKey: string
  /** RSA key pair that signs and checks service account tokens. */
  readonly serviceAccountKey: string
  readonly serviceAccountPublicKey: string
}

/** A serving certificate for `127.0.0.1` and `localhost`, signed by a test CA: paths to PEM files. */
export interface ServingCertificate {
  readonly cert: string
  readonly key: string
  /** The CA certificate to trust, as the CRD's `caBundle` (base64 of this file's text). */
  readonly caCert: string
  /** The CA's key, to issue the next serving certificate from the same CA (a renewal). */
  readonly caKey?: string
}

async function openssl(args: readonly string[]): Promise<void> {
  try {
    await run('openssl', [...args])
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`openssl ${args[0]} failed (is the openssl CLI installed?): ${reason}`)
  }
}

async function newKey(path: string): Promise<void> {
  await openssl([
    'genpkey',
    '-algorithm',
    'EC',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-out',
    path,
  ])
}

/** Signs a new key's certificate for `subject` with the CA; `extensions` is an openssl config. */
async function signedCertificate(
  directory: string,
  name: string,
  subject: string,
  extensions: string,
  ca: { cert: string; key: string }
): Promise<{ cert: string; key: string }> {
  const key = join(directory, `${name}.key`)
  const request = join(directory, `${name}.csr`)
  const cert = join(directory, `${name}.crt`)
  const extensionFile = join(directory, `${name}.ext`)
  await newKey(key)
  await writeFile(extensionFile, extensions)
  await openssl(['req', '-new', '-key', key, '-subj', subject, '-out', request])
  await openssl([
    'x509',
    '-req',
    '-in',
    request,
    '-CA',
    ca.cert,
    '-CAkey',
    ca.key,
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    extensionFile,
    '-out',
    cert,
  ])
  return { cert, key }
}

async function newCertificateAuthority(
  directory: string,
  name: string
): Promise<{ cert: string; key: string }> {
  const key = join(directory, `${name}.key`)
  const cert = join(directory, `${name}.crt`)
  await newKey(key)
  await openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    key,
    '-subj',
    `/CN=${name}`,
    '-days',
    '2',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign,digitalSignature',
    '-out',
    cert,
  ])
  return { cert, key }
}

/** Serving extensions for loopback, and for `dnsNames` too (`pool-webhook.pools.svc`, as a `service` clientConfig is called). */
function servingExtensions(dnsNames: readonly string[] = []): string {
  const names = ['localhost', ...dnsNames].map((name) => `DNS:${name}`).join(',')
  return [
    'basicConstraints=CA:FALSE',
    'keyUsage=critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage=serverAuth',
    `subjectAltName=IP:127.0.0.1,${names}`,
    '',
  ].join('\n')
}

const SERVING_EXTENSIONS = servingExtensions()

/** A client certificate for `user` in `groups` (the `O=` fields), signed by the test CA. */
export async function writeClientCertificate(
  directory: string,
  user: string,
  groups: readonly string[],
  ca: { cert: string; key: string }
): Promise<{ cert: string; key: string }> {
  const subject = [...groups.map((group) => `/O=${group}`), `/CN=${user}`].join('')
  const extensions =
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n'
  return signedCertificate(directory, `user-${user}`, subject, extensions, ca)
}

/** Makes a CA, the API server's and the admin's certificates and the service account keys. */
export async function writeTestApiServerCertificates(
  directory: string
): Promise<TestApiServerCertificates> {
  const { ca, serving } = await servingCertificateWithCa(
    directory,
    'ca',
    'apiserver',
    'kube-apiserver'
  )
  const admin = await writeClientCertificate(
    directory,
    'crdconv-test-admin',
    ['system:masters'],
    ca
  )
  const serviceAccountKey = join(directory, 'sa.key')
  const serviceAccountPublicKey = join(directory, 'sa.pub')
  await openssl([
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-out',
    serviceAccountKey,
  ])
  await openssl(['pkey', '-in', serviceAccountKey, '-pubout', '-out', serviceAccountPublicKey])
  return {
    caCert: ca.cert,
    caKey: ca.key,
    servingCert: serving.cert,
    servingKey: serving.key,
    adminCert: admin.cert,
    adminKey: admin.key,
    serviceAccountKey,
    serviceAccountPublicKey,
  }
}

/**
 * A CA of its own and a serving certificate for `127.0.0.1`/`localhost` signed by it, in
 * `directory`: what a conversion webhook on loopback needs, the CA going into the CRD's `caBundle`.
 * With `issuer`, a new key and certificate from that CA instead: a renewal the same CA still trusts.
 * `dnsNames` go into it too: `pool-webhook.pools.svc` for a webhook behind a `service` clientConfig.
 *
 * @example
 * ```ts
 * const tls = await writeServingCertificate(directory)
 * // crdconv serve --tls-cert tls.cert --tls-key tls.key; crdconv crd --ca-bundle tls.caCert
 * ```
 */
export async function writeServingCertificate(
  directory: string,
  issuer?: { readonly caCert: string; readonly caKey: string },
  dnsNames: readonly string[] = []
): Promise<ServingCertificate> {
  const extensions = servingExtensions(dnsNames)
  if (issuer !== undefined) {
    const ca = { cert: issuer.caCert, key: issuer.caKey }
    const serving = await signedCertificate(directory, 'webhook', '/CN=localhost', extensions, ca)
    return { ...serving, caCert: ca.cert, caKey: ca.key }
  }
  const { ca, serving } = await servingCertificateWithCa(
    directory,
    'webhook-ca',
    'webhook',
    'localhost',
    extensions
  )
  return { ...serving, caCert: ca.cert, caKey: ca.key }
}

/** A new CA named `caName` and a loopback serving certificate `name` for `commonName` signed by it. */
async function servingCertificateWithCa(
  directory: string,
  caName: string,
  name: string,
  commonName: string,
  extensions: string = SERVING_EXTENSIONS
) {
  const ca = await newCertificateAuthority(directory, caName)
  const serving = await signedCertificate(directory, name, `/CN=${commonName}`, extensions, ca)
  return { ca, serving }
}
