// Owns SHA-256 helpers (node:crypto).
import { createHash } from 'node:crypto';

/** SHA-256 of `data` (a string is hashed as UTF-8) as 64 lowercase hex characters. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
/** SHA-256 of `data` as the raw 32-byte digest. */
export function sha256Raw(data: string | Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}
export const HEX64 = /^[0-9a-f]{64}$/;
