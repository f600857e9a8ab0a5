// Owns the SCITT statement's entry in the record table: how the tenant logs, restore verification and the row check
// find, place and rebuild a registered statement. Its leaf data is its registered form; it is signed by its issuer, so
// the row check verifies that signature with the key the tenant registered for the issuer, revoked or not.
import { sha256Hex } from '../crypto/hash';
import { isUuid } from '../crypto/ids';
import { issuerSignatureOk } from '../crypto/issuer-keys';
import type { RecordKind } from '../records/table';
import { inTenantLog } from '../records/tenant-kind';
import { readSignedStatement, registeredForm, statementToBeSigned } from '../verify/signed-statement';
import { issuerKey } from './issuers';
import type { StatementRow } from './model';
import { statementRows } from './repo';

/** Every registered statement, in key order (restore verification). */
function* allStatements(): Generator<StatementRow> {
  for (const e of statementRows().range({})) yield e.value;
}

export const findStatement = (id: string): StatementRow | undefined =>
  isUuid(id) ? statementRows().get(id.toLowerCase()) : undefined;

/** The row's statement as read again from its registered form; throws when it no longer reads. */
function reread(r: StatementRow) {
  const s = readSignedStatement(r.statement);
  if (!s.ok) throw new Error(`statement ${r.entry_id}: ${s.detail}`);
  return s.statement;
}

export const statementKind: RecordKind<StatementRow> = {
  ...inTenantLog('statement', 'SCITT statement', 's', findStatement, (r) => r.entry_id),
  // The registered form rebuilt from the statement the row keeps: read again, then encoded with an empty unprotected header.
  signedBytes: (r) => registeredForm(reread(r)),
  contentOk(r, bytes) {
    const s = readSignedStatement(bytes);
    return s.ok && s.statement.iss === r.iss && s.statement.sub === r.sub && sha256Hex(bytes) === r.statement_sha256;
  },
  signature(r) {
    const s = readSignedStatement(r.statement);
    return {
      key_id: r.issuer_key_id,
      signature: s.ok ? s.statement.signature : new Uint8Array(0),
      stored: r.statement,
    };
  },
  signedByOther(r, bytes) {
    const key = issuerKey(r.tenant_id, r.iss, r.issuer_key_id);
    const s = readSignedStatement(bytes);
    return (
      !!key && s.ok && issuerSignatureOk(key.alg, key.spki, statementToBeSigned(s.statement), s.statement.signature)
    );
  },
  rows: allStatements,
};
