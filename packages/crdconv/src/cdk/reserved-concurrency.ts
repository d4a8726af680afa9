// How many instances of the webhook's function may run at once, on every Lambda deploy path (the
// CDK construct and the SAM template `init` writes). No aws-cdk-lib here: init imports it.

/**
 * Instances at once: a write makes about 10 reviews in flight (one per other served version) and
 * a LIST through the webhook one at a time, so 20 leaves room for a few clients at once; each
 * instance takes one review. A flood, even of 404s, then cannot take the concurrency the
 * account's other functions share. AWS keeps 100 of an account's concurrency unreserved: an
 * account whose quota is still 10 must raise it first, or go without (`reservedConcurrency: null`).
 */
export const DEFAULT_RESERVED_CONCURRENCY = 20
