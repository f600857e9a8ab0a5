// Owns this node's place in a replicated cluster (server main thread): the stream's schema, catching up, the
// lease that makes one node primary (taken, renewed, released, lost), tailing the stream as a standby, the
// node's heartbeat row, and the role and lag that /healthz and `svc replication status` report. All of it is one
// ReplicationNode, created at boot (src/boot.ts) and handed to what needs it; nothing here lives at module level.
import type { SQL } from 'bun';
import type { ReplicationConfig } from '../config';
import { log } from '../log';
import { applyEntries, appliedPosition, divergence, rememberNode, type Entry } from '../store/capture';
import { Diverged } from '../store/cluster';
import { replicateStore } from '../store/env';
import { submitInternal } from '../store/writer';
import { drainForwarded, FORWARDED, Forwarder, type Forwarded } from './forward';
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

/** Seconds a lease lasts: half the failover bound, so a standby notices, catches up and starts within it. */
const leaseSeconds = (c: ReplicationConfig): number => Math.max(1, c.failoverSeconds / 2);

/**
 * One node of a cluster: created at boot when SVC_REPLICATION_URL is set, joined by `start` once the store is
 * migrated, left by `stop`. The server hands it to the health routes and the writer's refusal; the role the
 * store's replicator checks on every write transaction is the plain property `role`.
 */
export class ReplicationNode {
  role: Role = 'standby';
  private sql: SQL | null = null;
  private link: Link | null = null;
  private forwarder: Forwarder | null = null;
  private hooks: RoleHooks | null = null;
  /** Between start and stop: nodeState answers null outside (as in single-node mode). */
  private joined = false;
  private epoch = 0;
  private primary: string | null = null;
  /** Date.now() of the last lease renewal PostgreSQL confirmed (primary), 0 when none. */
  private renewedAt = 0;
  /** Date.now() of the last time this node knew it held every entry of the stream. */
  private caughtUpAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking = false;
  private changing: Promise<void> | null = null;
  private lastBeat = 0;
  private lastRenew = 0;
  private lastCounters = 0;
  private draining: Promise<void> | null = null;
  private url: string | null = null;
  /** Set once this node found that it holds a change the stream does not (store/cluster): it applies nothing more. */
  private diverged = false;

  constructor(private readonly rc: ReplicationConfig) {}

  /** Fetches and applies stream entries after this node's position; with `all` false, skips this node's own. */
  private async pull(all: boolean): Promise<number> {
    if (this.diverged) return 0;
    const sql = this.sql!;
    let applied = appliedPosition();
    let total = 0;
    for (;;) {
      const rows = (
        all
          ? await sql`SELECT pos::float8 AS pos, body FROM svc_changes WHERE pos > ${applied} ORDER BY pos LIMIT ${CHUNK}`
          : await sql`SELECT pos::float8 AS pos, body FROM svc_changes WHERE pos > ${applied} AND (epoch IS NULL OR node <> ${this.rc.nodeId}) ORDER BY pos LIMIT ${CHUNK}`
      ) as Entry[];
      if (!all) {
        // The primary applies others' entries (operator commands) once its own writer has reached them.
        const next = rows.findIndex((r, i) => r.pos !== applied + 1 + i);
        if (next === 0) return total;
        if (next > 0) rows.length = next;
      }
      if (rows.length) applied = this.applyDetecting(rows);
      total += rows.length;
      if (rows.length < CHUNK) {
        this.caughtUpAt = Date.now();
        return total;
      }
    }
  }

  /**
   * applyEntries, and what follows a divergence it finds: said once, loudly; a primary gives up its lease at once
   * (docs/operations.md "A diverged node"); the heartbeat reports the node as diverged from then on.
   */
  private applyDetecting(rows: Entry[]): number {
    try {
      return applyEntries(rows);
    } catch (e) {
      if (!(e instanceof Diverged) || this.diverged) throw e;
      this.diverged = true;
      log('error', 'replication: this node diverged from the stream and stops applying it', {
        node: this.rc.nodeId,
        error: e.message,
      });
      if (this.role === 'primary' && !this.changing) this.change('standby');
      throw e;
    }
  }

  private async tryAcquire(): Promise<boolean> {
    const rows = await this
      .sql!`UPDATE svc_lease SET holder = ${this.rc.nodeId}, epoch = epoch + 1, expires_at = now() + make_interval(secs => ${leaseSeconds(this.rc)})
    WHERE id = 1 AND expires_at < now() RETURNING epoch::float8 AS epoch`;
    if (!rows.length) return false;
    this.epoch = rows[0].epoch as number;
    this.renewedAt = Date.now();
    return true;
  }

  /** False when another node holds the lease now (this one lost it); throws when PostgreSQL cannot be reached. */
  private async renew(): Promise<boolean> {
    const rows = await this
      .sql!`UPDATE svc_lease SET expires_at = now() + make_interval(secs => ${leaseSeconds(this.rc)})
    WHERE id = 1 AND holder = ${this.rc.nodeId} AND epoch = ${this.epoch} RETURNING 1`;
    if (rows.length) this.renewedAt = Date.now();
    return rows.length > 0;
  }

  /** Role changes run one at a time, outside the tick (starting the writer takes a while; renewals go on meanwhile). */
  private change(to: Role): void {
    this.changing = (async () => {
      if (to === 'primary') {
        // Everything the stream holds is applied before this node writes: its logs and sequences continue from there.
        while ((await this.pull(true)) > 0);
        this.role = 'primary';
        this.primary = this.rc.nodeId;
        log('info', 'replication: this node is now primary', {
          node: this.rc.nodeId,
          epoch: this.epoch,
          applied: appliedPosition(),
        });
        await this.hooks!.promote();
      } else {
        this.role = 'standby';
        log('warn', 'replication: this node is now a standby', { node: this.rc.nodeId });
        await this.hooks!.demote();
        if (this.diverged) await this.releaseLease();
      }
    })()
      .catch((e) => log('error', 'replication: role change failed', { error: String((e as Error).message) }))
      .finally(() => {
        this.changing = null;
      });
  }

  private async tick(): Promise<void> {
    const c = this.rc;
    const sql = this.sql!;
    const now = Date.now();
    if (this.role === 'primary') {
      if (now - this.lastRenew >= (leaseSeconds(c) * 1000) / 4) {
        this.lastRenew = now;
        if (!(await this.renew())) {
          if (!this.changing) this.change('standby');
          return;
        }
      }
      await this.pull(false);
      if (now - this.lastCounters >= COUNTERS_MS && !this.draining && !this.changing) {
        this.lastCounters = now;
        // Not awaited: the writer may be busy, and renewals must not wait for it.
        this.draining = drainForwarded(sql, (rows) => submitInternal(FORWARDED, rows))
          .then((items) => this.hooks?.forwarded(items))
          .catch((e) =>
            log('warn', 'replication: forwarded counters not applied yet', { error: String((e as Error).message) }),
          )
          .finally(() => {
            this.draining = null;
          });
      }
    } else if (!this.changing) {
      await this.pull(true);
      const [l] = await sql`SELECT holder, expires_at < now() AS expired FROM svc_lease WHERE id = 1`;
      this.primary = l.expired ? null : (l.holder as string | null);
      if (l.expired && !this.diverged && (await this.tryAcquire())) this.change('primary');
      else if (now - this.lastCounters >= COUNTERS_MS) {
        this.lastCounters = now;
        await this.hooks!.flush();
      }
    }
    if (now - this.lastBeat >= HEARTBEAT_MS) {
      this.lastBeat = now;
      const reported = this.diverged ? 'diverged' : this.role;
      await sql`INSERT INTO svc_nodes (node, role, applied, url, seen_at) VALUES (${c.nodeId}, ${reported}, ${appliedPosition()}, ${this.url}, now())
      ON CONFLICT (node) DO UPDATE SET role = EXCLUDED.role, applied = EXCLUDED.applied, url = EXCLUDED.url, seen_at = now()`;
    }
  }

  /**
   * Joins the cluster: migrates the schema, turns replication on for this thread's store, applies everything the
   * stream holds (a node with an empty data directory builds itself here), then takes the lease if it is free
   * (promote runs before this resolves) or stays a standby and tails the stream.
   */
  async start(h: RoleHooks): Promise<void> {
    const rc = this.rc;
    this.joined = true;
    this.hooks = h;
    const sql = (this.sql = new Bun.SQL(rc.url, { max: 2, connectionTimeout: 5 }));
    await migrateSchema(sql);
    this.forwarder = new Forwarder(sql, rc.nodeId);
    await this.forwarder.start();
    this.link = openLink(rc.url, rc.nodeId);
    replicateStore(primaryReplicator(this.link, () => this.role === 'primary'));
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
    while ((await this.pull(true)) > 0);
    log('info', 'replication: caught up with the stream', {
      node: rc.nodeId,
      applied: appliedPosition(),
      ms: Math.round(performance.now() - t0),
    });
    if (await this.tryAcquire()) {
      this.change('primary');
      await this.changing;
    }
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      this.tick()
        .catch((e) => {
          // A divergence was said once where it was found; the heartbeat goes on reporting it.
          if (e instanceof Diverged) return;
          log('warn', 'replication: PostgreSQL unreachable', {
            node: rc.nodeId,
            error: String((e as { code?: string }).code ?? 'error'),
          });
        })
        .finally(() => {
          this.ticking = false;
        });
    }, TICK_MS);
  }

  /** A standby's own write (a counter flush), handed to PostgreSQL for the primary's writer (store/writer refuseWrites). */
  forwardToPrimary = (kind: string, data: unknown): Promise<void> => this.forwarder!.forward(kind, data);

  /** The URL this node reports in the cluster's node list (known once the listener is bound). */
  announceUrl(u: string): void {
    this.url = u;
  }

  /** Ends this node's lease now, so that a standby takes over at once rather than once it expires. */
  private async releaseLease(): Promise<void> {
    await this
      .sql!`UPDATE svc_lease SET expires_at = '-infinity' WHERE id = 1 AND holder = ${this.rc.nodeId} AND epoch = ${this.epoch}`.catch(
      () => {},
    );
  }

  /** Leaves the cluster: a primary releases its lease so that a standby takes over at once, not after it expires. */
  async stop(): Promise<void> {
    if (!this.joined) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.ticking) await new Promise((r) => setTimeout(r, 10));
    await this.changing;
    await this.draining;
    if (this.role === 'primary') await this.releaseLease();
    await this.sql!.close().catch(() => {});
    this.link?.close();
    this.sql = this.link = this.forwarder = this.hooks = null;
    this.joined = false;
    this.role = 'standby';
  }

  /** This node's role, position and lag; null before it joined and after it left. */
  state(): NodeState | null {
    if (!this.joined) return null;
    const lag = this.caughtUpAt ? (Date.now() - this.caughtUpAt) / 1000 : null;
    return {
      role: this.role,
      node: this.rc.nodeId,
      primary: this.primary,
      applied: appliedPosition(),
      lag_seconds: this.role === 'primary' ? 0 : lag,
      // Found here by the tail, or recorded in the store by another thread's transaction (the writer's catching up).
      diverged: this.diverged || divergence() !== null,
    };
  }

  /** True while this node holds a lease PostgreSQL confirmed within its duration, and has not diverged (GET /healthz/primary). */
  holdsLease(): boolean {
    return (
      this.joined &&
      this.role === 'primary' &&
      Date.now() - this.renewedAt < leaseSeconds(this.rc) * 1000 &&
      !this.state()!.diverged
    );
  }

  /**
   * True on a standby that knew it had every entry at most `maxLagSeconds` ago and has not diverged
   * (GET /healthz/replica).
   */
  replicaFresh(): boolean {
    const s = this.state();
    return (
      !!s && !s.diverged && s.role === 'standby' && s.lag_seconds !== null && s.lag_seconds <= this.rc.maxLagSeconds
    );
  }
}
