// Owns the idempotency window every ingest shares (SPEC: a key and the answer it produced are kept 24 hours).

export const IDEM_TTL_MS = 24 * 3_600_000;

/** True while an idempotency record made at `at` (ms) still answers for its key at `now`. */
export const idemLive = (at: number, now: number = Date.now()): boolean => now - at < IDEM_TTL_MS;
