// Owns identifiers: UUIDv7 event ids, ULID audit ids, API key and secret plaintexts.
import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID.test(s);

/** A time-ordered UUID version 7 (docs/api.md#conventions). */
export const uuidv7 = (): string => Bun.randomUUIDv7();
export const uuidv4 = (): string => crypto.randomUUID();

const nextUlid = monotonicFactory();
/** A 26-character ULID, monotonic within this process. */
export const ulid = (): string => nextUlid();

/** `prefix` + 43 base64url characters of 32 random bytes (API keys, stream secrets). */
export function secretToken(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}
