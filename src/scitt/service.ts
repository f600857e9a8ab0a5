// Owns the SCITT area's public API (docs/scitt.md): registration, the entries' receipts and Transparent Statements,
// the issuers.
import { ApiError } from '../errors';
import { uuidParam } from '../params';
import { recordReceiptIfCovered, recordReceipts, retryAfterSeconds, type RecordLeaf } from '../tlog/index';
import { readSignedStatement, transparentStatement } from '../verify/signed-statement';
import { findStatement } from './kind';
import type { StatementRow } from './model';

export { registerStatement, STATEMENT_MAX_BYTES } from './register';
export { statementApplier, STATEMENT_REGISTER } from './append';
export { addIssuer, listIssuers, revokeIssuer, type AddIssuerIn } from './issuers';

/** The entry `id` names (of any tenant: entry ids are global); 400 for an id that is not a UUID, 404 entry_not_found. */
function entry(id: string): StatementRow {
  const row = findStatement(uuidParam(id, 'entry id'));
  if (!row) throw new ApiError('entry_not_found', `No entry ${id} is registered here`);
  return row;
}

const leafOf = (row: StatementRow): RecordLeaf => ({
  tenantId: row.tenant_id,
  leafIndex: row.leaf_index,
  id: row.entry_id,
});

/** What GET /entries/{id} answers: the receipt once a checkpoint covers the entry, else the seconds to wait. */
export type EntryState = { entry_id: string; receipt: Uint8Array } | { entry_id: string; retryAfter: number };

/**
 * The entry's COSE Receipt of inclusion in its tenant's log (docs/scitt.md#receipts), or how long to wait for the
 * checkpoint that will cover it. 404 entry_not_found.
 */
export function entryState(id: string): EntryState {
  const row = entry(id);
  return registeredState(row.tenant_id, row.entry_id, row.leaf_index);
}

/** entryState of an entry just registered, from its leaf index: the entry is not read again. */
export function registeredState(tenantId: string, entryId: string, leafIndex: number | null): EntryState {
  const receipt = recordReceiptIfCovered({ tenantId, leafIndex, id: entryId });
  return receipt ? { entry_id: entryId, receipt } : { entry_id: entryId, retryAfter: retryAfterSeconds() };
}

/**
 * GET /entries/{id}/statement: the Transparent Statement (docs/scitt.md#the-transparent-statement), the registered
 * form with its receipts in unprotected header 394: the log receipt, then, once the head that holds its checkpoint is
 * published, that checkpoint's receipt in the head. Another tenant's entry is 404 entry_not_found, as an unknown one;
 * 409 leaf_pending until a checkpoint covers it.
 */
export function transparentStatementOf(tenantId: string, id: string): Uint8Array {
  const row = entry(id);
  if (row.tenant_id !== tenantId) throw new ApiError('entry_not_found', `No entry ${id} is registered here`);
  const s = readSignedStatement(row.statement);
  if (!s.ok) throw new Error(`entry ${row.entry_id}: its registered form no longer reads (${s.detail})`);
  return transparentStatement(s.statement, recordReceipts(leafOf(row)));
}
