// Owns the intake worker: drains the durable queue in acceptance order, applying each item exactly once.
import { transact } from '../store/env';
import { ackInTxn, onEnqueue, peek, type QueueItem } from '../store/queue';
import { subDb } from '../store/env';
import { log } from '../log';

/** Work prepared outside the transaction (hashing, signing); `apply` runs inside it and only writes. */
export type Prepared = { apply: () => void; after?: () => void };
export type Applier = (data: any, item: QueueItem) => Prepared;
export type IntakeStats = { applied: number; lastBatchMs: number; perSecond: number[] };

const appliers = new Map<string, Applier>();
const resetHooks: Array<() => void> = [];
const batchHooks: Array<() => void> = [];

/** Runs inside each batch transaction after every item's apply (for per-batch aggregates such as counters). */
export function registerBatchHook(fn: () => void): void {
  batchHooks.push(fn);
}
export const intakeStats: IntakeStats = { applied: 0, lastBatchMs: 0, perSecond: [] };

/** Registers the applier of a queue item kind; `reset` drops in-memory state after a failed commit. */
export function registerApplier(kind: string, fn: Applier, reset?: () => void): void {
  appliers.set(kind, fn);
  if (reset) resetHooks.push(reset);
}

const deadLetters = () => subDb('intake_dead_letters');
const BATCH = 2000;
let running = false;
let wake: (() => void) | null = null;
let stopped: Promise<void> | null = null;

/** Applies one batch in one transaction; an item that cannot be applied goes to a dead-letter db, never lost. */
export async function drainOnce(): Promise<number> {
  const items = peek(BATCH);
  if (!items.length) return 0;
  const t0 = performance.now();
  const prepared: Array<Prepared | null> = items.map(({ key, value }) => {
    const fn = appliers.get(value.kind);
    try {
      if (!fn) throw new Error(`no applier for ${value.kind}`);
      return fn(value.data, value);
    } catch (e) {
      log('error', 'intake item failed', { queue_key: key, kind: value.kind, error: String((e as Error).message) });
      return null;
    }
  });
  try {
    await transact(() => {
      items.forEach(({ key, value }, i) => {
        const p = prepared[i];
        if (p) p.apply();
        else deadLetters().putSync(key, value);
        ackInTxn(key);
      });
      for (const h of batchHooks) h();
    });
  } catch (e) {
    for (const r of resetHooks) r();
    throw e;
  }
  for (const p of prepared) p?.after?.();
  intakeStats.applied += items.length;
  intakeStats.lastBatchMs = performance.now() - t0;
  const sec = Math.floor(Date.now() / 1000);
  const ps = intakeStats.perSecond;
  if (ps.length && (ps as any).sec === sec) ps[ps.length - 1]! += items.length;
  else {
    ps.push(items.length);
    (ps as any).sec = sec;
    if (ps.length > 60) ps.shift();
  }
  return items.length;
}

/** Runs until stopIntake(); resumes where the last run stopped because applied items leave the queue. */
export function startIntake(): void {
  if (running) return;
  running = true;
  onEnqueue(() => wake?.());
  stopped = (async () => {
    let failures = 0;
    while (running) {
      let n = 0;
      try {
        n = await drainOnce();
        failures = 0;
      } catch (e) {
        failures++;
        log('error', 'intake batch failed', { error: String((e as Error).message) });
        await Bun.sleep(Math.min(5000, 50 * 2 ** failures));
      }
      if (n === 0 && running) await new Promise<void>((r) => { wake = r; setTimeout(r, 200); });
      wake = null;
    }
  })();
}

/** Stops after draining what is queued (graceful shutdown). */
export async function stopIntake(): Promise<void> {
  for (let i = 0; i < 100 && (await drainOnce().catch(() => 0)) > 0; i++);
  running = false;
  wake?.();
  await stopped;
}
