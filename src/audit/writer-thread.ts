// Owns the audit writer thread: drains audit_pending in order, assigning seq, signing and appending each
// row in one LMDB transaction with the removal of its pending item (applied exactly once).
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig, setConfig } from '../config';
import { log } from '../log';
import { openStore, transact } from '../store/env';
import { beginBatch, prepareAuditEvent } from './append';
import { pending, pendingDead } from './repo';

const cfg = setConfig(loadConfig(workerData.env, { dataDir: workerData.dataDir }));
openStore(cfg.dataDir);

const BATCH = 2000;
let stopping = false;
let wakeUp: (() => void) | null = null;
parentPort!.on('message', (m) => {
  if (m === 'stop') stopping = true;
  wakeUp?.();
});

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
  parentPort!.postMessage({ applied: [...touched.values()] });
  return items.length;
}

let failures = 0;
for (;;) {
  let n = 0;
  try {
    n = await drainOnce();
    failures = 0;
  } catch (e) {
    failures++;
    log('error', 'audit writer batch failed', { error: String((e as Error).message) });
    await Bun.sleep(Math.min(5000, 50 * 2 ** failures));
    continue;
  }
  if (n === 0) {
    if (stopping) break;
    await new Promise<void>((r) => {
      wakeUp = r;
      setTimeout(r, 200);
    });
    wakeUp = null;
  }
}
process.exit(0);
