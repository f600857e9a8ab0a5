// Owns the replication schema in PostgreSQL: every table and its migrations, in one ordered list, applied at
// start by whichever node connects first (each step once, recorded in svc_schema, under an advisory lock).
import type { SQL } from 'bun';

/**
 * The ordered steps; a step is never edited once released, a change is a new step at the end.
 * - svc_changes: the stream. One row per committed write transaction of any node, in `pos` order (no gaps:
 *   a writer takes its node's applied position + 1, and the primary key refuses a taken one). `body` is the
 *   msgpack change set, `epoch` the lease epoch of the primary that wrote it (NULL: an operator command),
 *   `at` PostgreSQL's clock at commit (standby lag is measured against it). Never pruned: the full history
 *   is what a new node builds itself from.
 * - svc_lease: one row; the node holding it (until `expires_at`, PostgreSQL's clock) is the primary. `epoch`
 *   grows by one at every change of holder.
 * - svc_nodes: what each node last reported (role, applied position, URL), for `svc replication status`.
 * - svc_forwarded: the counters a standby's reads made (usage, key last-used, verification records), numbered per
 *   node, JSON [[writer kind, data], ...]; the primary applies them through its writer (replication/forward.ts)
 *   and removes each node's rows before the last one applied.
 */
export const STEPS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE svc_changes (
        pos bigint PRIMARY KEY,
        node text NOT NULL,
        epoch bigint,
        at timestamptz NOT NULL DEFAULT now(),
        body bytea NOT NULL
      );
      CREATE TABLE svc_lease (
        id int PRIMARY KEY CHECK (id = 1),
        holder text,
        epoch bigint NOT NULL,
        expires_at timestamptz NOT NULL
      );
      INSERT INTO svc_lease VALUES (1, NULL, 0, '-infinity');
      CREATE TABLE svc_nodes (
        node text PRIMARY KEY,
        role text NOT NULL,
        applied bigint NOT NULL,
        url text,
        seen_at timestamptz NOT NULL
      );`,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE svc_forwarded (
        node text NOT NULL,
        seq bigint NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        body text NOT NULL,
        PRIMARY KEY (node, seq)
      );`,
  },
];

/** An arbitrary, fixed key for pg_advisory_xact_lock: two nodes starting together migrate one after the other. */
const LOCK = 0x5f5c_0001;

/** Brings the schema up to the last step; returns the versions applied now. */
export async function migrateSchema(sql: SQL): Promise<number[]> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS svc_schema (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const [row] = await tx`SELECT coalesce(max(version), 0)::int AS v FROM svc_schema`;
    const done: number[] = [];
    for (const s of STEPS) {
      if (s.version <= (row.v as number)) continue;
      await tx.unsafe(s.sql);
      await tx`INSERT INTO svc_schema (version) VALUES (${s.version})`;
      done.push(s.version);
    }
    return done;
  });
}
