// Default body limits per platform; the CONVERT_MAX_BODY_BYTES variable overrides them.

/**
 * Below the largest review that converts inside one 128 MiB Workers isolate (about 22 MiB of
 * dense objects, measured by `npm run measure:body-limit`), leaving room for a second large
 * review in the same isolate.
 */
export const WORKERS_MAX_BODY_BYTES = 8 * 1024 * 1024
