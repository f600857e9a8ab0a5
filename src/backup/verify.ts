// Owns the full re-verification of a store (a restore, or a backup checked in place): every signed record
// with the checks its proof uses, every audit org's sequence and cold segments, the transparency logs, and
// that the master key opens every tenant's signing key.
import { randomBytes } from 'node:crypto';
import { ledgerRowChecks } from '../ledger/service';
import { attestationChecks } from '../ai/service';
import { documentChecks } from '../documents/service';
import { allOrgKeys, auditRowChecks, integrityReport } from '../audit/service';
import { listTenants } from '../tenants/service';
import { tenantSigner } from '../signing/keys';
import { verifyBytes } from '../crypto/ed25519';
import { progress } from './progress';
import { tenantLogReport } from '../tlog/tenant-integrity';

export type StoreReport = { records: number; problems: string[] };
const MAX_LISTED = 50;

/**
 * Transparency logs: every tenant log re-verified (leaves rebuilt from the records, roots against every stored
 * checkpoint, their signatures); the org logs are checked by the audit integrity report below.
 */
export function verifyLogsForRestore(): string[] {
  const problems: string[] = [];
  for (const t of listTenants()) {
    const r = tenantLogReport(t.tenant_id);
    if (!r.log_verified || !r.tail_verified) problems.push(`tenant log of ${t.tenant_id}: ${r.problems[0] ?? `first bad leaf ${r.first_bad_leaf}`}`);
  }
  return problems;
}

/** Runs every check on the open store; `withMasterKey` also proves the master key decrypts each tenant key. */
export function verifyOpenStore(opts: { withMasterKey: boolean }): StoreReport {
  const problems: string[] = [];
  let failures = 0;
  const p = progress('verify: signatures', 'records');
  let records = 0;
  const kinds: Array<[string, () => Generator<{ id: string; ok: boolean }>]> = [
    ['ledger event', ledgerRowChecks], ['AI attestation', attestationChecks], ['document anchor', documentChecks], ['audit event', auditRowChecks],
  ];
  for (const [kind, checks] of kinds) {
    for (const c of checks()) {
      records++;
      if (records % 1000 === 0) p.set(records);
      if (c.ok) continue;
      failures++;
      if (problems.length < MAX_LISTED) problems.push(`${kind} ${c.id}: signature or hash does not verify`);
    }
  }
  p.set(records);
  p.done();
  if (failures > MAX_LISTED) problems.push(`... ${failures - MAX_LISTED} more records do not verify`);
  for (const [tenantId, orgId] of allOrgKeys()) {
    const r = integrityReport(tenantId, orgId);
    const log = r as typeof r & { log_verified?: boolean; tail_verified?: boolean; first_bad_leaf?: number | null };
    if (log.log_verified === false || log.tail_verified === false) problems.push(`audit org ${orgId} (tenant ${tenantId}): its log does not verify (first bad leaf ${log.first_bad_leaf ?? 'none'})`);
    if (!r.contiguous) problems.push(`audit org ${orgId} (tenant ${tenantId}): sequence gaps ${r.gaps.map((g) => `${g.from}-${g.to}`).join(', ')}`);
    for (const c of r.cold.problems) problems.push(`audit org ${orgId} (tenant ${tenantId}) cold storage: ${c}`);
  }
  problems.push(...verifyLogsForRestore());
  if (opts.withMasterKey) {
    const probe = randomBytes(32);
    for (const t of listTenants()) {
      try {
        const s = tenantSigner(t.tenant_id);
        if (!verifyBytes(s.public_key, probe, s.sign(probe))) problems.push(`tenant ${t.tenant_id}: its signing key does not match its public key`);
      } catch {
        problems.push(`tenant ${t.tenant_id}: the master key does not decrypt its signing key (wrong SVC_MASTER_KEY_FILE?)`);
      }
    }
  }
  return { records, problems };
}
