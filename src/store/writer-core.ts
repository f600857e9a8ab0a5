// Owns the writer thread's loop: each message from the main thread is a batch of accepted writes, prepared
// (hashing, signing: CPU work outside the write lock) and then applied in one durable LMDB transaction; the
// results go back once it is fsync'd.
import { parentPort } from 'node:worker_threads';
import { log } from '../log';
import type { Key } from 'lmdb';
import { subDb, transactSync } from './env';
import { refusal, streamMilliseconds, StreamConflict } from './capture';
import { Diverged } from './cluster';
import { ApiError } from '../errors';
import { exitThread, tellMain } from './thread';

/**
 * Work prepared outside the transaction; `apply` runs inside it, only reads and writes LMDB, and returns the
 * item's result; `done` runs once the transaction is durable.
 */
export type Prepared<R> = { apply(): R; done?(): void };
/**
 * How one kind of write is applied. `prepare` may throw (the item alone fails). `applied`, when the table gives one,
 * runs inside the transaction right after the item's `apply`, with its result: what the table adds to an area's
 * applier (the quota unit of a created record, src/boot/appliers.ts) without wrapping each prepared item.
 */
export type Applier<D, R> = { prepare(data: D): Prepared<R>; applied?(data: D, result: R): void };
export type ApplierTable = Readonly<Record<string, Applier<any, any>>>;

/** `ack`: a stored queue entry that the item's transaction removes (items queued by earlier versions). */
/** Items travel as JSON text: data must be plain JSON (binary as base64). */
export type WriteItem = { id: number; kind: string; data: unknown; ack?: { db: string; key: Key } };
/**
 * [id, 1, result] once durable; [id, 0, reason] when the item could not be prepared (nothing was written for it);
 * the reason is a REFUSED code (or RESUBMIT) when replication refused the whole batch.
 */
export type WriteResult = [id: number, ok: 0 | 1, value: unknown];
/**
 * The answer to one posted batch, sent once its transaction is durable; `ms`: where its time went, [preparing
 * (hashing, signing), applying (LMDB reads and writes), streaming (committing to PostgreSQL, replication only),
 * committing (LMDB's commit and flush)].
 */
export type WriterMessage = { results: WriteResult[]; batch: number; ms?: WriterPhases };
export type WriterPhases = [prepare: number, apply: number, stream: number, commit: number];
/** Why replication refused a batch (answered 503 with Retry-After: 1). */
export const REFUSED = ['not_primary', 'replication_unavailable'] as const;
/**
 * The batch lost its stream position to another node's commit (an operator command run there): nothing of it was
 * written, and the main thread hands its items to the next writer thread, which applies that commit first.
 */
export const RESUBMIT = 'resubmit';

/** The answer to every item of a batch a replicated transaction failed with `e`; null for any other error. */
function refusedCode(e: unknown): (typeof REFUSED)[number] | typeof RESUBMIT | null {
  if (e instanceof StreamConflict) return RESUBMIT;
  // A diverged node writes nothing more (store/cluster); it gives up the primary role meanwhile.
  if (e instanceof Diverged) return 'replication_unavailable';
  return e instanceof ApiError && (REFUSED as readonly string[]).includes(e.code)
    ? (e.code as (typeof REFUSED)[number])
    : null;
}

/** An item prepared, with its applier (for `applied`), or one that could not be. */
type Ready =
  | { p: Prepared<unknown>; a: Applier<unknown, unknown>; fail?: undefined }
  | { p: null; a?: undefined; fail: WriteResult };

/**
 * Thread side: applies every batch the main thread posts, in order; `afterItems` run in each transaction after
 * its items (totals the appliers gathered, written once per transaction). A transaction that fails leaves the
 * thread in an unknown state (sequence counters, in-flight claims), so the thread exits: the supervisor
 * fails what was in flight (never answered 201) and starts a fresh thread from what is durable.
 */
export function runWriter(table: ApplierTable, afterItems: ReadonlyArray<() => void>): void {
  const prepare = (it: WriteItem): Ready => {
    try {
      const a = table[it.kind];
      if (!a) throw new Error(`no applier for ${it.kind}`);
      return { p: a.prepare(it.data), a };
    } catch (e) {
      log('error', 'write could not be prepared', { kind: it.kind, error: String((e as Error).message) });
      return { p: null, fail: [it.id, 0, String((e as Error).message)] };
    }
  };
  /**
   * Prepares a batch, applies it in one synchronous durable transaction and answers it. Synchronous on purpose:
   * an asynchronous transaction waits for this thread to run its callback and again to see it committed, and
   * each wait lasts as long as the signing in between; here the thread signs, writes and fsyncs without
   * hand-offs, and the main thread gathers the next batch meanwhile (bigger batches under more load).
   */
  let failed = false;
  const handle = (items: WriteItem[]) => {
    if (failed) return;
    const refused = refusedCode(refusal());
    if (refused) {
      tellMain(
        JSON.stringify({
          results: items.map((it) => [it.id, 0, refused]),
          batch: items.length,
        } satisfies WriterMessage),
      );
      return;
    }
    const t0 = performance.now();
    const prepared = items.map(prepare);
    const results: WriteResult[] = prepared.map((x) => x.fail ?? [0, 0, null]);
    const t1 = performance.now();
    const s0 = streamMilliseconds();
    let applied = 0;
    try {
      transactSync(() => {
        const a0 = performance.now();
        prepared.forEach(({ p, a }, i) => {
          if (!p) return;
          const it = items[i]!;
          const r = p.apply();
          a.applied?.(it.data, r);
          results[i] = [it.id, 1, r];
          if (it.ack) subDb(it.ack.db).removeSync(it.ack.key);
        });
        for (const f of afterItems) f();
        applied = performance.now() - a0;
      });
    } catch (e) {
      // Replication refused the commit: nothing of the batch was written; every item is answered 503, or handed
      // to the next thread (RESUBMIT), which first applies the commit that took this batch's position.
      const code = refusedCode(e);
      if (code)
        tellMain(
          JSON.stringify({ results: items.map((it) => [it.id, 0, code]), batch: items.length } satisfies WriterMessage),
        );
      if (code === RESUBMIT)
        log('warn', 'another node committed first; the batch goes to a fresh writer', { items: items.length });
      else log('error', 'write transaction failed; restarting the writer', { error: String((e as Error).message) });
      failed = true;
      void exitThread(1);
      return;
    }
    const stream = streamMilliseconds() - s0;
    const ms: WriterPhases = [t1 - t0, applied, stream, performance.now() - t1 - applied - stream];
    for (const { p } of prepared) p?.done?.();
    tellMain(JSON.stringify({ results, batch: items.length, ms } satisfies WriterMessage));
  };
  parentPort!.on('message', (m: string) => {
    // Messages are handled one at a time, each committed before the next: at 'stop' nothing is held.
    if (m === 'stop') void exitThread(0);
    else handle(JSON.parse(m) as WriteItem[]);
  });
}
