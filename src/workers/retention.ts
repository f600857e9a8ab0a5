// Owns the retention job: the ledger tier pass and the audit hot/cold/purge pass, daily and on demand.
import { runLedgerRetention } from '../ledger/retention';

type AuditRetention = (asOf: Date) => Promise<{ audit_evacuated: number; audit_purged: number }>;

/** `svc retention run [--as-of]` and the cron job: one report of both passes. */
export async function runRetention(asOf: Date = new Date()) {
  const ledger = await runLedgerRetention(asOf);
  // The audit area is optional at this layer: loaded lazily so the ledger pass never depends on it.
  const audit = (await import('../audit/service').catch(() => null)) as { runAuditRetention?: AuditRetention } | null;
  const a = audit?.runAuditRetention ? await audit.runAuditRetention(asOf) : { audit_evacuated: 0, audit_purged: 0 };
  return { ...ledger, ...a };
}
