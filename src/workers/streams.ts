// Owns webhook delivery: one loop per stream, in seq order, at-least-once, cursor moved only after a 2xx.
import { log } from '../log';
import { auditEventsAfter, onAuditApplied } from '../audit/service';
import {
  allStreams,
  dropIfOrgGone,
  onStreamChanged,
  recordDelivered,
  recordFailure,
  streamRow,
  streamSecret,
  deliver,
  dropAgent,
} from '../streams/service';
import { BATCH_MAX, type StreamRow } from '../streams/model';
import { onCheckpoint, type NewCheckpoint } from './integrator';

type Key = [string, string, string];
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 10 * 60_000;
const IDLE_POLL_MS = 30_000;
/** Undelivered org checkpoints kept per stream; an older one is superseded (a consistency proof links it to the newer). */
const CHECKPOINTS_MAX = 100;

/** Exponential backoff with jitter: base 1 s doubling per failure, at most 10 min, drawn from 50-100 % of the step. */
export function backoffMs(failures: number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(step * (0.5 + Math.random() * 0.5));
}

class StreamLoop {
  private running = true;
  private wakeUp: (() => void) | null = null;
  private pending = false;
  private checkpoints: NewCheckpoint[] = [];
  readonly done: Promise<void>;

  constructor(readonly key: Key) {
    this.done = this.run().catch((e) =>
      log('error', 'stream loop stopped', { stream_id: key[2], error: String((e as Error).message) }),
    );
  }

  /** New events, a change of the stream, or shutdown: ends the current wait at once. */
  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }
  stop(): void {
    this.running = false;
    this.wake();
  }
  /** docs/transparency-logs.md#distribution: each new org checkpoint goes out as its own delivery, once the events it covers went out. */
  offerCheckpoint(c: NewCheckpoint): void {
    this.checkpoints.push(c);
    if (this.checkpoints.length > CHECKPOINTS_MAX) this.checkpoints.shift();
    this.wake();
  }

  private sleep(ms: number): Promise<void> {
    if (this.pending || !this.running) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((r) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        r();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.pending = false;
        r();
      };
    });
  }

  private async run(): Promise<void> {
    let secret: string | null = null;
    while (this.running) {
      const row = streamRow(this.key);
      if (!row) break;
      if (row.state === 'paused') {
        await this.sleep(IDLE_POLL_MS);
        continue;
      }
      const waitMs = row.next_attempt_at ? Date.parse(row.next_attempt_at) - Date.now() : 0;
      if (waitMs > 0) {
        // A wake during backoff (new events) does not shorten the backoff; a change of the stream re-reads it.
        await this.sleep(Math.min(waitMs, IDLE_POLL_MS));
        continue;
      }
      this.pending = false;
      const due = this.checkpoints[0];
      if (due && due.tree_size <= row.cursor_seq) {
        secret ??= streamSecret(row);
        await this.sendCheckpoint(row, secret, due);
        continue;
      }
      const events = auditEventsAfter(row.tenant_id, row.org_id, row.cursor_seq, BATCH_MAX);
      if (!events.length) {
        if (await dropIfOrgGone(this.key)) break;
        await this.sleep(IDLE_POLL_MS);
        continue;
      }
      secret ??= streamSecret(row);
      await this.attempt(row, secret, events);
    }
    dropAgent(this.key[2]);
  }

  /** Outside event batches and cursors: body {type, organization_id, tree_size, root_hash, checkpoint}, signed like every delivery. */
  private async sendCheckpoint(row: StreamRow, secret: string, c: NewCheckpoint): Promise<void> {
    const body = JSON.stringify({
      type: 'checkpoint',
      organization_id: row.org_id,
      tree_size: c.tree_size,
      root_hash: c.root_hash.toString('hex'),
      checkpoint: c.note,
    });
    const r = await deliver(row.id, row.endpoint, secret, body);
    if (r.ok) {
      this.checkpoints.shift();
      return;
    }
    const next = await recordFailure(this.key, r.error, Date.now() + backoffMs(row.failures + 1));
    log('warn', 'stream checkpoint delivery failed', {
      stream_id: row.id,
      org_id: row.org_id,
      tree_size: c.tree_size,
      failures: next?.failures,
      state: next?.state,
      error: r.error,
    });
  }

  private async attempt(row: StreamRow, secret: string, events: Array<{ seq: number }>): Promise<void> {
    const body = JSON.stringify({ stream_id: row.id, org_id: row.org_id, events });
    const r = await deliver(row.id, row.endpoint, secret, body);
    const last = events[events.length - 1]!.seq;
    if (r.ok) {
      await recordDelivered(this.key, last, events.length);
      return;
    }
    const next = await recordFailure(this.key, r.error, Date.now() + backoffMs(row.failures + 1));
    log('warn', 'stream delivery failed', {
      stream_id: row.id,
      org_id: row.org_id,
      from_seq: events[0]!.seq,
      to_seq: last,
      failures: next?.failures,
      state: next?.state,
      error: r.error,
    });
  }
}

const loops = new Map<string, StreamLoop>();
const byOrg = new Map<string, Set<StreamLoop>>();
const id = (k: Key) => k.join('\u0000');
const orgId = (t: string, o: string) => `${t}\u0000${o}`;
let unsubscribe: Array<() => void> = [];

function ensure(key: Key): void {
  const existing = loops.get(id(key));
  if (existing) return existing.wake();
  const loop = new StreamLoop(key);
  loops.set(id(key), loop);
  const ok = orgId(key[0], key[1]);
  if (!byOrg.has(ok)) byOrg.set(ok, new Set());
  byOrg.get(ok)!.add(loop);
  loop.done.finally(() => {
    loops.delete(id(key));
    byOrg.get(ok)?.delete(loop);
  });
}

/** Starts a loop for every stream, then follows new streams and wakes loops when their org gets events. */
export function startStreamDelivery(): void {
  unsubscribe.push(
    onAuditApplied((pairs) => {
      for (const [t, o] of pairs) for (const loop of byOrg.get(orgId(t, o)) ?? []) loop.wake();
    }),
  );
  unsubscribe.push(
    onCheckpoint((c) => {
      if (c.org_id !== null) for (const loop of byOrg.get(orgId(c.tenant_id, c.org_id)) ?? []) loop.offerCheckpoint(c);
    }),
  );
  unsubscribe.push(
    onStreamChanged((row: StreamRow | null, key: Key) => {
      if (row) ensure(key);
      else loops.get(id(key))?.stop();
    }),
  );
  for (const r of allStreams()) ensure([r.tenant_id, r.org_id, r.id]);
}

/** Stops every loop; an attempt in flight finishes (at most the 10 s delivery limit) so its outcome is recorded. */
export async function stopStreamDelivery(): Promise<void> {
  for (const u of unsubscribe) u();
  unsubscribe = [];
  const all = [...loops.values()];
  for (const l of all) l.stop();
  await Promise.all(all.map((l) => l.done));
}
