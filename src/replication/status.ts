// Owns `svc replication status`: the cluster as PostgreSQL records it (lease, nodes, stream head) and this node's
// position in its own store, from any node, also while the server of this node is down.
import type { ReplicationConfig } from '../config';
import { appliedPosition, storeNode } from '../store/capture';
import type { Divergence } from '../store/cluster';
import { storeCluster } from '../store/env';
import { migrateSchema } from './schema';

/**
 * `stale`: the node has not reported for longer than SVC_FAILOVER_SECONDS (stopped, killed, paused or cut off from
 * PostgreSQL: a primary that stops renewing its lease is replaced within that time); `diverged`: it reported that it
 * holds a change the stream does not (docs/operations.md "A diverged node").
 */
export type NodeRow = {
  node: string;
  role: string;
  applied: number;
  lag_seconds: number | null;
  url: string | null;
  seen_seconds_ago: number;
  stale: boolean;
  diverged: boolean;
};
export type ReplicationStatus = {
  role: 'primary' | 'standby';
  node: string;
  primary: string | null;
  epoch: number;
  applied: number;
  head: number;
  lag_seconds: number | null;
  /** This data directory's divergence, null when it has none. */
  diverged: Divergence | null;
  nodes: NodeRow[];
};

/** Seconds since the first stream entry after `applied` was committed; 0 when there is none (caught up). */
const LAG = `CASE WHEN $1::bigint >= coalesce((SELECT max(pos) FROM svc_changes), 0) THEN 0
  ELSE extract(epoch FROM now() - (SELECT at FROM svc_changes WHERE pos = $1::bigint + 1))::float8 END AS lag`;

export async function replicationStatus(rc: ReplicationConfig): Promise<ReplicationStatus> {
  const sql = new Bun.SQL(rc.url, { max: 1, connectionTimeout: 5 });
  try {
    await migrateSchema(sql);
    const [lease] =
      await sql`SELECT holder, epoch::float8 AS epoch, expires_at > now() AS valid FROM svc_lease WHERE id = 1`;
    const [{ head }] = await sql`SELECT coalesce(max(pos), 0)::float8 AS head FROM svc_changes`;
    const primary = lease.valid ? (lease.holder as string) : null;
    const lagOf = async (applied: number) => (await sql.unsafe(`SELECT ${LAG}`, [applied]))[0].lag as number | null;
    const rows =
      await sql`SELECT node, role, applied::float8 AS applied, url, extract(epoch FROM now() - seen_at)::float8 AS ago FROM svc_nodes ORDER BY node`;
    const nodes: NodeRow[] = [];
    for (const r of rows) {
      nodes.push({
        node: r.node,
        role: r.node === primary ? 'primary' : 'standby',
        applied: r.applied,
        lag_seconds: await lagOf(r.applied),
        url: r.url,
        seen_seconds_ago: Math.round(r.ago * 10) / 10,
        stale: r.ago > rc.failoverSeconds,
        diverged: r.role === 'diverged',
      });
    }
    const applied = appliedPosition();
    // Without SVC_NODE_ID, the node this data directory's server joined as (it may have been given one).
    const node = rc.nodeIdSet ? rc.nodeId : (storeNode() ?? rc.nodeId);
    return {
      role: primary === node ? 'primary' : 'standby',
      node,
      primary,
      epoch: lease.epoch,
      applied,
      head,
      lag_seconds: await lagOf(applied),
      diverged: storeCluster()?.diverged ?? null,
      nodes,
    };
  } finally {
    await sql.close();
  }
}
