// Owns reading a saved GET /keys/{domain} answer (DECISIONS 7): the raw Ed25519 public keys a domain publishes.
// Pure (no node:crypto, no Buffer), so the CLI, `svc verify` and the browser pages read the answer alike.
import { isPlainObject } from './json-value';

/** Bytes of unpadded base64url text (RFC 4648 section 5, as the key records write it); null when malformed. */
export function fromBase64url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return null;
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The raw 32-byte public keys of a GET /keys/{domain} answer, current and retired; malformed entries are skipped. */
export function publishedKeyBytes(answer: unknown): Uint8Array[] {
  if (!isPlainObject(answer) || !Array.isArray(answer.keys)) return [];
  return answer.keys.flatMap((k) => {
    const raw = isPlainObject(k) && typeof k.public_key === 'string' ? fromBase64url(k.public_key) : null;
    return raw && raw.length === 32 ? [raw] : [];
  });
}
