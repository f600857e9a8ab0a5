// Owns the append of registered statements, run by the writer thread: inside one transaction, the registered form's
// claim (one entry per registered form of a tenant), a last look at the issuer's key (revoked meanwhile: nothing is
// written), the leaf in the tenant's log and the row.
import type { Applier } from '../store/writer-core';
import { appendTenantLeafInTxn } from '../tlog/index';
import { storeAnswerInTxn, type Created, type IdemClaim } from '../route-kit/idempotent';
import type { StatementRow } from './model';
import { byRegisteredForm, issuers, statementRows } from './repo';

export const STATEMENT_REGISTER = 'scitt.register';

export type StatementItem = Omit<StatementRow, 'v' | 'statement' | 'leaf_index'> & {
  /** The registered form as base64 (items travel to the writer as JSON). */
  statement: string;
  /** The request's Idempotency-Key and the answer to store under it with the entry (docs/api.md#idempotency). */
  replay?: { claim: IdemClaim; answer: Created };
};

/**
 * `created` false: the tenant had this registered form already (its entry) or the issuer's key was revoked. A new
 * entry's leaf index comes back with it, so the registration is answered without reading the entry again.
 */
export type StatementResult = { created: boolean; entry_id: string | null; leaf_index?: number };

export const statementApplier: Applier<StatementItem, StatementResult> = {
  prepare(data) {
    const { replay, ...fields } = data;
    const row: StatementRow = { v: 1, ...fields, statement: Buffer.from(data.statement, 'base64'), leaf_index: null };
    return {
      apply() {
        const claim: [string, string] = [row.tenant_id, row.statement_sha256];
        const existing = byRegisteredForm().get(claim);
        if (existing) return { created: false, entry_id: existing };
        if (issuers().get([row.tenant_id, row.iss, row.issuer_key_id])?.revoked_at !== null)
          return { created: false, entry_id: null };
        byRegisteredForm().putSync(claim, row.entry_id);
        row.leaf_index = appendTenantLeafInTxn(row.tenant_id, row.statement, `s:${row.entry_id}`);
        statementRows().appendInTxn(row.entry_id, row);
        if (replay) storeAnswerInTxn(replay.claim, replay.answer);
        return { created: true, entry_id: row.entry_id, leaf_index: row.leaf_index };
      },
    };
  },
};
