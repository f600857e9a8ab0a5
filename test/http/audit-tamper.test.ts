// Audit tamper detection: event verify and org integrity report changed columns, signatures, unknown keys and deleted rows.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { open } from 'lmdb';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';

let s: Server;
let key: string;
let tenantId: string;
const dir = tempDir();
let n = 0;
const ingest = (org: string, i: number) =>
  call(s, 'POST', '/v1/audit/events', {
    key,
    headers: { 'idempotency-key': `t-${++n}` },
    body: { organization_id: org, action: 'doc.edit', actor: { type: 'user', id: `u${i}` }, metadata: { i } },
  });
const get = (path: string) => call(s, 'GET', path, { key });
const fill = async (org: string, count: number) => {
  expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: org } })).status).toBe(201);
  for (let i = 1; i <= count; i += 25)
    await Promise.all(Array.from({ length: Math.min(25, count - i + 1) }, (_, j) => ingest(org, i + j)));
  await until(async () => (await get(`/v1/audit/orgs/${org}`)).body.last_seq === count, 20000);
  const ids: Record<number, string> = {};
  let cursor: string | null = null;
  do {
    const r: any = await get(`/v1/audit/events?organization_id=${org}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    for (const e of r.body.events) ids[e.seq] = e.id;
    cursor = r.body.next_cursor;
  } while (cursor);
  return ids;
};

/** Changes the stored rows with the server stopped, as an intruder with file access would. */
async function tamper(fn: (rows: any) => void) {
  await s.stop();
  const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 64 });
  const rows = env.openDB({
    name: 'audit_events',
    keyEncoding: 'ordered-binary',
    sharedStructuresKey: Symbol.for('structures'),
  });
  await rows.transaction(() => fn(rows));
  await env.close();
  s = await startServer({ dataDir: dir });
}

let ids: Record<number, string>;
let many: Record<number, string>;
beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  const t = await newTenant(dir, 'tamper.test', 'audit:read,audit:write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
  ids = await fill('t', 12);
  many = await fill('many', 250);
  await tamper((rows) => {
    const at = (seq: number) => [tenantId, 't', seq];
    rows.putSync(at(3), { ...rows.get(at(3)), action: 'doc.view' });
    rows.putSync(at(5), { ...rows.get(at(5)), key_id: 'ffffffffffffffff' });
    const r7 = rows.get(at(7));
    const sig = Buffer.from(r7.signature);
    sig[0] ^= 1;
    rows.putSync(at(7), { ...r7, signature: sig });
    rows.putSync(at(8), { ...rows.get(at(8)), metadata_json: '{"i":' });
    rows.removeSync(at(9));
    rows.removeSync(at(10));
    for (let seq = 2; seq <= 250; seq += 2) rows.removeSync([tenantId, 'many', seq]);
  });
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('GET /v1/audit/events/{id}/verify on altered rows', () => {
  it('reports payload_hash_mismatch for a changed column', async () => {
    const v = await get(`/v1/audit/events/${ids[3]}/verify`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      event_id: ids[3],
      valid: false,
      reason: 'payload_hash_mismatch',
      key_source: 'tenant_keys',
    });
    expect(v.body.signed_data.action).toBe('doc.view');
    expect(v.body.computed_payload_hash).not.toBe(v.body.payload_hash);
    const bad = await get(`/v1/audit/events/${ids[8]}/verify`);
    expect(bad.body).toMatchObject({ valid: false, reason: 'payload_hash_mismatch' });
  });
  it('reports key_unknown when the row names a key the tenant never had', async () => {
    expect((await get(`/v1/audit/events/${ids[5]}/verify`)).body).toMatchObject({
      valid: false,
      reason: 'key_unknown',
    });
  });
  it('reports signature_invalid for a changed signature', async () => {
    expect((await get(`/v1/audit/events/${ids[7]}/verify`)).body).toMatchObject({
      valid: false,
      reason: 'signature_invalid',
    });
  });
  it('still verifies untouched rows, also after a key rotation (pinned key of the row)', async () => {
    expect((await get(`/v1/audit/events/${ids[1]}/verify`)).body).toMatchObject({ valid: true, reason: null });
    expect((await cli(dir, 'tenant', 'rotate-key', tenantId)).code).toBe(0);
    const r = await ingest('t', 13);
    expect(r.status).toBe(201);
    const e = await until(async () => {
      const x = await get(`/v1/audit/events/${r.body.event_id}`);
      return x.status === 200 ? x.body : null;
    });
    expect(e.seq).toBe(13);
    const old = (await get(`/v1/audit/events/${ids[1]}`)).body;
    expect(e.key_id).not.toBe(old.key_id);
    expect((await get(`/v1/audit/events/${ids[1]}/verify`)).body.valid).toBe(true);
    expect((await get(`/v1/audit/events/${e.id}/verify`)).body.valid).toBe(true);
  });
});

describe('GET /v1/audit/orgs/{id}/integrity on altered storage', () => {
  it('reports deleted rows as a gap', async () => {
    expect((await get(`/v1/audit/events/${ids[9]}`)).status).toBe(404);
    const r = await get('/v1/audit/orgs/t/integrity');
    expect(r.body).toMatchObject({
      org_id: 't',
      from: 1,
      last_seq: 13,
      count: 11,
      expected: 13,
      contiguous: false,
      gaps: [{ from: 9, to: 10 }],
      gaps_truncated: false,
    });
    const c = await cli(dir, 'audit', 'integrity', '--tenant', tenantId, '--org', 't');
    expect(c.json.gaps).toEqual([{ from: 9, to: 10 }]);
    // Query skips the holes and keeps paging.
    const q = await get('/v1/audit/events?organization_id=t&limit=100');
    expect(q.body.events.map((e: any) => e.seq)).toEqual([13, 12, 11, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
  it('truncates at 100 gaps with gaps_truncated: true', async () => {
    const r = await get('/v1/audit/orgs/many/integrity');
    expect(r.body).toMatchObject({ count: 125, expected: 250, contiguous: false, gaps_truncated: true });
    expect(r.body.gaps.length).toBe(100);
    expect(r.body.gaps.slice(0, 2)).toEqual([
      { from: 2, to: 2 },
      { from: 4, to: 4 },
    ]);
    expect(r.body.gaps[99]).toEqual({ from: 200, to: 200 });
    expect(Object.keys(many).length).toBe(250);
  });
});
