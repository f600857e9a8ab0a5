// Owns the counters a standby's reads make (usage counts, key last-used times, verification records): the standby
// hands them to PostgreSQL (svc_forwarded) instead of its writer, and the primary's writer applies them exactly
// once, recording per node the last row applied (a replicated sub-database), so a new primary goes on from there.
import type { SQL } from 'bun';
import { subDb } from '../store/env';
import type { Applier, ApplierTable, Prepared } from '../store/writer-core';

/** The writer item that carries forwarded rows to the primary's writer. */
export const FORWARDED = 'replication.forwarded';
/** One internal write as the standby's writer would have received it. */
export type Forwarded = [kind: string, data: unknown];
type Row = { node: string; seq: number; body: string };

/** node -> seq of the last forwarded row applied; written in the applying transaction, so replicated with it. */
const marks = () => subDb<number, string>('replication_forwarded');

/** A standby's hand-over of its counters to PostgreSQL: one per node, created when the node joins the cluster. */
export class Forwarder {
  private queue: Array<{ item: Forwarded; resolve(): void; reject(e: unknown): void }> = [];
  private sending: Promise<void> = Promise.resolve();
  private scheduled = false;
  private nextSeq = 0;

  constructor(
    private readonly sql: SQL,
    private readonly node: string,
  ) {}

  /**
   * The next row's number starts past every row this node left in PostgreSQL (the primary keeps the last applied
   * row of each node, so numbers never go back after a restart).
   */
  async start(): Promise<void> {
    const [{ seq }] = await this
      .sql`SELECT coalesce(max(seq), 0)::float8 AS seq FROM svc_forwarded WHERE node = ${this.node}`;
    this.nextSeq = Math.max(this.nextSeq, seq as number);
  }

  /**
   * Queues one internal write; the writes of a turn of the event loop become one row. Rows are inserted one after
   * another, so this node's rows commit in number order (the primary never skips an earlier one).
   */
  forward(kind: string, data: unknown): Promise<void> {
    const p = new Promise<void>((resolve, reject) => this.queue.push({ item: [kind, data], resolve, reject }));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const batch = this.queue;
        this.queue = [];
        this.sending = this.sending.then(async () => {
          try {
            await this
              .sql`INSERT INTO svc_forwarded (node, seq, body) VALUES (${this.node}, ${++this.nextSeq}, ${JSON.stringify(batch.map((b) => b.item))})`;
            for (const b of batch) b.resolve();
          } catch (e) {
            for (const b of batch) b.reject(e);
          }
        });
      });
    }
    return p;
  }
}

/**
 * Primary: the rows not applied yet, oldest first, handed to `submit` (the writer) as one item; returns what it
 * applied. The rows before each node's last applied one are then removed.
 */
export async function drainForwarded(sql: SQL, submit: (rows: Row[]) => Promise<Forwarded[]>): Promise<Forwarded[]> {
  const rows = (
    (await sql`SELECT node, seq::float8 AS seq, body FROM svc_forwarded ORDER BY node, seq LIMIT 200`) as Row[]
  ).filter((r) => r.seq > (marks().get(r.node) ?? 0));
  if (!rows.length) return [];
  const applied = await submit(rows);
  const last = new Map(rows.map((r) => [r.node, r.seq]));
  for (const [node, seq] of last) await sql`DELETE FROM svc_forwarded WHERE node = ${node} AND seq < ${seq}`;
  return applied;
}

/**
 * The writer's applier for FORWARDED: each row's writes are prepared with `table` (the kinds a standby forwards
 * are the counters' own), and applied only when the row is beyond its node's mark (a retried or re-drained row
 * is skipped). Returns the writes applied.
 */
export function forwardedApplier(table: ApplierTable): Applier<Row[], Forwarded[]> {
  return {
    prepare(rows) {
      const prepared = rows.map((r) => {
        const items = JSON.parse(r.body) as Forwarded[];
        return {
          r,
          items,
          ps: items.map(([kind, data]): { a: Applier<unknown, unknown>; data: unknown; p: Prepared<unknown> } => {
            const a = kind === FORWARDED ? undefined : table[kind];
            if (!a) throw new Error(`no applier for forwarded ${kind}`);
            return { a, data, p: a.prepare(data) };
          }),
        };
      });
      const applied: typeof prepared = [];
      return {
        apply() {
          applied.length = 0;
          for (const x of prepared) {
            if (x.r.seq <= (marks().get(x.r.node) ?? 0)) continue;
            // As the writer applies an item of its own: the table's `applied` follows the apply (Applier).
            for (const { a, data, p } of x.ps) {
              const r = p.apply();
              a.applied?.(data, r);
            }
            marks().putSync(x.r.node, x.r.seq);
            applied.push(x);
          }
          return applied.flatMap((x) => x.items);
        },
        done: () => applied.forEach((x) => x.ps.forEach(({ p }) => p.done?.())),
      };
    },
  };
}
