// Owns the retention job: the ledger tier pass and the audit hot/cold/purge pass, daily and on demand.
import { runLedgerRetention } from '../ledger/retention';
import { runAuditRetention } from '../audit/service';

/** `svc retention run [--as-of]` and the cron job: one report of both passes. */
export async function runRetention(asOf: Date = new Date()) {
  const ledger = await runLedgerRetention(asOf);
  const audit = await runAuditRetention(asOf);
  return { ...ledger, ...audit };
}
