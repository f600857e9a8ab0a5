// Owns the main thread's side of the write path: accepted writes are handed to the writer thread in one
// message per turn of the event loop, and each submit resolves with its result once the transaction that
// holds it is durable (a 201 is only ever answered after that). Excess load is refused at once (503).
import type { Config } from '../config';
import { ApiError } from '../errors';
import { refreshReads } from './env';
import { superviseThread, type Supervised } from './thread';
import { REFUSED, RESUBMIT, type WriteItem, type WriterMessage, type WriterPhases } from './writer-core';
import type { Key } from 'lmdb';

type Waiter = { resolve(v: unknown): void; reject(e: unknown): void; at: number };
export type WriterStats = {
  in_flight: number;
  oldest_ms: number;
  committed: number;
  batches: number;
  last_batch: number;
  max_batch: number;
  /** Milliseconds the writer spent in each phase of its transactions since start (writer-core WriterPhases). */
  phase_ms: WriterPhases;
};

let thread: Supervised | null = null;
let maxInFlight = 1024;
let nextId = 0;
let outbox: WriteItem[] = [];
let flushScheduled = false;
// Batches posted and not yet answered. The writer signs and commits one batch at a time; while it does, new
// items wait here and travel together as the next batch, so batches grow with the load and each fsync
// covers more writes. Single node: two in flight (one being written, one queued behind it) keeps the writer
// fed; more would only split the waiting items into smaller batches (measured: 2 beats 1 and 4). Replicated:
// each batch also waits for PostgreSQL's commit, a fixed cost per batch, so one in flight (fewer, larger
// batches) wins (measured with scripts/bench-replication.ts: about a fifth more than two).
let batchesInFlight = 0;
let maxBatchesInFlight = 2;
const FLUSH_AT = 16;
const waiting = new Map<number, Waiter>();
/**
 * The JSON text of each posted batch not yet answered, oldest first (the writer answers batches in order): its items
 * are parsed back only for a RESUBMIT. Kept as the text already sent, not as the item objects: those would stay
 * reachable until the answer and survive young collections (payloads included), a cost paid on every write.
 */
const posted: string[] = [];
/** How often each resubmitted item was handed over again (bounded by MAX_RESUBMITS). */
const resubmits = new Map<number, number>();
const MAX_RESUBMITS = 3;
/**
 * Set from a batch answered RESUBMIT until the next writer thread starts: meanwhile accepted writes wait in the
 * outbox for it (the restart takes a fraction of a second) instead of being refused.
 */
let resubmitting = false;
const stats = { committed: 0, batches: 0, last_batch: 0, max_batch: 0, phase_ms: [0, 0, 0, 0] as WriterPhases };
/** Set while this node may not write (a standby): every write is answered with it, before anything else. */
let refuse: (() => ApiError) | null = null;
/** Replication, on a standby: where the appliance's own writes (counters of reads) go instead of being refused. */
let forwardInternal: ((kind: string, data: unknown) => Promise<unknown>) | null = null;
/** Replication refused the last batch: while the writer restarts after it, writes are answered alike. */
let refusedLast: (typeof REFUSED)[number] | null = null;

function onMessage(text: string): void {
  const m = JSON.parse(text) as WriterMessage;
  // What was just committed on the writer thread must be visible to this thread's next read: a client that
  // got its 201 reads its record back, and a trace whose seal just applied refuses the next item.
  refreshReads();
  batchesInFlight = Math.max(0, batchesInFlight - 1);
  // A batch answered RESUBMIT comes from a thread that is exiting: the next one gets it and what waits.
  if (m.results.some((r) => r[2] === RESUBMIT)) resubmitting = true;
  else if (outbox.length) flush();
  stats.batches++;
  stats.last_batch = m.batch;
  stats.max_batch = Math.max(stats.max_batch, m.batch);
  if (m.ms) for (let i = 0; i < 4; i++) stats.phase_ms[i]! += m.ms[i]!;
  refusedLast = null;
  const sent = posted.shift();
  let items: WriteItem[] | null = null;
  const again: WriteItem[] = [];
  for (const [id, ok, value] of m.results) {
    const w = waiting.get(id);
    if (!w) continue;
    if (value === RESUBMIT && (resubmits.get(id) ?? 0) < MAX_RESUBMITS) {
      items ??= sent ? (JSON.parse(sent) as WriteItem[]) : [];
      const it = items.find((x) => x.id === id);
      if (it) {
        resubmits.set(id, (resubmits.get(id) ?? 0) + 1);
        again.push(it);
        continue;
      }
    }
    waiting.delete(id);
    resubmits.delete(id);
    if (ok) {
      stats.committed++;
      w.resolve(value);
    } else if ((REFUSED as readonly unknown[]).includes(value)) {
      refusedLast = value as (typeof REFUSED)[number];
      w.reject(new ApiError(refusedLast).withHeaders({ 'retry-after': '1' }));
    } else if (value === RESUBMIT) {
      w.reject(
        new ApiError('replication_unavailable', 'The replicated stream moved on; retry').withHeaders({
          'retry-after': '1',
        }),
      );
    } else {
      w.reject(new ApiError('ingest_failed', 'Record not persisted; safe to retry'));
    }
  }
  if (again.length) outbox = [...again, ...outbox];
}

/** Why a write the writer cannot take now is refused: replication's refusal (503) when that stopped the writer. */
const notWritten = (why: string): ApiError =>
  refuse?.() ??
  (refusedLast ? new ApiError(refusedLast).withHeaders({ 'retry-after': '1' }) : new ApiError('ingest_failed', why));

/**
 * The thread died: nothing in flight was answered, and none of it may be answered as written. What waits in the
 * outbox was never handed over: after a RESUBMIT it waits for the next thread, otherwise it is refused too. A
 * thread that exits after replication refused its batch leaves the writes behind that batch unwritten for the
 * same reason: they are answered 503 alike, not 500 (docs/operations.md "Replication and failover": PostgreSQL
 * unreachable).
 */
function failInFlight(): void {
  const keep = new Set(resubmitting ? outbox.map((it) => it.id) : []);
  for (const [id, w] of waiting) {
    if (keep.has(id)) continue;
    w.reject(notWritten('Record not persisted; safe to retry'));
    waiting.delete(id);
    resubmits.delete(id);
  }
  if (!resubmitting) outbox = [];
  posted.length = 0;
  batchesInFlight = 0;
}

/** A writer thread (re)started: what waited for it goes now. */
function onStart(): void {
  resubmitting = false;
  flush();
}

/** Posts what waits in the outbox as one batch; `force` ignores the in-flight limit (shutdown). */
function flush(force = false): void {
  flushScheduled = false;
  if (!outbox.length || (!force && (resubmitting || batchesInFlight >= maxBatchesInFlight))) return;
  const items = outbox;
  outbox = [];
  batchesInFlight++;
  // One JSON string per batch: Bun clones a string far faster than a tree of objects.
  const text = JSON.stringify(items);
  posted.push(text);
  thread?.post(text);
}

/** Starts the writer thread (`url`: its entry module, which builds the applier table). */
export function startWriter(url: URL, cfg: Config, limit = 1024): void {
  maxInFlight = limit;
  maxBatchesInFlight = cfg.replication ? 1 : 2;
  thread ??= superviseThread('writer', url, cfg, onMessage, failInFlight, onStart);
  thread.start();
}

/** Graceful shutdown: what was handed over is committed and answered, then the thread exits. */
export async function stopWriter(): Promise<void> {
  // Everything accepted goes to the writer ahead of 'stop', even past the in-flight limit: the thread
  // commits messages in order, so nothing accepted before the shutdown is failed by it.
  resubmitting = false;
  flush(true);
  await thread?.stop();
  thread = null;
  failInFlight(); // what a thread that was restarting never received
}

/** The answer to a write that finds `maxInFlight` writes waiting. */
export const overloaded = (): ApiError =>
  new ApiError('overloaded', 'Too many writes in flight; retry shortly').withHeaders({ 'retry-after': '1' });

/** True while a new write would be refused: the request layer then refuses ingest before parsing its body. */
export const writerSaturated = (): boolean => waiting.size >= maxInFlight;

/**
 * Hands one write of `kind` to the writer; resolves with the applier's result once durable. Throws
 * 503 overloaded (Retry-After: 1) when `maxInFlight` writes already wait: back-pressure answered at once
 * rather than queued until clients time out.
 */
export function submit<D, R>(kind: string, data: D): Promise<R> {
  if (writerSaturated() && thread?.running()) return Promise.reject(overloaded());
  return enqueue<R>(kind, data);
}

/**
 * The appliance's own writes (usage counters, last-used times, verification records, writer status, and
 * writes accepted by an earlier version replayed at start, `ack` naming the stored entry they remove):
 * never refused by back-pressure, because what they carry was already accepted.
 */
export function submitInternal<D, R>(kind: string, data: D, ack?: { db: string; key: Key }): Promise<R> {
  if (refuse && forwardInternal && !ack) return forwardInternal(kind, data) as Promise<R>;
  return enqueue<R>(kind, data, ack);
}

/**
 * Replication: a standby answers every write with `err` (not_primary); null when this node is primary. `forward`
 * takes the appliance's own writes meanwhile (they resolve to nothing once handed over).
 */
export function refuseWrites(
  err: (() => ApiError) | null,
  forward?: (kind: string, data: unknown) => Promise<unknown>,
): void {
  refuse = err;
  forwardInternal = err ? (forward ?? null) : null;
}

function enqueue<R>(kind: string, data: unknown, ack?: { db: string; key: Key }): Promise<R> {
  if (refuse) return Promise.reject(refuse());
  if (!thread?.running() && !resubmitting)
    return Promise.reject(notWritten('The writer is not running; safe to retry'));
  const id = ++nextId;
  outbox.push(ack ? { id, kind, data, ack } : { id, kind, data });
  if (!thread?.running()) return waitFor<R>(id);
  // A full chunk goes at once: the writer starts on it while the rest of this burst is still being parsed.
  if (outbox.length >= FLUSH_AT) flush();
  else if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
  return waitFor<R>(id);
}

function waitFor<R>(id: number): Promise<R> {
  return new Promise<R>((resolve, reject) =>
    waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, at: performance.now() }),
  );
}

/** Figures for the console, doctor and metrics. */
export function writerStats(): WriterStats {
  let oldest = 0;
  for (const w of waiting.values()) {
    oldest = performance.now() - w.at;
    break;
  }
  return { in_flight: waiting.size, oldest_ms: Math.round(oldest), ...stats, phase_ms: [...stats.phase_ms] };
}
