// Owns the ledger event's entry in the record table: how the logs, trace bundles and row checks find, place and
// rebuild an event.
import { canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { ledgerSignedPayload } from '../crypto/signed';
import type { RecordKind } from '../records/table';
import { inTenantLog } from '../records/tenant-kind';
import { pinnedPublicKey } from '../signing/keys';
import { findLedgerRow } from './query';
import { ledgerRows, type LedgerRow } from './repo';

export const ledgerEventKind: RecordKind<LedgerRow> = {
  ...inTenantLog('ledger_event', 'ledger event', 'e', findLedgerRow, (r) => r.event_id),
  // Rebuilt from the columns by ledgerSignedPayload when the row is decoded (repo.ts): rows keep no copy.
  signedBytes: (r) => r.signed_bytes,
  signedPayload: (f) => ledgerSignedPayload(f as Parameters<typeof ledgerSignedPayload>[0]),
  contentOk: (r) => sha256Hex(canonicalJson(r.payload)) === r.payload_hash,
  signature: (r) => ({ key_id: r.key_id, signature: r.signature, stored: null }),
  rows: () => ledgerRows.all(pinnedPublicKey),
  logged: () => ledgerRows.signed(),
  bundleItem: (r) => ({
    payload: r.payload,
    key_id: r.key_id,
    public_key: r.public_key,
    signature: r.signature,
    signed_payload: r.signed_bytes,
  }),
};
