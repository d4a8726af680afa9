// What the Node server accepts over TLS: 1.2 and 1.3 only, and on 1.2 only forward-secret AEAD
// suites (ECDHE with AES-GCM or ChaCha20-Poly1305). Every API server release offers them; CBC
// suites, which OpenSSL still enables by default on 1.2, are refused.

/** The TLS 1.2 suites, in OpenSSL's names; TLS 1.3's own suites are all AEAD. */
export const TLS12_AEAD_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
] as const

/** TLS 1.3's suites, named so that a `ciphers` list naming only 1.2 suites leaves them on. */
export const TLS13_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
] as const

/**
 * Options for `https.createServer` and `setSecureContext`: the versions and suites above, in the
 * server's order of preference.
 *
 * @example
 * ```ts
 * https.createServer({ ...TLS_POLICY, cert, key })
 * ```
 */
export const TLS_POLICY = {
  minVersion: 'TLSv1.2',
  ciphers: [...TLS13_CIPHERS, ...TLS12_AEAD_CIPHERS].join(':'),
  honorCipherOrder: true,
} as const
