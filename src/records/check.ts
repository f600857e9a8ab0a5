// Owns the one row check of every signed record kind (proofs, restore verification, the console, the log scans):
// the kind's entry rebuilds the signed bytes and recomputes the content hashes, verify/records checks (pure).
import { nodePrimitives } from '../verify/node-primitives';
import { checkStoredRow } from '../verify/records';
import type { RecordKind } from './table';

/** The row's signed bytes rebuilt from its columns (null when a column no longer parses) and whether the content hashes they carry hold. */
export function rebuildRow<Row>(kind: RecordKind<Row>, row: Row): { bytes: Uint8Array | null; contentOk: boolean } {
  try {
    const bytes = kind.signedBytes(row);
    return { bytes, contentOk: kind.contentOk(row, bytes) };
  } catch {
    return { bytes: null, contentOk: false };
  }
}

/**
 * The row as its proof checks it: rebuilt bytes, content hashes, the stored copy of the bytes (where kept) and the
 * Ed25519 signature by the tenant's published key of the row's key_id, never a key copied on the row (for a kind
 * signed by someone else, its own check with the key the tenant registered for the signer).
 */
export function checkRow<Row>(
  kind: RecordKind<Row>,
  row: Row,
  publishedKey: (tenantId: string, keyId: string) => Uint8Array | undefined,
) {
  const { bytes, contentOk } = rebuildRow(kind, row);
  const s = kind.signature(row);
  if (kind.signedByOther) {
    const signatureOk = !!bytes && kind.signedByOther(row, bytes);
    return { bytes, ...checkStoredRow(nodePrimitives, { bytes, stored: s.stored, contentOk, signatureOk }) };
  }
  const publicKey = publishedKey(kind.placement(row).tenant_id, s.key_id) ?? null;
  return {
    bytes,
    ...checkStoredRow(nodePrimitives, { bytes, stored: s.stored, contentOk, publicKey, signature: s.signature }),
  };
}
