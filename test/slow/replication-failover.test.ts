// Replication failovers beyond two nodes: a PostgreSQL failover (synchronous streaming standby promoted) under load.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { cleanup, newTenant, tempDir, until } from '../helpers';
import { startForwarder, startPg, startSyncStandby, type Pg } from '../pg';
import { cluster, expectReadable, health, load, write } from '../replication-nodes';

const FAILOVER_SECONDS = 4;
const keyDir = tempDir();
const env = { SVC_MASTER_KEY_FILE: join(keyDir, 'master.key'), SVC_FAILOVER_SECONDS: String(FAILOVER_SECONDS), SVC_CHECKPOINT_SECONDS: '1', SVC_PUBLIC_RPS: '1000000' };
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
  process.env.SVC_REPLICATION_URL = url;
  process.env.SVC_MASTER_KEY_FILE = env.SVC_MASTER_KEY_FILE;
});
afterAll(async () => {
  for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
  proxy?.close();
  for (const p of pgs) await p.stop();
  for (const d of [...nodes.dirs, keyDir]) cleanup(d);
});

describe('replication failovers', () => {
  it('loses no acknowledged write when the PostgreSQL primary crashes and its synchronous standby is promoted under load', async () => {
    const a = await nodes.node(url);
    expect((await health(a)).role).toBe('primary');
    const nt = await newTenant(a.dataDir, 'pgfail.test', 'read,write', 'enterprise');
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
    expect(l.statuses.every(([s, e]) => s === 201 || (s === 503 && ['replication_unavailable', 'not_primary'].includes(e!)) || (s === 500 && e === 'ingest_failed'))).toBe(true);
    // A node built from the promoted PostgreSQL alone holds every acknowledged record.
    const fresh = await nodes.node(url);
    const target = (await health(a)).applied;
    await until(async () => (await health(fresh)).applied >= target, 60000, 100);
    await expectReadable(fresh, nodes.acked);
    expect((await health(a)).role).toBe('primary');
  });
});
