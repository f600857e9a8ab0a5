// Test helper for replicated appliances: nodes on one PostgreSQL URL, writes under load recording every 201, and
// the check that every acknowledged record answers on a node with a signature node:crypto accepts.
import { expect } from 'bun:test';
import { verify } from 'node:crypto';
import { join } from 'node:path';
import { call, cleanup, newTenant, pubKey, startServer, tempDir, type Server } from './helpers';
import { startPg, type Pg } from './pg';

export type Cluster = {
  /** Starts a node on `url` with an empty (or the given) data directory; `extra`: more of its environment. */
  node(url: string, extra?: Record<string, string>, dataDir?: string): Promise<Server>;
  /** Starts a stopped (or killed) node again on its own data directory. */
  restart(s: Server): Promise<Server>;
  servers: Server[];
  dirs: string[];
  acked: string[];
  tenant: { tenantId: string; key: string };
};

export function cluster(env: Record<string, string>): Cluster {
  const urls = new Map<Server, string>();
  const c: Cluster = {
    servers: [],
    dirs: [],
    acked: [],
    tenant: { tenantId: '', key: '' },
    async node(url, extra = {}, dataDir = tempDir()) {
      c.dirs.push(dataDir);
      const s = await startServer({ dataDir, env: { ...env, ...extra, SVC_REPLICATION_URL: url } });
      urls.set(s, url);
      c.servers.push(s);
      return s;
    },
    async restart(s) {
      const again = await startServer({ dataDir: s.dataDir, env: { ...env, SVC_REPLICATION_URL: urls.get(s)! } });
      urls.set(again, urls.get(s)!);
      c.servers.push(again);
      return again;
    },
  };
  return c;
}

/**
 * A throw-away PostgreSQL and two nodes on it that sign checkpoints and heads every second: `a` the primary, `b` a
 * standby, and an enterprise tenant (`domain`) whose key has `scopes` (in `nodes.tenant`). The CLI runs against the
 * same cluster with `cliEnv`.
 */
export async function primaryAndStandby(domain: string, scopes: string) {
  const keyDir = tempDir();
  const env = {
    SVC_MASTER_KEY_FILE: join(keyDir, 'master.key'),
    SVC_CHECKPOINT_SECONDS: '1',
    SVC_HEAD_SECONDS: '1',
    SVC_PUBLIC_RPS: '1000000',
  };
  const pg: Pg = await startPg();
  // The CLI acts on the cluster, as a node's env file would make it.
  const cliEnv = { SVC_REPLICATION_URL: pg.url, SVC_MASTER_KEY_FILE: env.SVC_MASTER_KEY_FILE };
  const nodes = cluster(env);
  const a = await nodes.node(pg.url);
  expect((await health(a)).role).toBe('primary');
  const b = await nodes.node(pg.url);
  const t = await newTenant(a.dataDir, domain, scopes, 'enterprise', cliEnv);
  nodes.tenant = { tenantId: t.tenantId, key: t.key };
  return {
    pg,
    cliEnv,
    nodes,
    a,
    b,
    async stop() {
      for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
      await pg.stop();
      for (const d of [...nodes.dirs, keyDir]) cleanup(d);
    },
  };
}

export const health = async (s: Server) => (await call(s, 'GET', '/healthz')).body;
export const write = (c: Cluster, s: Server, payload: unknown) =>
  call(s, 'POST', '/v1/events', { key: c.tenant.key, body: { event_type: 'repl', payload } });

/** Every id answers on `s` with its record and a proof whose signature node:crypto accepts. */
export async function expectReadable(s: Server, ids: string[]): Promise<void> {
  for (const id of ids) {
    const p = await call(s, 'GET', `/v1/proof/event/${id}`);
    expect([id, p.status, p.body.signature_valid]).toEqual([id, 200, true]);
    expect(
      verify(
        null,
        Buffer.from(p.body.signed_payload, 'hex'),
        pubKey(p.body.public_key),
        Buffer.from(p.body.signature, 'hex'),
      ),
    ).toBe(true);
  }
}

/** `clients` loops writing to whichever server `target()` names, recording every 201 in `c.acked` until `stop()`. */
export function load(c: Cluster, clients: number, target: () => Server) {
  let running = true;
  const statuses: Array<[number, string | undefined]> = [];
  let n = 0;
  const loop = async () => {
    while (running) {
      try {
        const r = await write(c, target(), { i: ++n });
        statuses.push([r.status, r.body?.error]);
        if (r.status === 201) c.acked.push(r.body.event_id);
      } catch {
        // the connection dies with a killed process
        await Bun.sleep(20);
      }
    }
  };
  const all = Array.from({ length: clients }, loop);
  const stop = async () => {
    running = false;
    await Promise.all(all);
  };
  return { statuses, stop };
}

/** Every answer under load was a 201 or a refusal that wrote nothing (503 with one of `refusals`): never a 500. */
export function expectOnlyRefusals(
  statuses: Array<[number, string | undefined]>,
  refusals = ['replication_unavailable', 'not_primary'],
): void {
  const other = statuses.filter(([s, e]) => !(s === 201 || (s === 503 && refusals.includes(e!))));
  expect(other).toEqual([]);
}
