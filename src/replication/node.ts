// Owns this node's place in a replicated cluster (server main thread): the stream's schema, catching up, the
// lease that makes one node primary (taken, renewed, released, lost), tailing the stream as a standby, the
// node's heartbeat row, and the role and lag that /healthz and `svc replication status` report.
import type { SQL } from 'bun';
import type { Config, ReplicationConfig } from '../config';
import { log } from '../log';
import { applyEntries, appliedPosition, divergence, rememberNode, type Entry } from '../store/capture';
import { Diverged } from '../store/cluster';
import { replicateStore } from '../store/env';
import { submitInternal } from '../store/writer';
import { drainForwarded, forward, FORWARDED, startForwarding, type Forwarded } from './forward';
import { openLink, primaryReplicator, type Link } from './link';
import { migrateSchema } from './schema';

export type Role = 'primary' | 'standby';
export type NodeState = {
  role: Role;
  node: string;
  primary: string | null;
  applied: number;
  lag_seconds: number | null;
  /** This node holds a change the stream does not (docs/operations.md "A diverged node"): it serves neither role. */
  diverged: boolean;
};
/**
 * What the server does when this node's role changes (start or stop the writer and background jobs); `flush`
 * hands a standby's counters over (they reach forwardToPrimary), `forwarded` sees what the primary applied of them.
 */
export type RoleHooks = {
  promote(): Promise<void>;
  demote(): Promise<void>;
  flush(): Promise<void>;
  forwarded(items: Forwarded[]): void;
};

/** How often a standby looks for new entries and for an expired lease. */
const TICK_MS = 50;
/** Entries applied per LMDB transaction while tailing. */
const CHUNK = 1000;
const HEARTBEAT_MS = 1000;
/** How often a standby hands its counters over and the primary applies what standbys handed over. */
const COUNTERS_MS = 250;

let sql: SQL | null = null;
let link: Link | null = null;
let rc: ReplicationConfig | null = null;
let hooks: RoleHooks | null = null;
let role: Role = 'standby';
let epoch = 0;
let primary: string | null = null;
/** Date.now() of the last lease renewal PostgreSQL confirmed (primary), 0 when none. */
let renewedAt = 0;
/** Date.now() of the last time this node knew it held every entry of the stream. */
let caughtUpAt = 0;
let timer: ReturnType<typeof setInterval> | null = null;
let ticking = false;
let changing: Promise<void> | null = null;
let lastBeat = 0;
let lastRenew = 0;
let lastCounters = 0;
let draining: Promise<void> | null = null;
let url: string | null = null;
/** Set once this node found that it holds a change the stream does not (store/cluster): it applies nothing more. */
let diverged = false;

/** Seconds a lease lasts: half the failover bound, so a standby notices, catches up and starts within it. */
const leaseSeconds = (c: ReplicationConfig): number => Math.max(1, c.failoverSeconds / 2);

/** Fetches and applies stream entries after this node's position; with `all` false, skips this node's own. */
async function pull(all: boolean): Promise<number> {
  if (diverged) return 0;
  let applied = appliedPosition();
  let total = 0;
  for (;;) {
    const rows = (
      all
        ? await sql!`SELECT pos::float8 AS pos, body FROM svc_changes WHERE pos > ${applied} ORDER BY pos LIMIT ${CHUNK}`
        : await sql!`SELECT pos::float8 AS pos, body FROM svc_changes WHERE pos > ${applied} AND (epoch IS NULL OR node <> ${rc!.nodeId}) ORDER BY pos LIMIT ${CHUNK}`
    ) as Entry[];
    if (!all) {
      // The primary applies others' entries (operator commands) once its own writer has reached them.
      const next = rows.findIndex((r, i) => r.pos !== applied + 1 + i);
      if (next === 0) return total;
      if (next > 0) rows.length = next;
    }
    if (rows.length) applied = applyDetecting(rows);
    total += rows.length;
    if (rows.length < CHUNK) {
      caughtUpAt = Date.now();
      return total;
    }
  }
}

/**
 * applyEntries, and what follows a divergence it finds: said once, loudly; a primary gives up its lease at once
 * (docs/operations.md "A diverged node"); the heartbeat reports the node as diverged from then on.
 */
function applyDetecting(rows: Entry[]): number {
  try {
    return applyEntries(rows);
  } catch (e) {
    if (!(e instanceof Diverged) || diverged) throw e;
    diverged = true;
    log('error', 'replication: this node diverged from the stream and stops applying it', {
      node: rc!.nodeId,
      error: e.message,
    });
    if (role === 'primary' && !changing) change('standby');
    throw e;
  }
}

async function tryAcquire(): Promise<boolean> {
  const rows =
    await sql!`UPDATE svc_lease SET holder = ${rc!.nodeId}, epoch = epoch + 1, expires_at = now() + make_interval(secs => ${leaseSeconds(rc!)})
    WHERE id = 1 AND expires_at < now() RETURNING epoch::float8 AS epoch`;
  if (!rows.length) return false;
  epoch = rows[0].epoch as number;
  renewedAt = Date.now();
  return true;
}

/** False when another node holds the lease now (this one lost it); throws when PostgreSQL cannot be reached. */
async function renew(): Promise<boolean> {
  const rows = await sql!`UPDATE svc_lease SET expires_at = now() + make_interval(secs => ${leaseSeconds(rc!)})
    WHERE id = 1 AND holder = ${rc!.nodeId} AND epoch = ${epoch} RETURNING 1`;
  if (rows.length) renewedAt = Date.now();
  return rows.length > 0;
}

/** Role changes run one at a time, outside the tick (starting the writer takes a while; renewals go on meanwhile). */
function change(to: Role): void {
  changing = (async () => {
    if (to === 'primary') {
      // Everything the stream holds is applied before this node writes: its logs and sequences continue from there.
      while ((await pull(true)) > 0);
      role = 'primary';
      primary = rc!.nodeId;
      log('info', 'replication: this node is now primary', { node: rc!.nodeId, epoch, applied: appliedPosition() });
      await hooks!.promote();
    } else {
      role = 'standby';
      log('warn', 'replication: this node is now a standby', { node: rc!.nodeId });
      await hooks!.demote();
      if (diverged) await releaseLease();
    }
  })()
    .catch((e) => log('error', 'replication: role change failed', { error: String((e as Error).message) }))
    .finally(() => {
      changing = null;
    });
}

async function tick(): Promise<void> {
  const c = rc!;
  const now = Date.now();
  if (role === 'primary') {
    if (now - lastRenew >= (leaseSeconds(c) * 1000) / 4) {
      lastRenew = now;
      if (!(await renew())) {
        if (!changing) change('standby');
        return;
      }
    }
    await pull(false);
    if (now - lastCounters >= COUNTERS_MS && !draining && !changing) {
      lastCounters = now;
      // Not awaited: the writer may be busy, and renewals must not wait for it.
      draining = drainForwarded(sql!, (rows) => submitInternal(FORWARDED, rows))
        .then((items) => hooks?.forwarded(items))
        .catch((e) =>
          log('warn', 'replication: forwarded counters not applied yet', { error: String((e as Error).message) }),
        )
        .finally(() => {
          draining = null;
        });
    }
  } else if (!changing) {
    await pull(true);
    const [l] = await sql!`SELECT holder, expires_at < now() AS expired FROM svc_lease WHERE id = 1`;
    primary = l.expired ? null : (l.holder as string | null);
    if (l.expired && !diverged && (await tryAcquire())) change('primary');
    else if (now - lastCounters >= COUNTERS_MS) {
      lastCounters = now;
      await hooks!.flush();
    }
  }
  if (now - lastBeat >= HEARTBEAT_MS) {
    lastBeat = now;
    const reported = diverged ? 'diverged' : role;
    await sql!`INSERT INTO svc_nodes (node, role, applied, url, seen_at) VALUES (${c.nodeId}, ${reported}, ${appliedPosition()}, ${url}, now())
      ON CONFLICT (node) DO UPDATE SET role = EXCLUDED.role, applied = EXCLUDED.applied, url = EXCLUDED.url, seen_at = now()`;
  }
}

/**
 * Joins the cluster: migrates the schema, turns replication on for this thread's store, applies everything the
 * stream holds (a node with an empty data directory builds itself here), then takes the lease if it is free
 * (promote runs before this resolves) or stays a standby and tails the stream.
 */
export async function startReplication(cfg: Config, h: RoleHooks): Promise<void> {
  rc = cfg.replication!;
  hooks = h;
  sql = new Bun.SQL(rc.url, { max: 2, connectionTimeout: 5 });
  await migrateSchema(sql);
  await startForwarding(sql, rc.nodeId);
  link = openLink(rc.url, rc.nodeId);
  replicateStore(primaryReplicator(link, () => role === 'primary'));
  rememberNode(rc.nodeId);
  // A node that found itself diverged stays down until it is rebuilt: serving would show changes others lack.
  const d = divergence();
  if (d) throw new Diverged(d);
  const [{ head }] = await sql`SELECT coalesce(max(pos), 0)::float8 AS head FROM svc_changes`;
  if (appliedPosition() > head) {
    // PostgreSQL lost entries this node applied (an asynchronous PostgreSQL failover, or another database).
    throw new Error(
      `replication: this node applied stream position ${appliedPosition()} but PostgreSQL holds only ${head}: rebuild this node from an empty data directory`,
    );
  }
  const t0 = performance.now();
  while ((await pull(true)) > 0);
  log('info', 'replication: caught up with the stream', {
    node: rc.nodeId,
    applied: appliedPosition(),
    ms: Math.round(performance.now() - t0),
  });
  if (await tryAcquire()) {
    change('primary');
    await changing;
  }
  timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    tick()
      .catch((e) => {
        // A divergence was said once where it was found; the heartbeat goes on reporting it.
        if (e instanceof Diverged) return;
        log('warn', 'replication: PostgreSQL unreachable', {
          node: rc?.nodeId,
          error: String((e as { code?: string }).code ?? 'error'),
        });
      })
      .finally(() => {
        ticking = false;
      });
  }, TICK_MS);
}

/** A standby's own write (a counter flush), handed to PostgreSQL for the primary's writer (store/writer refuseWrites). */
export function forwardToPrimary(kind: string, data: unknown): Promise<void> {
  return forward(sql!, rc!.nodeId, kind, data);
}

/** The URL this node reports in the cluster's node list (known once the listener is bound). */
export function announceUrl(u: string): void {
  url = u;
}

/** Ends this node's lease now, so that a standby takes over at once rather than once it expires. */
async function releaseLease(): Promise<void> {
  await sql!`UPDATE svc_lease SET expires_at = '-infinity' WHERE id = 1 AND holder = ${rc!.nodeId} AND epoch = ${epoch}`.catch(
    () => {},
  );
}

/** Leaves the cluster: a primary releases its lease so that a standby takes over at once, not after it expires. */
export async function stopReplication(): Promise<void> {
  if (!rc) return;
  if (timer) clearInterval(timer);
  timer = null;
  while (ticking) await new Promise((r) => setTimeout(r, 10));
  await changing;
  await draining;
  if (role === 'primary') await releaseLease();
  await sql!.close().catch(() => {});
  link?.close();
  sql = link = rc = hooks = null;
  role = 'standby';
}

/** This node's role, position and lag; null in single-node mode. */
export function nodeState(): NodeState | null {
  if (!rc) return null;
  const lag = caughtUpAt ? (Date.now() - caughtUpAt) / 1000 : null;
  return {
    role,
    node: rc.nodeId,
    primary,
    applied: appliedPosition(),
    lag_seconds: role === 'primary' ? 0 : lag,
    // Found here by the tail, or recorded in the store by another thread's transaction (the writer's catching up).
    diverged: diverged || divergence() !== null,
  };
}

/** True while this node holds a lease PostgreSQL confirmed within its duration, and has not diverged (GET /healthz/primary). */
export function holdsLease(): boolean {
  return !!rc && role === 'primary' && Date.now() - renewedAt < leaseSeconds(rc) * 1000 && !nodeState()!.diverged;
}

/**
 * True on a standby that knew it had every entry at most `maxLagSeconds` ago and has not diverged
 * (GET /healthz/replica).
 */
export function replicaFresh(): boolean {
  const s = nodeState();
  return !!s && !s.diverged && s.role === 'standby' && s.lag_seconds !== null && s.lag_seconds <= rc!.maxLagSeconds;
}
