// Owns the ledger retention pass (docs/operations.md#ledger): seal rows 30 days past expires_at, unseal rows the plan covers again.
import { transact } from '../store/env';
import { planOf } from '../plans/plans';
import { listTenants } from '../tenants/service';
import { activeCounts, byTime, byType, ledgerRows, sealedRows } from './repo';

const DAY = 86400_000;
const SEAL_DELAY_DAYS = 30;
const CHUNK = 5000;

/**
 * Moves rows between access tiers as of `asOf`. Rows are never deleted: sealing only takes a row out of
 * the list indexes and marks it sealed; unsealing puts it back. Runs in chunks so no transaction is huge.
 */
export async function runLedgerRetention(
  asOf: Date = new Date(),
): Promise<{ ledger_sealed: number; ledger_unsealed: number }> {
  let sealed = 0;
  let unsealed = 0;
  for (const tenant of listTenants()) {
    const t = tenant.tenant_id;
    const days = planOf(tenant.plan).ledger_retention_days;
    // A row is sealed when asOf > ingested_at + days + 30 days, i.e. ingested_at < cutoff.
    const cutoff = days === null ? null : new Date(asOf.getTime() - (days + SEAL_DELAY_DAYS) * DAY).toISOString();
    if (cutoff) {
      for (;;) {
        const keys = [...byTime().getKeys({ start: [t], end: [t, cutoff], limit: CHUNK })] as Array<
          [string, string, string]
        >;
        if (!keys.length) break;
        await transact(() => {
          for (const [, at, id] of keys) {
            const row = ledgerRows.raw(id);
            byTime().removeSync([t, at, id]);
            if (row) byType().removeSync([t, row.event_type, at, id]);
            sealedRows().putSync([t, id], asOf.toISOString());
          }
          activeCounts().putSync(t, Math.max(0, (activeCounts().get(t) ?? 0) - keys.length));
        });
        sealed += keys.length;
      }
    }
    const back: Array<[string, string]> = [];
    for (const key of sealedRows().getKeys({ start: [t], end: [t, '\uffff'] }) as Iterable<[string, string]>) {
      const row = ledgerRows.raw(key[1]);
      if (row && (cutoff === null || row.ingested_at >= cutoff)) back.push(key);
    }
    for (let i = 0; i < back.length; i += CHUNK) {
      const part = back.slice(i, i + CHUNK);
      await transact(() => {
        for (const [, id] of part) {
          const row = ledgerRows.raw(id)!;
          sealedRows().removeSync([t, id]);
          byTime().putSync([t, row.ingested_at, id], null);
          byType().putSync([t, row.event_type, row.ingested_at, id], null);
        }
        activeCounts().putSync(t, (activeCounts().get(t) ?? 0) + part.length);
      });
      unsealed += part.length;
    }
  }
  return { ledger_sealed: sealed, ledger_unsealed: unsealed };
}
