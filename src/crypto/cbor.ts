// Owns CBOR for everything the appliance writes and reads (docs/verification.md#17-cbor): RFC 8949 core deterministic
// encoding through cbor2, and a decoder that reads exactly one well-formed data item. Pure, no I/O.
import { decode, encode, Tag, TypeEncoderMap } from 'cbor2';

export { Tag };

/**
 * The RFC 8949 §4.2.1 core deterministic encoding of `value`: every integer, length and tag in its shortest form,
 * definite lengths only, map keys sorted by the bytewise lexicographic order of their own encodings (not RFC 7049's
 * length-first order). Integer-keyed maps must be `Map`s (a plain object's keys are text). Throws on a value CBOR
 * cannot hold (undefined, a function).
 */
export function encodeCbor(value: unknown): Uint8Array {
  return encode(value, OPTIONS);
}

// A Node.js Buffer is a byte string like any Uint8Array (cbor2 would otherwise write its toJSON() map). Browsers
// have no Buffer: the pages bundle this file too.
const BYTES = new TypeEncoderMap();
if (typeof Buffer !== 'undefined')
  BYTES.registerEncoder(Buffer, (b) => [Number.NaN, new Uint8Array(b.buffer, b.byteOffset, b.byteLength)]);
// cbor2 writes into chunks of this many bytes, 4096 unless told: what the appliance encodes (receipts, statements,
// key sets) is about 1 KB, and the smaller chunk halves the garbage a receipt leaves (docs/transparency-logs.md#figures).
const OPTIONS = { cde: true, rejectUndefined: true, types: BYTES, chunkSize: 2048 };

/**
 * The one data item `bytes` hold: maps with a key that is not text come back as `Map`, byte strings as
 * `Uint8Array`, tags as `Tag` (no tag is interpreted). Throws on malformed or truncated input, on bytes after the
 * item, on indefinite lengths and on nesting deeper than 64.
 */
export function decodeCbor(bytes: Uint8Array): unknown {
  return decode(bytes, { ignoreGlobalTags: true, rejectStreaming: true, maxDepth: 64 });
}

/**
 * decodeCbor for COSE structures (RFC 9052 §3: a header map holds each label once): every map comes back as a `Map`,
 * whatever its keys, and a map with a repeated key is refused.
 */
export function decodeCborMaps(bytes: Uint8Array): unknown {
  return decode(bytes, {
    ignoreGlobalTags: true,
    rejectStreaming: true,
    maxDepth: 64,
    preferMap: true,
    rejectDuplicateKeys: true,
  });
}
