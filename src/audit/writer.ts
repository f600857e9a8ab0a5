// Owns the audit writer on the server side: the intake applier that hands accepted audit events to the
// writer thread, starting and stopping that thread, and relaying its onAuditApplied notifications.
import { Worker } from 'node:worker_threads';
import { config } from '../config';
import { log } from '../log';
import { durablePut, type EnqueueOptions } from '../store/queue';
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
