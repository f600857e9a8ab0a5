// Owns the full re-verification of a store (a restore, or a backup checked in place): every signed record
// with the checks its proof uses, every audit org's sequence and cold segments, the transparency logs, and
// that the master key opens every tenant's signing key.
import { randomBytes } from 'node:crypto';
import { checkRow } from '../records/check';
import { recordTable } from '../records/table';
import { nodeVerify } from '../verify/node-primitives';
import { progress } from './progress';
import { tenantLogReport } from '../tlog/index';

export type StoreReport = { records: number; problems: string[] };
const MAX_LISTED = 50;

/**
 * Transparency logs: every tenant log re-verified (leaves rebuilt from the records, roots against every stored
 * checkpoint, their signatures); the org logs are checked by the audit integrity report below.
 */
export function verifyLogsForRestore(): string[] {
  const problems: string[] = [];
  for (const tenantId of recordTable().tenants.ids()) {
    const r = tenantLogReport(tenantId);
    if (!r.log_verified || !r.tail_verified)
      problems.push(`tenant log of ${tenantId}: ${r.problems[0] ?? `first bad leaf ${r.first_bad_leaf}`}`);
  }
  return problems;
}

/**
 * Runs every check on the open store: every row of every record kind with the check its proof uses (records/check),
 * the audit orgs and the logs; `withMasterKey` also proves the master key decrypts each tenant key.
 */
export function verifyOpenStore(opts: { withMasterKey: boolean }): StoreReport {
  const { kinds, tenants, orgs } = recordTable();
  const problems: string[] = [];
  let failures = 0;
  const p = progress('verify: signatures', 'records');
  let records = 0;
  for (const kind of Object.values(kinds)) {
    if (!kind.rows) continue;
    for (const row of kind.rows()) {
      records++;
      if (records % 1000 === 0) p.set(records);
      if (checkRow(kind, row, tenants.publishedKey).valid) continue;
      failures++;
      if (problems.length < MAX_LISTED)
        problems.push(`${kind.label} ${kind.id(row)}: signature or hash does not verify`);
    }
  }
  p.set(records);
  p.done();
  if (failures > MAX_LISTED) problems.push(`... ${failures - MAX_LISTED} more records do not verify`);
  for (const [tenantId, orgId] of orgs.all()) {
    const r = orgs.integrity(tenantId, orgId);
    if (!r.log_verified || !r.tail_verified)
      problems.push(
        `audit org ${orgId} (tenant ${tenantId}): its log does not verify (first bad leaf ${r.first_bad_leaf ?? 'none'})`,
      );
    if (!r.contiguous)
      problems.push(
        `audit org ${orgId} (tenant ${tenantId}): sequence gaps ${r.gaps.map((g) => `${g.from}-${g.to}`).join(', ')}`,
      );
    for (const c of r.cold.problems) problems.push(`audit org ${orgId} (tenant ${tenantId}) cold storage: ${c}`);
  }
  problems.push(...verifyLogsForRestore());
  if (opts.withMasterKey) {
    const probe = randomBytes(32);
    for (const tenantId of tenants.ids()) {
      try {
        const s = tenants.signer(tenantId);
        if (!nodeVerify(s.public_key, probe, s.sign(probe)))
          problems.push(`tenant ${tenantId}: its signing key does not match its public key`);
      } catch {
        problems.push(
          `tenant ${tenantId}: the master key does not decrypt its signing key (wrong SVC_MASTER_KEY_FILE?)`,
        );
      }
    }
  }
  return { records, problems };
}
