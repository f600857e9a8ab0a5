// Owns what every Idempotency-Key shares (docs/api.md#idempotency): the key's form and the 24-hour window in which
// a key and the answer it produced are kept.
import { ApiError } from './errors';
import { headerText } from './crypto/utf8';

export const IDEM_TTL_MS = 24 * 3_600_000;

/** True while an idempotency record made at `at` (ms) still answers for its key at `now`. */
export const idemLive = (at: number, now: number = Date.now()): boolean => now - at < IDEM_TTL_MS;

const utf8 = new TextEncoder();

/** An Idempotency-Key is 1-128 bytes of UTF-8 after trimming (audit ingest has its own rule); null when absent. */
export function checkIdempotencyKey(raw: string | null): string | null {
  if (raw === null) return null;
  const k = headerText(raw)?.trim();
  if (k === undefined) throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be UTF-8');
  const bytes = utf8.encode(k).length;
  if (bytes < 1 || bytes > 128) throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1-128 bytes');
  return k;
}
