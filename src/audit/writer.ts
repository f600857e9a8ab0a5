// Owns the audit writer on the server side: the intake applier that hands accepted audit events to the
// writer thread, starting and stopping that thread, and relaying its onAuditApplied notifications.
import { Worker } from 'node:worker_threads';
import { config } from '../config';
import { log } from '../log';
import { onNotice, registerApplier } from '../workers/intake';
import { pending } from './repo';

export const AUDIT_KIND = 'audit.event';

type Listener = (touched: Array<[tenantId: string, orgId: string]>) => void;
const listeners = new Set<Listener>();

/** Called after each committed batch of the writer with the (tenant, org) pairs it appended to (streams wake up on it). */
export function onAuditApplied(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Order numbers of pending items. Only this applier adds to audit_pending (the thread only removes),
// so after a failed commit the next number is derived again from what is stored.
let lastKey: number | null = null;
function nextKey(): number {
  if (lastKey === null) {
    lastKey = 0;
    for (const k of pending().getKeys({ reverse: true, limit: 1 })) lastKey = k as number;
  }
  return ++lastKey;
}

/**
 * The intake applier of audit events: moves each item, in acceptance order and in the intake
 * transaction, onto audit_pending. Signing, seq assignment and the append run in the writer thread,
 * on another core, so that acknowledging ingests is not slowed down by them.
 */
registerApplier(AUDIT_KIND, (data: string) => {
  const key = nextKey();
  return { apply: () => pending().putSync(key, data), notice: { topic: 'audit.pending' } };
}, () => {
  lastKey = null;
});
onNotice('audit.pending', () => wake());

let worker: Worker | null = null;
let stopping: Promise<void> | null = null;
let restarts = 0;

// One wake-up per tick at most: posting a message per event would cost more than the event.
let wakePosted = false;
function wake(): void {
  if (wakePosted || !worker) return;
  wakePosted = true;
  queueMicrotask(() => {
    wakePosted = false;
    worker?.postMessage('wake');
  });
}

/** Starts the writer thread (server boot); it first drains what a previous run left pending. */
export function startAuditWriter(): void {
  if (worker) return;
  stopping = null;
  const w = new Worker(new URL('./writer-thread.ts', import.meta.url), { workerData: { env: { ...process.env }, dataDir: config().dataDir } });
  worker = w;
  w.on('message', (m: { applied?: Array<[string, string]> }) => {
    if (!m.applied) return;
    restarts = 0;
    for (const l of listeners) {
      try {
        l(m.applied);
      } catch (e) {
        log('error', 'audit applied listener failed', { error: String((e as Error).message) });
      }
    }
  });
  w.on('error', (e) => log('error', 'audit writer thread failed', { error: String(e.message) }));
  w.on('exit', () => {
    if (worker !== w) return;
    worker = null;
    // An unexpected exit: start again after a pause; pending items are durable.
    if (!stopping) setTimeout(startAuditWriter, Math.min(5000, 100 * 2 ** restarts++)).unref();
  });
}

/** Graceful shutdown: the thread drains audit_pending, then exits (forced after 30 s). */
export function stopAuditWriter(): Promise<void> {
  const w = worker;
  if (!w) return Promise.resolve();
  return (stopping ??= new Promise<void>((resolve) => {
    const timer = setTimeout(() => w.terminate(), 30_000);
    w.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    w.postMessage('stop');
  }));
}
