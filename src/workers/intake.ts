// Owns applying intake queue items: the appliers of each item kind and one batch = one transaction.
// The drain loop runs in its own thread (intake-thread.ts); what the main thread must learn about applied
// items travels back as notices.
import { subDb } from '../store/env';
import { applyBatch } from '../store/batch';
import { peek, queueDb, type QueueItem } from '../store/queue';
import { log } from '../log';

/** Something the main thread must hear about once a batch is committed (e.g. wake a waiter). */
export type Notice = { topic: string; data?: unknown };
/** Work prepared outside the transaction (hashing, signing); `apply` runs inside it and only writes. */
export type Prepared = { apply: () => void; notice?: Notice };
export type Applier = (data: any, item: QueueItem) => Prepared;

const appliers = new Map<string, Applier>();
const resetHooks: Array<() => void> = [];
const batchHooks: Array<() => void> = [];

/** Registers the applier of a queue item kind; `reset` drops in-memory state after a failed commit. */
export function registerApplier(kind: string, fn: Applier, reset?: () => void): void {
  appliers.set(kind, fn);
  if (reset) resetHooks.push(reset);
}

/** Runs inside each batch transaction after every item's apply (for per-batch aggregates such as counters). */
export function registerBatchHook(fn: () => void): void {
  batchHooks.push(fn);
}

const noticeListeners = new Map<string, Array<(data: any) => void>>();
/** Main thread: runs `fn` for every committed notice of `topic`. */
export function onNotice(topic: string, fn: (data: any) => void): void {
  noticeListeners.set(topic, [...(noticeListeners.get(topic) ?? []), fn]);
}
export function deliverNotices(notices: Notice[]): void {
  for (const n of notices) {
    for (const fn of noticeListeners.get(n.topic) ?? []) {
      try {
        fn(n.data);
      } catch (e) {
        log('error', 'notice listener failed', { topic: n.topic, error: String((e as Error).message) });
      }
    }
  }
}

const deadLetters = () => subDb<QueueItem, string>('intake_dead_letters');
const BATCH = 2000;

/** Applies the oldest items in one transaction and acks them in it (store/batch.ts), in acceptance order. */
export async function drainOnce(): Promise<{ applied: number; notices: Notice[] }> {
  const items = peek(BATCH);
  if (!items.length) return { applied: 0, notices: [] };
  let prepared: Array<Prepared | null>;
  try {
    prepared = await applyBatch(items, queueDb(), deadLetters(), (item) => {
      const fn = appliers.get(item.kind);
      if (!fn) throw new Error(`no applier for ${item.kind}`);
      return fn(item.data, item);
    }, 'intake item', () => {
      for (const h of batchHooks) h();
    });
  } catch (e) {
    for (const r of resetHooks) r();
    throw e;
  }
  // A notice without data says only "something happened": one per batch is enough.
  const notices: Notice[] = [];
  const bare = new Set<string>();
  for (const p of prepared) {
    const n = p?.notice;
    if (!n) continue;
    if (n.data === undefined) {
      if (bare.has(n.topic)) continue;
      bare.add(n.topic);
    }
    notices.push(n);
  }
  return { applied: items.length, notices };
}
