// Replication failovers beyond two nodes: a PostgreSQL failover (synchronous streaming standby promoted) under load, three appliance nodes (one standby takes over, the other follows, the old primary rejoins), and a primary cut off from PostgreSQL by a partition.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { call, cleanup, newTenant, tempDir, until, type Server } from '../helpers';
import { startForwarder, startPg, startSyncStandby, type Pg } from '../pg';
import { cluster, expectOnlyRefusals, expectReadable, health, load, write } from '../replication-nodes';

const FAILOVER_SECONDS = 4;
const keyDir = tempDir();
const env = {
  SVC_MASTER_KEY_FILE: join(keyDir, 'master.key'),
  SVC_FAILOVER_SECONDS: String(FAILOVER_SECONDS),
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_PUBLIC_RPS: '1000000',
};
const nodes = cluster(env);
const pgs: Pg[] = [];
let standbyPg: Awaited<ReturnType<typeof startSyncStandby>>;
let proxy: Awaited<ReturnType<typeof startForwarder>>;
let url: string;

beforeAll(async () => {
  const primaryPg = await startPg();
  pgs.push(primaryPg);
  standbyPg = await startSyncStandby(primaryPg);
  pgs.push(standbyPg);
  proxy = await startForwarder(primaryPg.port);
  url = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
});
afterAll(async () => {
  for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
  proxy?.close();
  for (const p of pgs) await p.stop();
  for (const d of [...nodes.dirs, keyDir]) cleanup(d);
});

const primaryOf = async (ss: Server[]) => {
  for (const s of ss) if ((await call(s, 'GET', '/healthz/primary').catch(() => null))?.status === 200) return s;
  return null;
};

describe('replication failovers', () => {
  it('loses no acknowledged write when the PostgreSQL primary crashes and its synchronous standby is promoted under load', async () => {
    const a = await nodes.node(url);
    expect((await health(a)).role).toBe('primary');
    // The CLI acts on the cluster, as a node's env file would make it.
    const nt = await newTenant(a.dataDir, 'pgfail.test', 'read,write', 'enterprise', {
      SVC_REPLICATION_URL: url,
      SVC_MASTER_KEY_FILE: env.SVC_MASTER_KEY_FILE,
    });
    nodes.tenant = { tenantId: nt.tenantId, key: nt.key };
    const l = load(nodes, 16, () => a);
    await until(() => nodes.acked.length > 200, 30000);
    // A crash of the PostgreSQL primary: what it acknowledged is on the synchronous standby.
    await pgs[0]!.halt('immediate');
    const cut = l.statuses.length;
    await standbyPg.promote();
    proxy.switchTo(standbyPg.port);
    await until(() => l.statuses.slice(cut).some(([s]) => s === 201), 30000);
    await l.stop();
    expectOnlyRefusals(l.statuses);
    // A node built from the promoted PostgreSQL alone holds every acknowledged record.
    const fresh = await nodes.node(url);
    const target = (await health(a)).applied;
    await until(async () => (await health(fresh)).applied >= target, 60000, 100);
    await expectReadable(fresh, nodes.acked);
    expect((await health(a)).role).toBe('primary');
  });

  it('with three nodes, exactly one standby takes over after a kill -9, the other follows it, the old primary rejoins as a standby', async () => {
    const [a, b] = nodes.servers as [Server, Server];
    const c = await nodes.node(url);
    await until(async () => (await health(c)).applied >= (await health(a)).applied, 30000);
    const from = nodes.acked.length;
    const l = load(nodes, 8, () => a);
    await until(() => nodes.acked.length - from > 100, 30000);
    a.proc.kill('SIGKILL');
    await l.stop();
    const next = await until(() => primaryOf([b, c]), FAILOVER_SECONDS * 1000 + 5000, 50);
    const other = next === b ? c : b;
    // Exactly one: the other answers as a standby, with the new primary named.
    expect([(await health(next)).role, (await health(other)).role]).toEqual(['primary', 'standby']);
    const w = await until(
      async () => {
        const r = await write(nodes, next, { after: 'three-node failover' });
        return r.status === 201 && r;
      },
      10000,
      50,
    );
    nodes.acked.push(w.body.event_id);
    expect((await write(nodes, other, { on: 'standby' })).body.error).toBe('not_primary');
    // The other standby follows the new primary's writes.
    await until(
      async () => (await call(other, 'GET', `/v1/events/${w.body.event_id}`, { key: nodes.tenant.key })).status === 200,
      10000,
    );
    await expectReadable(other, nodes.acked);
    // The old primary, restarted on its directory, rejoins as a standby and catches up.
    const again = await nodes.restart(a);
    expect((await health(again)).role).toBe('standby');
    await until(async () => (await health(again)).applied >= (await health(next)).applied, 30000, 100);
    await expectReadable(again, nodes.acked.slice(-50));
    expect((await write(nodes, again, { on: 'old primary' })).body.error).toBe('not_primary');
    expect(await primaryOf([again, b, c])).toBe(next);
  });
  it('fails over when the primary is cut off from PostgreSQL: nothing it holds alone is acknowledged, a standby takes over, and it rejoins as a standby once healed', async () => {
    // Two fresh nodes: the cut-off one reaches PostgreSQL through a forwarder of its own.
    for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
    const link = await startForwarder(proxy.port);
    try {
      const x = await nodes.node(`postgres://postgres@127.0.0.1:${link.port}/postgres`);
      // x alone takes the lease once the killed primary's expires; y starts after, as its standby.
      await until(() => primaryOf([x]), FAILOVER_SECONDS * 1000 + 5000, 50);
      const y = await nodes.node(url);
      await until(async () => (await health(y)).applied >= (await health(x)).applied, 30000);
      const from = nodes.acked.length;
      let target = x;
      const l = load(nodes, 16, () => target);
      await until(() => nodes.acked.length - from > 100, 30000);
      link.cut();
      const cutAt = Date.now();
      const next = await until(() => primaryOf([y]), FAILOVER_SECONDS * 1000 + 5000, 50);
      const tookMs = Date.now() - cutAt;
      target = next;
      await until(async () => (await write(nodes, y, { after: 'partition' })).status === 201, 10000, 50);
      const seen = l.statuses.length;
      await until(() => l.statuses.slice(seen).some(([s]) => s === 201), 10000);
      await l.stop();
      expect(tookMs).toBeLessThan(FAILOVER_SECONDS * 1000 + 2000);
      // The cut-off node refused what it could not commit; every 201, before and after, is on the new primary.
      expectOnlyRefusals(l.statuses);
      await expectReadable(y, nodes.acked);
      expect((await call(x, 'GET', '/healthz/primary')).status).toBe(503);
      link.heal();
      await until(async () => (await health(x)).role === 'standby', 20000, 100);
      await until(async () => (await health(x)).applied >= (await health(y)).applied, 30000, 100);
      await expectReadable(x, nodes.acked.slice(-50));
      expect((await write(nodes, x, { on: 'healed' })).body.error).toBe('not_primary');
    } finally {
      link.close();
    }
  });
});
