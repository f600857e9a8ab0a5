// Owns the check a state-changing operator command makes before it starts: that this data directory may change
// (it did not diverge; a cluster's directory changes only through PostgreSQL) and, on a replicated node, that
// PostgreSQL answers and holds this node's stream. Nothing is written when it refuses.
import { SERVICE_ENV_FILE, type Config, type ReplicationConfig } from '../config';
import { appliedPosition } from '../store/capture';
import { Diverged, NotReplicated } from '../store/cluster';
import { clusterStateAt, localWriteRefusal, storeCluster } from '../store/env';
import { operatorUnreachable } from './link';
import { migrateSchema } from './schema';

/** Throws unless PostgreSQL answers and its stream reaches `applied`, the position of the store to be changed. */
export async function assertStreamHolds(rc: ReplicationConfig, applied: number): Promise<void> {
  const sql = new Bun.SQL(rc.url, { max: 1, connectionTimeout: 5 });
  let head = 0;
  try {
    const [{ made }] = await sql`SELECT to_regclass('svc_changes') IS NOT NULL AS made`;
    if (made) [{ head }] = await sql`SELECT coalesce(max(pos), 0)::float8 AS head FROM svc_changes`;
    // A new cluster whose servers have not started yet: the command's own commit needs the schema. A node that
    // applied entries before finds them in its cluster's database, and leaves any other one untouched.
    else if (applied === 0) await migrateSchema(sql);
  } catch (e) {
    // The code only: a connection error's text may name the server.
    const err = e as { code?: string; errno?: string };
    throw operatorUnreachable(String(err.errno ?? err.code ?? 'no answer'));
  } finally {
    await sql.close().catch(() => {});
  }
  if (applied > head)
    throw new Error(
      `PostgreSQL at SVC_REPLICATION_URL holds stream entries up to ${head}, but this data directory applied ${applied}: ` +
        `it is not the database of this cluster (or it lost entries); nothing was changed (check the URL: the service's environment file, ${SERVICE_ENV_FILE} with the systemd unit)`,
    );
}

/** Throws the one-line refusal of a state-changing command on the open store, if any. */
export async function assertOperatorMayWrite(cfg: Config): Promise<void> {
  const alone = localWriteRefusal();
  if (alone) throw alone;
  const d = storeCluster()?.diverged;
  if (d) throw new Diverged(d);
  if (cfg.replication) await assertStreamHolds(cfg.replication, appliedPosition());
}

/**
 * `svc restore`: a backup of a cluster's node is restored only through PostgreSQL (its restore entry goes through
 * the stream), or with `standalone` as a single appliance that leaves the cluster. Checked before anything is copied.
 */
export async function assertRestoreMayWrite(from: string, cfg: Config, standalone: boolean): Promise<void> {
  const s = await clusterStateAt(from);
  if (standalone) {
    if (cfg.replication)
      throw new Error('--standalone makes a single appliance of the backup: run it without SVC_REPLICATION_URL');
    return;
  }
  if (!s) {
    if (cfg.replication) await assertStreamHolds(cfg.replication, 0);
    return;
  }
  if (s.diverged) throw new Diverged(s.diverged);
  if (!cfg.replication) throw new NotReplicated(s, true);
  await assertStreamHolds(cfg.replication, s.applied);
}
