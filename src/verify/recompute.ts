// Owns the server's names for the hash recomputations a proof relies on (composite hash, AI payload_hash, seal payload,
// metadata_hash): the pure checks of verify/records.ts run on node:crypto, shared by writers and verifiers.
import { nodeSha256 } from './node-primitives';
import {
  aiPayloadHash,
  aiPayloadOf,
  compositeHash,
  metadataHash,
  sealPayloadOf,
  valueHash,
  type AiFields,
} from './records';

/**
 * docs/verification.md#7-trace-bundle: SHA-256 over the concatenation of the items' content hashes as raw 32-byte digests, in
 * bundle order. Throws when a content hash is not 64 lowercase hex characters.
 */
export const compositeHashOf = (contentHashes: readonly string[]): string => compositeHash(nodeSha256, contentHashes);

/** docs/verification.md#3-hashes-and-key-ids: input_hash / output_hash = SHA-256 of the UTF-8 string, or of the canonical bytes of any other JSON value. */
export const valueHashOf = (value: unknown): string => valueHash(nodeSha256, value);

export { aiPayloadOf, sealPayloadOf };
export const aiPayloadHashOf = (r: AiFields): string => aiPayloadHash(nodeSha256, r);

/** docs/verification.md#3-hashes-and-key-ids: a document's metadata_hash = SHA-256 hex of the canonical metadata, null when there is none. */
export const metadataHashOf = (metadata: unknown): string | null => metadataHash(nodeSha256, metadata);
