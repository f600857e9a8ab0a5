// Receipts on a standby: a node that only applies the primary's writes serves the COSE receipts, tlog-proofs and key
// set of the primary's records byte for byte (a receipt's signature is made on request, deterministic, never stored).
import { afterAll, beforeAll, expect, it } from 'bun:test';
import { call, until, type Server } from '../helpers';
import { health, primaryAndStandby, write as writeTo } from '../replication-nodes';

let c: Awaited<ReturnType<typeof primaryAndStandby>>;
let a: Server;
let b: Server;

beforeAll(async () => {
  c = await primaryAndStandby('repl-receipts.test', 'read,write');
  ({ a, b } = c);
}, 120_000);
afterAll(() => c.stop());

const bytes = async (s: Server, path: string) => {
  const r = await fetch(s.url + path, { tls: { rejectUnauthorized: false } } as RequestInit);
  return { status: r.status, body: Buffer.from(await r.arrayBuffer()) };
};

it("serves the primary's receipts, tlog-proofs and key set on the standby, byte for byte", async () => {
  const w = await writeTo(c.nodes, a, { n: 1 });
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
