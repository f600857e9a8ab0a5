// Replication on PostgreSQL with real nodes: standby reads, not_primary, operator commands on a standby under load, a node restored from a standby's backup, a standby's read counters, kill -9 failover under load, PostgreSQL stopped under load, a node from an empty directory, SIGSTOP fencing.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { call, cleanup, newTenant, svc, tempDir, until, type Server } from '../helpers';
import { noteOk } from '../http/independent-tlog';
import { expectLogHolds } from '../log-checks';
import { startPg, type Pg } from '../pg';
import {
  cluster,
  expectOnlyRefusals,
  expectReadable,
  health,
  load as loadOn,
  write as writeTo,
} from '../replication-nodes';

const FAILOVER_SECONDS = 4;
let pg: Pg;
const keyDir = tempDir();
let t: { tenantId: string; key: string };
const env = {
  SVC_MASTER_KEY_FILE: join(keyDir, 'master.key'),
  SVC_FAILOVER_SECONDS: String(FAILOVER_SECONDS),
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_CHECKPOINT_LEAVES: '50',
  SVC_PUBLIC_RPS: '1000000',
};

/** The CLI acts on the cluster, as a node's env file would make it. */
const cliEnv = () => ({ SVC_REPLICATION_URL: pg.url, SVC_MASTER_KEY_FILE: env.SVC_MASTER_KEY_FILE });

const nodes = cluster(env);
const { servers, dirs, acked } = nodes;
const node = () => nodes.node(pg.url);
const write = (s: Server, payload: unknown) => writeTo(nodes, s, payload);
const load = (clients: number, target: () => Server) => loadOn(nodes, clients, target);

let a: Server;
let b: Server;
/** `svc key create` of a read key for the test tenant, run against `s`'s data directory. */
const readKeyOn = (s: Server, name: string) =>
  svc(['--data-dir', s.dataDir, 'key', 'create', '--tenant', t.tenantId, '--name', name, '--scopes', 'read'], cliEnv());

beforeAll(async () => {
  pg = await startPg();
  a = await node();
  expect((await health(a)).role).toBe('primary');
  b = await node();
  const nt = await newTenant(a.dataDir, 'repl.test', 'read,write', 'enterprise', cliEnv());
  t = nodes.tenant = { tenantId: nt.tenantId, key: nt.key };
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL').catch(() => {});
  await pg.stop();
  for (const d of [...dirs, keyDir]) cleanup(d);
});

describe('two nodes on one PostgreSQL', () => {
  it("serves the primary's writes on the standby with valid signatures; the standby answers writes 503 not_primary", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await write(a, { i });
      expect(r.status).toBe(201);
      ids.push(r.body.event_id);
    }
    await until(async () => (await call(b, 'GET', `/v1/events/${ids.at(-1)}`, { key: t.key })).status === 200);
    await expectReadable(b, ids);
    const refused = await write(b, { on: 'standby' });
    expect([refused.status, refused.body.error, refused.headers.get('retry-after')]).toEqual([503, 'not_primary', '1']);

    const [ha, hb] = [await health(a), await health(b)];
    expect([ha.role, hb.role]).toEqual(['primary', 'standby']);
    expect(hb.applied).toBeGreaterThan(0);
    expect([
      (await call(a, 'GET', '/healthz/primary')).status,
      (await call(b, 'GET', '/healthz/primary')).status,
    ]).toEqual([200, 503]);
    expect([
      (await call(a, 'GET', '/healthz/replica')).status,
      (await call(b, 'GET', '/healthz/replica')).status,
    ]).toEqual([503, 200]);

    const st = await svc(['--data-dir', b.dataDir, 'replication', 'status'], cliEnv());
    expect(st.code).toBe(0);
    expect(st.json).toMatchObject({ role: 'standby' });
    expect(st.json.primary).toBe(st.json.nodes.find((x: { role: string }) => x.role === 'primary').node);
    expect(st.json.nodes.map((x: { role: string }) => x.role).sort()).toEqual(['primary', 'standby']);
    expect(typeof st.json.lag_seconds).toBe('number');
  });

  it('answers every write 201 while operator commands run on the standby: a batch that lost its position is written by a fresh writer', async () => {
    const l = load(16, () => a);
    await until(async () => l.statuses.length > 200, 20000, 20);
    const made: string[] = [];
    for (let i = 0; i < 8; i++) {
      const k = await readKeyOn(b, `operator ${i}`);
      expect([k.code, k.stderr]).toEqual([0, '']);
      made.push(k.json.key_id);
    }
    const seen = l.statuses.length;
    await until(async () => l.statuses.length > seen + 100, 20000, 20);
    await l.stop();
    // No write was refused: each batch whose position an operator command took was resubmitted, not answered 503.
    expect(l.statuses.filter(([s]) => s !== 201)).toEqual([]);
    expect(a.output()).toContain('another node committed first');
    const keys = (await svc(['--data-dir', a.dataDir, 'key', 'list', '--tenant', t.tenantId], cliEnv())).json.keys;
    for (const id of made) expect(keys.some((k: { key_id: string }) => k.key_id === id)).toBe(true);
  });

  it("counts a standby's reads on the primary exactly once: verification usage and the key's last use", async () => {
    const used = async (s: Server) =>
      (await svc(['--data-dir', s.dataDir, 'tenant', 'show', t.tenantId], cliEnv())).json.usage
        .api_verifications_per_month.used as number;
    const lastUsed = async (s: Server, keyId: string) =>
      (await svc(['--data-dir', s.dataDir, 'key', 'list', '--tenant', t.tenantId], cliEnv())).json.keys.find(
        (k: { key_id: string }) => k.key_id === keyId,
      ).last_used_at;
    const k = await readKeyOn(b, 'standby reader');
    expect(k.code).toBe(0);
    const e = await write(a, { verify: 'on standby' });
    expect(e.status).toBe(201);
    const before = await used(a);
    await until(
      async () => (await call(b, 'GET', `/v1/events/${e.body.event_id}`, { key: k.json.api_key })).status === 200,
    );
    for (let i = 0; i < 3; i++) {
      const v = await call(b, 'POST', `/v1/events/${e.body.event_id}/verify`, {
        key: k.json.api_key,
        body: { payload: { verify: 'on standby' } },
      });
      expect([v.status, v.body.match_result]).toEqual([200, true]);
    }
    // Applied by the primary's writer and replicated back to the standby.
    await until(async () => (await used(b)) >= before + 3, 20000, 200);
    expect([await used(a), await used(b)]).toEqual([before + 3, before + 3]);
    expect(await lastUsed(a, k.json.key_id)).toEqual(expect.any(String));
  });

  it('fails over within SVC_FAILOVER_SECONDS of a kill -9 under 32-client load, losing no 201 and continuing the log', async () => {
    const get = (s: Server, path: string) => call(s, 'GET', path, { key: t.key });
    const from = acked.length;
    const l = load(32, () => a);
    const signed: any[] = [];
    await until(
      async () => {
        const c = (await get(a, '/v1/log/checkpoint')).body;
        if (c?.tree_size && !signed.some((x) => x.tree_size === c.tree_size)) signed.push(c);
        return signed.length >= 2 && acked.length - from > 300;
      },
      60000,
      100,
    );
    a.proc.kill('SIGKILL');
    const killedAt = Date.now();
    await l.stop();
    await until(async () => (await write(b, { after: 'failover' })).status === 201, 30000, 50);
    const tookMs = Date.now() - killedAt;
    expect(tookMs).toBeLessThan(FAILOVER_SECONDS * 1000);
    expect((await health(b)).role).toBe('primary');

    await expectReadable(b, acked);
    const after = await until(
      async () => {
        const c = (await get(b, '/v1/log/checkpoint')).body;
        return c.tree_size > acked.length && c;
      },
      30000,
      100,
    );
    const pub = Buffer.from((await call(b, 'GET', '/keys/repl.test')).body.keys[0].public_key, 'base64url');
    expect(noteOk(after.checkpoint, after.origin, pub)).toBe(true);
    const leaves = await expectLogHolds(async (path) => (await get(b, path)).body, signed, after, acked);
    expect(leaves.size).toBe(acked.length);
  });

  it('answers writes 503 replication_unavailable while PostgreSQL is stopped and resumes after, losing nothing', async () => {
    const l = load(8, () => b);
    await until(() => l.statuses.filter(([s]) => s === 201).length > 50, 30000);
    await pg.halt('fast');
    const down = l.statuses.length;
    await until(() => l.statuses.slice(down).some(([s, e]) => s === 503 && e === 'replication_unavailable'), 20000);
    // Reads go on from the local store.
    expect((await call(b, 'GET', `/v1/events/${acked[0]}`, { key: t.key })).status).toBe(200);
    await pg.start();
    const back = l.statuses.length;
    await until(() => l.statuses.slice(back).some(([s]) => s === 201), 30000);
    await l.stop();
    expectOnlyRefusals(l.statuses, ['replication_unavailable', 'not_primary', 'overloaded']);
    await expectReadable(b, acked);
  });

  it('builds a node with an empty data directory from the stream alone', async () => {
    const c = await nodes.node(pg.url, { SVC_NODE_ID: 'named-node' });
    const target = (await health(b)).applied;
    await until(async () => (await health(c)).applied >= target, 60000, 100);
    expect((await health(c)).role).toBe('standby');
    await expectReadable(c, acked);
    // The CLI, run without SVC_NODE_ID, names the node as its server joined.
    const st = await svc(['--data-dir', c.dataDir, 'replication', 'status'], cliEnv());
    expect([st.code, st.json.node, st.json.role]).toEqual([0, 'named-node', 'standby']);
    expect(st.json.nodes.map((x: { node: string }) => x.node)).toContain('named-node');
  });

  it('fences a paused primary: resumed, it gets no write acknowledged and rejoins as a standby', async () => {
    const c = servers.at(-1)!;
    b.proc.kill('SIGSTOP');
    try {
      await until(
        async () => (await call(c, 'GET', '/healthz/primary')).status === 200,
        FAILOVER_SECONDS * 1000 + 2000,
        50,
      );
      const w = await write(c, { on: 'new primary' });
      expect(w.status).toBe(201);
      acked.push(w.body.event_id);
      // Sent while paused: the old primary reads it only once resumed.
      const pending = write(b, { on: 'paused primary' });
      b.proc.kill('SIGCONT');
      const r = await pending;
      expect([r.status, ['not_primary', 'replication_unavailable'].includes(r.body.error), r.body]).toEqual([
        503,
        true,
        r.body,
      ]);
    } finally {
      b.proc.kill('SIGCONT');
    }
    await until(async () => (await health(b)).role === 'standby', 10000);
    const target = (await health(c)).applied;
    await until(async () => (await health(b)).applied >= target, 10000);
    await expectReadable(b, acked.slice(-50));
    expect((await write(b, { again: true })).body.error).toBe('not_primary');
  });
  it("restores a standby's backup into a new node: it applies only what followed, and the restore is in every node's operator log", async () => {
    const primary = servers.find((s) => s.proc.exitCode === null && s.proc.signalCode === null && s !== b)!;
    expect((await health(primary)).role).toBe('primary');
    const backupDir = join(tempDir(), 'backup');
    const bk = await svc(['--data-dir', b.dataDir, 'backup', '--to', backupDir], cliEnv());
    expect(bk.code).toBe(0);
    for (let i = 0; i < 20; i++) {
      const w = await write(primary, { after: 'backup', i });
      expect(w.status).toBe(201);
      acked.push(w.body.event_id);
    }
    const restored = join(tempDir(), 'restored');
    const rs = await svc(['--data-dir', restored, 'restore', '--from', backupDir], cliEnv());
    // stderr may carry progress lines on a slow machine; a failure is exit 1 with an `error:` line.
    expect([rs.code, rs.stderr.includes('error:')]).toEqual([0, false]);
    const d = await nodes.node(pg.url, {}, restored);
    const target = (await health(primary)).applied;
    await until(async () => (await health(d)).applied >= target, 30000, 100);
    expect((await health(d)).role).toBe('standby');
    await expectReadable(d, acked);
    // The restore went through the stream: one entry, at the same place in every node's operator log.
    const entries = async (s: Server) =>
      (await svc(['--data-dir', s.dataDir, 'operator', 'log', '--json'], cliEnv())).json as Array<{
        leaf_index: number;
        entry: { action: string };
      }>;
    const onPrimary = (await entries(primary)).filter((x) => x.entry.action === 'restore');
    expect(onPrimary.length).toBe(1);
    expect((await entries(d)).filter((x) => x.entry.action === 'restore')).toEqual(onPrimary);
    for (const s of [primary, d])
      expect((await svc(['--data-dir', s.dataDir, 'operator', 'verify'], cliEnv())).code).toBe(0);
  });
});
