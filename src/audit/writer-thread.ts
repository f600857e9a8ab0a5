// Owns the audit writer thread: drains audit_pending in order, assigning seq, signing and appending each
// row in one LMDB transaction with the removal of its pending item (applied exactly once).
import { applyBatch } from '../store/batch';
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
  let prepared: Array<ReturnType<typeof prepareAuditEvent> | null>;
  try {
    prepared = await applyBatch(items, pending(), pendingDead(), (value) => prepareAuditEvent(JSON.parse(value)), 'audit event');
  } finally {
    beginBatch();
  }
  const touched = new Map<string, [string, string]>();
  for (const p of prepared) if (p) touched.set(`${p.tenantId}\u0000${p.orgId}`, [p.tenantId, p.orgId]);
  tellMain({ applied: [...touched.values()], batch: items.length });
  return items.length;
}

await runDrainLoop('audit writer', drainOnce);
