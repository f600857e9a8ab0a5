// Owns the first-start migration of the transparency logs: records written before the logs existed are added
// to their tenant or org log once, in their existing order (tenant: ledger events, AI attestations, documents
// and seals merged by service timestamp then id; org: seq order). Idempotent and safe to interrupt.
import { log } from '../log';
import { transact } from '../store/env';
import { sha256Raw } from '../crypto/hash';
import { leafHash } from '../verify/merkle';
import { kindsOfLog, recordTable } from '../records/table';
import { appendMigratedLeavesInTxn, logNumInTxn } from './append';
import { heads, meta, migratedRefs } from './repo';

const sha = (d: Uint8Array): Uint8Array => sha256Raw(d);
const CHUNK = 20000;
const DONE = 'migration-v1';

type Pending = { ts: string; id: string; kind: string; hash: Uint8Array };
export type MigrationReport = {
  tenant_leaves: number;
  org_leaves: number;
  purged_placeholders: number;
  logs: number;
  ms: number;
};

/** Unlogged records of every tenant (the record table's tenant-log kinds), leaf hashes computed from the signed bytes their signature covers. */
function unlogged(): Map<string, Pending[]> {
  const by = new Map<string, Pending[]>();
  const add = (tenantId: string, p: Pending) => {
    let a = by.get(tenantId);
    if (!a) by.set(tenantId, (a = []));
    a.push(p);
  };
  for (const kind of kindsOfLog('tenant')) {
    if (!kind.ref || !kind.logged) continue;
    for (const r of kind.logged())
      if (r.leaf_index === null)
        add(r.tenant_id, { ts: r.at, id: r.id, kind: kind.ref, hash: leafHash(sha, r.signed_bytes) });
  }
  return by;
}

async function migrateTenant(tenantId: string, records: Pending[]): Promise<number> {
  records.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const num = await transact(() => logNumInTxn(tenantId, null));
  // An interrupted run logged a prefix of this same order (no writer runs before the migration is done):
  // skip what is there, checking each record only when something is.
  const todo =
    (heads().get(num) ?? 0) === 0 ? records : records.filter((r) => migratedRefs().get([num, r.id]) === undefined);
  for (let i = 0; i < todo.length; i += CHUNK) {
    const batch = todo.slice(i, i + CHUNK).map((r) => ({ hash: r.hash, ref: `${r.kind}:${r.id}`, id: r.id }));
    await transact(() => appendMigratedLeavesInTxn(num, batch));
  }
  return todo.length;
}

/** Org log: seqs from its head to the org's last seq; a seq purged before the logs existed gets a placeholder. */
async function migrateOrg(tenantId: string, orgId: string): Promise<{ leaves: number; purged: number }> {
  const orgs = recordTable().orgs;
  const last = orgs.lastSeq(tenantId, orgId);
  if (last === 0) return { leaves: 0, purged: 0 };
  const num = await transact(() => logNumInTxn(tenantId, orgId));
  let purged = 0;
  let from = (heads().get(num) ?? 0) + 1;
  const start = from;
  while (from <= last) {
    const to = Math.min(last, from + CHUNK - 1);
    const batch: Array<{ hash: Uint8Array; ref: null; id: null }> = [];
    for (let seq = from; seq <= to; seq++) {
      const bytes = orgs.signedBytesAt(tenantId, orgId, seq);
      if (bytes === 'unavailable' || bytes === null) purged++;
      batch.push({
        hash: leafHash(sha, bytes === 'unavailable' || bytes === null ? new Uint8Array(0) : bytes),
        ref: null,
        id: null,
      });
    }
    await transact(() => {
      if ((heads().get(num) ?? 0) !== from - 1) throw new Error('org log moved during its migration');
      appendMigratedLeavesInTxn(num, batch);
    });
    from = to + 1;
  }
  return { leaves: last - start + 1, purged };
}

/**
 * Boot step, before the writers start: logs every record written before the transparency logs existed.
 * Returns null when it already ran; otherwise what it added (also logged).
 */
export async function migrateLogs(): Promise<MigrationReport | null> {
  if (meta().get(DONE)) return null;
  const t0 = performance.now();
  const report: MigrationReport = { tenant_leaves: 0, org_leaves: 0, purged_placeholders: 0, logs: 0, ms: 0 };
  for (const [tenantId, records] of unlogged()) {
    report.tenant_leaves += await migrateTenant(tenantId, records);
    report.logs++;
  }
  for (const [tenantId, orgId] of recordTable().orgs.all()) {
    const r = await migrateOrg(tenantId, orgId);
    report.org_leaves += r.leaves;
    report.purged_placeholders += r.purged;
    if (r.leaves) report.logs++;
  }
  await transact(() => meta().putSync(DONE, { at: new Date().toISOString(), ...report }));
  report.ms = Math.round(performance.now() - t0);
  log('info', 'transparency logs: records written before them were logged', report);
  return report;
}
