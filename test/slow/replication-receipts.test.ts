// Receipts on a standby: a node that only applies the primary's writes serves the COSE receipts, tlog-proofs and key
// set of the primary's records byte for byte (a receipt's signature is made on request, deterministic, never stored).
import { afterAll, beforeAll, expect, it } from 'bun:test';
import { join } from 'node:path';
import { call, cleanup, newTenant, tempDir, until, type Server } from '../helpers';
import { startPg, type Pg } from '../pg';
import { cluster, health, write as writeTo } from '../replication-nodes';

let pg: Pg;
const keyDir = tempDir();
const env = {
  SVC_MASTER_KEY_FILE: join(keyDir, 'master.key'),
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_HEAD_SECONDS: '1',
  SVC_PUBLIC_RPS: '1000000',
};
const nodes = cluster(env);
let a: Server;
let b: Server;

beforeAll(async () => {
  pg = await startPg();
  // The CLI (newTenant) runs against the same cluster; afterAll puts the environment back for later files.
  process.env.SVC_REPLICATION_URL = pg.url;
  process.env.SVC_MASTER_KEY_FILE = env.SVC_MASTER_KEY_FILE;
  a = await nodes.node(pg.url);
  expect((await health(a)).role).toBe('primary');
  b = await nodes.node(pg.url);
  const t = await newTenant(a.dataDir, 'repl-receipts.test', 'read,write', 'enterprise');
  nodes.tenant = { tenantId: t.tenantId, key: t.key };
}, 120_000);
afterAll(async () => {
  delete process.env.SVC_REPLICATION_URL;
  delete process.env.SVC_MASTER_KEY_FILE;
  for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
  await pg.stop();
  for (const d of [...nodes.dirs, keyDir]) cleanup(d);
});

const bytes = async (s: Server, path: string) => {
  const r = await fetch(s.url + path, { tls: { rejectUnauthorized: false } } as RequestInit);
  return { status: r.status, body: Buffer.from(await r.arrayBuffer()) };
};

it("serves the primary's receipts, tlog-proofs and key set on the standby, byte for byte", async () => {
  const w = await writeTo(nodes, a, { n: 1 });
  expect(w.status).toBe(201);
  const id = w.body.event_id;
  // Complete on the standby: its head published and replicated.
  const proof = await until(async () => {
    const p = await call(b, 'GET', `/v1/proof/event/${id}`);
    return p.status === 200 && p.body.log?.head?.checkpoint ? p.body : null;
  }, 60_000);
  const [origin, size] = proof.log.checkpoint.split('\n');
  const head = `?origin=${encodeURIComponent(origin)}&size=${size}`;
  for (const path of [
    `/v1/proof/event/${id}/receipt`,
    `/v1/proof/event/${id}/tlog-proof`,
    `/v1/proof/head/receipt${head}`,
    `/v1/proof/head/tlog-proof${head}`,
    '/.well-known/scitt-keys',
  ]) {
    // The standby first: it signs the receipt itself rather than reading one the primary made.
    const onStandby = await bytes(b, path);
    const onPrimary = await bytes(a, path);
    expect([path, onStandby.status, onPrimary.status]).toEqual([path, 200, 200]);
    expect(onStandby.body.equals(onPrimary.body)).toBe(true);
  }
  expect((await health(b)).role).toBe('standby');
}, 120_000);
