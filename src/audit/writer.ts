// Owns the audit writer on the server side: the durable hand-over of accepted audit events to the writer
// thread, starting and stopping that thread, and relaying its onAuditApplied notifications.
import { log } from '../log';
import { durablePut, type EnqueueOptions } from '../store/queue';
import { superviseThread } from '../workers/thread';
import { pending } from './repo';

type Listener = (touched: Array<[tenantId: string, orgId: string]>) => void;
const listeners = new Set<Listener>();

/** Called after each committed batch of the writer with the (tenant, org) pairs it appended to (streams wake up on it). */
export function onAuditApplied(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Order numbers of pending items. Only the server's main thread adds to audit_pending (the writer thread
// only removes), so after a failed commit the next number is derived again from what is stored.
let lastKey: number | null = null;
function nextKey(): number {
  if (lastKey === null) {
    lastKey = 0;
    for (const k of pending().getKeys({ reverse: true, limit: 1 })) lastKey = k as number;
  }
  return ++lastKey;
}

/**
 * Audit ingest's durable queue: the accepted event goes straight onto audit_pending (its own intake
 * queue, in acceptance order), committed with its idempotency record before the 201. Seq assignment,
 * signing and the append run in the writer thread, on another core.
 */
export async function enqueueAuditEvent(itemJson: string, opts: EnqueueOptions): Promise<boolean> {
  let ok = false;
  try {
    ok = await durablePut(pending(), nextKey(), itemJson, opts);
  } catch (e) {
    lastKey = null; // derive the next number again from what is stored
    throw e;
  }
  if (ok) wake();
  return ok;
}

const thread = superviseThread('audit writer', new URL('./writer-thread.ts', import.meta.url), (m: { applied?: Array<[string, string]> }) => {
  if (!m.applied) return;
  for (const l of listeners) {
    try {
      l(m.applied);
    } catch (e) {
      log('error', 'audit applied listener failed', { error: String((e as Error).message) });
    }
  }
});
const wake = () => thread.wake();

/** Starts the writer thread (server boot); it first drains what a previous run left pending. */
export const startAuditWriter = (): void => thread.start();

/** Graceful shutdown: the thread drains audit_pending, then exits. */
export const stopAuditWriter = (): Promise<void> => thread.stop();
