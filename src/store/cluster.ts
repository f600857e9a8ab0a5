// Owns what a data directory records of the replicated cluster it belongs to (the node it joined as, the last
// stream position it holds, a divergence it found) and the refusals that keep such a directory in step with the
// cluster: no change made here outside the stream, none applied over a change the stream does not hold.
import type { Database, RootDatabase } from 'lmdb';
import { SERVICE_ENV_FILE } from '../config';

/** This node's own bookkeeping of the stream (capture.ts): never replicated. */
export const STATE_DB = 'replication';

/** The stream entry a node refused to apply, and why (docs/operations.md "A diverged node"). */
export type Divergence = { pos: number; what: string; at: string };
export type ClusterState = { node: string | null; applied: number; diverged: Divergence | null };

/**
 * What the store of `env` records of its cluster; null when it never joined one (a single node). A directory has
 * joined once its server started with SVC_REPLICATION_URL (it records its node id) or once it holds any stream
 * entry (an operator command, or a restored backup of a node). Reads only: opens nothing that does not exist.
 */
export function clusterState(env: RootDatabase): ClusterState | null {
  const db = env.openDB({ name: STATE_DB, encoding: 'msgpack', create: false } as never) as Database | undefined;
  const node = (db?.get('node') as string | undefined) ?? null;
  const applied = (db?.get('applied') as number | undefined) ?? 0;
  if (node === null && applied === 0) return null;
  return { node, applied, diverged: (db?.get('diverged') as Divergence | undefined) ?? null };
}

/**
 * `svc restore --standalone`: the store of `env` forgets its cluster (its node id, position and divergence) and is a
 * single node from then on; it never rejoins (docs/operations.md "Backups").
 */
export function forgetCluster(env: RootDatabase): void {
  const db = env.openDB({ name: STATE_DB, encoding: 'msgpack', create: false } as never) as Database | undefined;
  if (!db) return;
  env.transactionSync(() => {
    for (const k of ['node', 'applied', 'diverged']) db.removeSync(k);
  });
}

/**
 * A change on a cluster's data directory (or a restore of a cluster node's backup) without SVC_REPLICATION_URL:
 * refused before anything is written.
 */
export class NotReplicated extends Error {
  constructor(s: ClusterState, backup = false) {
    const node = s.node ?? 'not named yet';
    // The variable first: the console shows this on one line of its status bar.
    super(
      (backup
        ? `SVC_REPLICATION_URL is not set, and this backup comes from a node of a replicated cluster (node ${node}): ` +
          'restored alone it would diverge from the cluster, so nothing was restored; '
        : `SVC_REPLICATION_URL is not set, and this data directory belongs to a replicated cluster (node ${node}): ` +
          'a change made here alone would diverge from the cluster, so nothing was changed; ') +
        `set it as every node of the cluster has it (the service's environment file, ${SERVICE_ENV_FILE} with the systemd unit) and run it again` +
        (backup ? ', or restore it with --standalone to make a single appliance of it' : ''),
    );
  }
}

/** This node holds a change the stream does not: it applies nothing more and refuses every change. */
export class Diverged extends Error {
  constructor(readonly divergence: Divergence) {
    super(divergedText(divergence));
  }
}

/** One line for operators: what diverged, and what to do. */
export const divergedText = (d: Divergence): string =>
  `this node diverged from the replicated stream at entry ${d.pos} (${d.what}; found ${d.at}): ` +
  'it applies and changes nothing more; rebuild it from an empty data directory';
