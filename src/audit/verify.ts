// Owns audit verification: one event against the tenant's pinned key, and the org's integrity scan.
import { sha256Hex } from '../crypto/hash';
import { checkRow } from '../records/check';
import { pinnedPublicKey } from '../signing/keys';
import { logBlockFor, orgLogReport } from '../tlog/index';
import { checkCold, type SeqRange } from './cold';
import { signedDataOf } from './event-row';
import { getOrg, lastSeq, storageOf } from './orgs';
import { getRow, rowById } from './query';
import { countEvents, eventSeqs } from './repo';
import { auditEventKind } from './kind';
import type { AuditRow } from './model';

/**
 * GET /v1/audit/events/{id}/verify: rebuilds the signed bytes from the stored columns, recomputes the
 * hash and checks the signature with the tenant's key record for the row's key_id (never the key
 * copied on the row). Reasons: payload_hash_mismatch, key_unknown, signature_invalid.
 */
export function verifyAuditEvent(tenantId: string, id: string) {
  return verifyAuditRow(tenantId, rowById(tenantId, id));
}

function verifyAuditRow(tenantId: string, row: AuditRow) {
  let signed: ReturnType<typeof signedDataOf> | null = null;
  try {
    signed = signedDataOf(row);
  } catch {
    // A stored column is no longer valid JSON: the bytes cannot be rebuilt (reported as payload_hash_mismatch).
  }
  const check = checkRow(auditEventKind, { tenant_id: tenantId, row }, pinnedPublicKey);
  const reason = !check.contentOk
    ? 'payload_hash_mismatch'
    : !check.keyKnown
      ? 'key_unknown'
      : !check.signatureOk
        ? 'signature_invalid'
        : null;
  return {
    event_id: row.id,
    valid: reason === null,
    reason,
    schema: row.schema_id,
    payload_hash: row.payload_hash,
    computed_payload_hash: check.bytes ? sha256Hex(check.bytes) : null,
    signed_data: signed,
    key_source: 'tenant_keys',
    key_id: row.key_id,
    signature: row.signature.toString('hex'),
    log: logBlockFor(tenantId, { leaf_index: row.seq - 1, id: row.id }, row.org_id),
  };
}

const MAX_GAPS = 100;
const BLOCK = 1024;

/**
 * Missing seqs of from..to as merged inclusive ranges, at most MAX_GAPS + 1. Counts each block of
 * BLOCK seqs natively (no key decoded) and reads keys only in blocks that have holes.
 */
function findGaps(t: string, o: string, from: number, to: number): SeqRange[] {
  const gaps: SeqRange[] = [];
  const push = (a: number, b: number) => {
    const last = gaps[gaps.length - 1];
    if (last && last.to + 1 === a) last.to = b;
    else gaps.push({ from: a, to: b });
  };
  for (let a = from; a <= to && gaps.length <= MAX_GAPS; a += BLOCK) {
    const b = Math.min(to, a + BLOCK - 1);
    const n = countEvents(t, o, a, b);
    if (n === b - a + 1) continue;
    if (n === 0) {
      push(a, b);
      continue;
    }
    let next = a;
    for (const s of eventSeqs(t, o, a, b)) {
      if (s > next) push(next, s - 1);
      next = s + 1;
    }
    if (next <= b) push(next, b);
  }
  return gaps;
}

/** Counts hot rows in from..to; with `onProgress`, in 50 steps reporting the fraction done (console). */
function countInSteps(
  tenantId: string,
  orgId: string,
  from: number,
  to: number,
  onProgress?: (done: number) => void,
): number {
  if (!onProgress) return countEvents(tenantId, orgId, from, to);
  const step = Math.max(1, Math.ceil((to - from + 1) / 50));
  let n = 0;
  for (let a = from; a <= to; a += step) {
    n += countEvents(tenantId, orgId, a, Math.min(to, a + step - 1));
    onProgress((Math.min(to, a + step - 1) - from + 1) / (to - from + 1));
  }
  return n;
}

/**
 * GET /v1/audit/orgs/{id}/integrity and `svc audit integrity`: scans the hot range
 * (evacuated_through_seq + 1 .. last_seq) for holes and checks cold segments against the manifest.
 */
export function integrityReport(tenantId: string, orgId: string, onProgress?: (done: number) => void) {
  getOrg(tenantId, orgId);
  const last = lastSeq(tenantId, orgId);
  const st = storageOf(tenantId, orgId);
  const from = st.evacuated_through_seq + 1;
  const to = last;
  const expected = Math.max(0, to - from + 1);
  const count = expected ? countInSteps(tenantId, orgId, from, to, onProgress) : 0;
  const gaps = count === expected ? [] : findGaps(tenantId, orgId, from, to);
  const cold = checkCold(tenantId, orgId, st.purged_through_seq, st.evacuated_through_seq);
  // docs/transparency-logs.md#integrity-scans: every leaf rebuilt from its row (hot or cold), compared with the org log and its checkpoints.
  const logReport = orgLogReport(tenantId, orgId, (seq) => {
    if (seq <= st.purged_through_seq) return 'unavailable';
    const row = getRow(tenantId, orgId, seq);
    try {
      return row ? auditEventKind.signedBytes({ tenant_id: tenantId, row }) : null;
    } catch {
      return new Uint8Array(0); // a column that no longer parses: the leaf cannot match
    }
  });
  const cp = logReport.checkpoint;
  return {
    org_id: orgId,
    from,
    to,
    last_seq: last,
    evacuated_through_seq: st.evacuated_through_seq,
    count,
    expected,
    contiguous: gaps.length === 0,
    gaps: gaps.slice(0, MAX_GAPS),
    gaps_truncated: gaps.length > MAX_GAPS,
    note:
      `Scanned hot storage, seq ${from} to ${to}. A hole below the high-water mark proves deletion. ` +
      (cp
        ? `Every leaf of the org log was rebuilt from its row and checked against ${cp.tree_size} signed leaves: truncation of the newest events is detected up to seq ${cp.tree_size}; events after it are not yet covered by a signed checkpoint.`
        : 'No signed checkpoint covers this org yet: truncation of the newest events is not detectable.') +
      ' Cold segments were checked against their manifest.',
    log_verified: logReport.log_verified,
    first_bad_leaf: logReport.first_bad_leaf,
    tail_verified: logReport.tail_verified,
    checkpoint: cp,
    log_problems: logReport.problems,
    purged_through_seq: st.purged_through_seq,
    cold,
  };
}
