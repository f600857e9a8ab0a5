// Owns the retention job: the ledger tier pass, the audit hot/cold/purge pass and the drop of create answers kept past
// their 24 hours (docs/api.md#idempotency), daily and on demand.
import { runLedgerRetention } from '../ledger/service';
import { runAuditRetention } from '../audit/service';
import { sweepReplays } from '../route-kit/idempotent';

/** `svc retention run [--as-of]` and the cron job: one report of both passes. */
export async function runRetention(asOf: Date = new Date()) {
  const ledger = await runLedgerRetention(asOf);
  const audit = await runAuditRetention(asOf);
  await sweepReplays(Date.now());
  return { ...ledger, ...audit };
}
