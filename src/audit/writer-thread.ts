// Owns the audit writer thread: drains audit_pending in order, assigning seq, signing and appending each
// row in one LMDB transaction with the removal of its pending item (applied exactly once).
import { log } from '../log';
import { transact } from '../store/env';
import { bootThread, runDrainLoop, tellMain } from '../workers/thread';
import { beginBatch, prepareAuditEvent } from './append';
import { pending, pendingDead } from './repo';

bootThread();
const BATCH = 2000;

/** One batch in one transaction; an item that cannot be prepared moves to audit_pending_dead, never lost. */
async function drainOnce(): Promise<number> {
  const items = [...pending().getRange({ limit: BATCH })] as Array<{ key: number; value: string }>;
  if (!items.length) return 0;
  beginBatch();
  const prepared = items.map(({ key, value }) => {
    try {
      return prepareAuditEvent(JSON.parse(value));
    } catch (e) {
      log('error', 'audit event could not be written', { pending_key: key, error: String((e as Error).message) });
      return null;
    }
  });
  try {
    await transact(() => {
      items.forEach(({ key, value }, i) => {
        const p = prepared[i];
        if (p) p.apply();
        else pendingDead().putSync(key, value);
        pending().removeSync(key);
      });
    });
  } finally {
    beginBatch();
  }
  const touched = new Map<string, [string, string]>();
  for (const p of prepared) if (p) touched.set(`${p.tenantId}\u0000${p.orgId}`, [p.tenantId, p.orgId]);
  tellMain({ applied: [...touched.values()] });
  return items.length;
}

await runDrainLoop('audit writer', drainOnce);
