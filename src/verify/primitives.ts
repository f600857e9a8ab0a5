// Owns the primitive types every pure check takes as parameters: node:crypto on the server and in the CLI,
// @noble (synchronous) in the browser bundles, so one implementation of each check serves all of them.

/** SHA-256 of `data`, the raw 32-byte digest. */
export type Sha256 = (data: Uint8Array) => Uint8Array;
/** Strict RFC 8032 Ed25519 verification of `signature` over `message` under a raw 32-byte public key; never throws. */
export type Ed25519Verify = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;
export type Primitives = { sha256: Sha256; verify: Ed25519Verify };

const HEX_DIGITS = '0123456789abcdef';
// On the server Buffer's native encoder makes one string where the loop below makes one per byte (proof routes
// print dozens of hashes per request); browsers have no Buffer and take the loop.
const nativeHex =
  typeof Buffer === 'undefined'
    ? null
    : (b: Uint8Array): string =>
        (b instanceof Buffer ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)).toString('hex');
export function toHex(b: Uint8Array): string {
  if (nativeHex) return nativeHex(b);
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX_DIGITS[b[i]! >> 4]! + HEX_DIGITS[b[i]! & 15]!;
  return s;
}
/** Bytes of a lowercase hex string; null when malformed. */
export function fromHex(s: string): Uint8Array | null {
  if (typeof s !== 'string' || s.length % 2 !== 0 || !/^[0-9a-f]*$/.test(s)) return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a[i]! ^ b[i]!;
  return d === 0;
}
/** Standard (RFC 4648 §4, padded) base64, as signed notes and checkpoints use it. */
export function toBase64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]!);
  return btoa(s);
}
/**
 * Bytes of standard padded base64 in its one canonical spelling (unused bits zero); null otherwise
 * (docs/verification.md#signed-notes: the note format and the proofs allow no other spelling).
 */
export function fromBase64(s: string): Uint8Array | null {
  if (typeof s !== 'string' || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return null;
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return btoa(bin) === s ? out : null;
}
/** Bytes of base64url without padding (RFC 4648 §5), as /keys/{domain} writes public keys; null when malformed. */
export function fromBase64Url(s: string): Uint8Array | null {
  if (typeof s !== 'string' || !/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return null;
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}

const MAX_VERDICTS = 4096;
const memoized = new WeakMap<Primitives, Primitives>();
/**
 * `p` with its Ed25519 verdicts remembered per (public key, SHA-256 of the message, signature): the records of one
 * head share their log checkpoint note, the head note and its cosignatures, so a verifier checking many proofs (a
 * trace's items, a batch of saved proofs) verifies each of those once. Sound because a verdict depends on nothing
 * else. Bounded: the oldest verdicts go first. The same wrapper is returned for the same `p`.
 */
export function rememberVerdicts(p: Primitives): Primitives {
  let m = memoized.get(p);
  if (m) return m;
  const seen = new Map<string, boolean>();
  m = {
    sha256: p.sha256,
    verify: (pk, msg, sig) => {
      const k = `${toHex(pk)}.${toHex(p.sha256(msg))}.${toHex(sig)}`;
      let v = seen.get(k);
      if (v === undefined) {
        seen.set(k, (v = p.verify(pk, msg, sig)));
        if (seen.size > MAX_VERDICTS) seen.delete(seen.keys().next().value!);
      }
      return v;
    },
  };
  memoized.set(p, m);
  memoized.set(m, m);
  return m;
}
