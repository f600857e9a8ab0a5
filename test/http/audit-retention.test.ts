// Audit retention runs (svc retention run --as-of): events move hot -> cold -> purged and stay verifiable meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';

let s: Server;
let key: string;
let tenantId: string;
const dir = tempDir();
const DAY = 86400_000;
let n = 0;
const ingest = (org: string, i: number) =>
  call(s, 'POST', '/v1/audit/events', {
    key,
    headers: { 'idempotency-key': `r-${++n}` },
    body: {
      organization_id: org,
      action: i % 2 ? 'doc.edit' : 'doc.view',
      actor: { type: 'user', id: `u${i % 3}` },
      targets: [{ type: 'doc', id: `d${i}` }],
      metadata: { i },
    },
  });
const get = (path: string) => call(s, 'GET', path, { key });
const fill = async (org: string, from: number, to: number) => {
  for (let i = from; i <= to; i++) expect((await ingest(org, i)).status).toBe(201);
  await until(async () => (await get(`/v1/audit/orgs/${org}`)).body.last_seq === to, 20000);
};
const seqs = async (org: string, q = '') =>
  (await get(`/v1/audit/events?organization_id=${org}&limit=100${q}`)).body.events.map((e: any) => e.seq);
const retention = async (daysAhead: number) => {
  const r = await cli(dir, 'retention', 'run', '--as-of', new Date(Date.now() + daysAhead * DAY).toISOString());
  expect(r.code).toBe(0);
  // A future --as-of is announced on stderr (audit purges are permanent); nothing else may appear there but the
  // log lines about the org whose segment a test below breaks on purpose.
  const other = r.stderr.split('\n').filter((l) => l && !/"org_dir":"[^"]*\/broken"/.test(l));
  expect(other.join('\n')).toMatch(/^(warning: --as-of \S+ is in the future.*)?$/);
  return r.json;
};
const coldDir = (org: string) => join(dir, 'audit-cold', tenantId, org);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const ids: Record<number, string> = {};
beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  const t = await newTenant(dir, 'retention.test', 'audit:read,audit:write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
  for (const org of ['cold', 'short', 'broken'])
    expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: org } })).status).toBe(201);
  await fill('cold', 1, 30);
  for (const e of (await get('/v1/audit/events?organization_id=cold&limit=100')).body.events) ids[e.seq] = e.id;
  await fill('short', 1, 10);
  await fill('broken', 1, 3);
  expect(
    (await call(s, 'PUT', '/v1/audit/orgs/short/retention', { key, body: { days: 30 } })).body.retention_days,
  ).toBe(30);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('retention run --as-of (hot -> cold -> purged)', () => {
  it('moves events older than SVC_AUDIT_HOT_DAYS to cold segments and purges those past the org retention', async () => {
    const r = await retention(100);
    expect(r).toMatchObject({ audit_evacuated: 33, audit_purged: 10 });
    // A second pass at the same instant has nothing left to do.
    expect(await retention(100)).toMatchObject({ audit_evacuated: 0, audit_purged: 0 });
  });
  it('writes gzip NDJSON segments listed with their SHA-256 and seq range in manifest.json', () => {
    const m = JSON.parse(readFileSync(join(coldDir('cold'), 'manifest.json'), 'utf8'));
    expect(m.segments.length).toBe(1);
    const seg = m.segments[0];
    expect(seg).toMatchObject({ from_seq: 1, to_seq: 30, count: 30, missing: [] });
    const bytes = readFileSync(join(coldDir('cold'), seg.file));
    expect(sha(bytes)).toBe(seg.sha256);
    const lines = gunzipSync(bytes)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => e.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(lines[0].id).toBe(ids[1]);
    expect(readdirSync(coldDir('cold')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
  it('keeps cold events readable: query with filters, get by id and verify agree with integrity', async () => {
    expect(await seqs('cold')).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(await seqs('cold', '&actor_id=u1')).toEqual([28, 25, 22, 19, 16, 13, 10, 7, 4, 1]);
    expect(await seqs('cold', '&actions=doc.view&target_id=d6')).toEqual([6]);
    const e = (await get(`/v1/audit/events/${ids[7]}`)).body;
    expect(e).toMatchObject({ id: ids[7], seq: 7, metadata: { i: 7 } });
    expect((await get(`/v1/audit/events/${ids[7]}/verify`)).body).toMatchObject({
      valid: true,
      reason: null,
      key_source: 'tenant_keys',
    });
    const integ = (await get('/v1/audit/orgs/cold/integrity')).body;
    expect(integ).toMatchObject({
      from: 31,
      to: 30,
      last_seq: 30,
      evacuated_through_seq: 30,
      count: 0,
      expected: 0,
      contiguous: true,
      gaps: [],
    });
    expect(integ.cold).toMatchObject({ segments: 1, count: 30, manifest_ok: true, problems: [] });
    // New events continue the sequence in hot storage.
    await fill('cold', 31, 35);
    expect((await get('/v1/audit/orgs/cold/integrity')).body).toMatchObject({
      from: 31,
      to: 35,
      count: 5,
      expected: 5,
      contiguous: true,
    });
    expect(await seqs('cold', '&limit=8')).toEqual([35, 34, 33, 32, 31, 30, 29, 28]);
    // A time range spanning hot and cold storage.
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    expect(await seqs('cold', `&range_start=${hourAgo}&actor_id=u1`)).toEqual([
      34, 31, 28, 25, 22, 19, 16, 13, 10, 7, 4, 1,
    ]);
  });
  it('purged events are gone from query, get and the cold files', async () => {
    expect(await seqs('short')).toEqual([]);
    const integ = (await get('/v1/audit/orgs/short/integrity')).body;
    expect(integ).toMatchObject({
      last_seq: 10,
      evacuated_through_seq: 10,
      purged_through_seq: 10,
      count: 0,
      contiguous: true,
    });
    expect(existsSync(join(coldDir('short'), 'manifest.json'))).toBe(false);
    // Still not deletable: events were accepted within the last 24 hours (real time).
    expect((await call(s, 'DELETE', '/v1/audit/orgs/short', { key })).body.error).toBe('org_not_deletable');
  });
  it('reports a segment file that no longer matches its manifest', async () => {
    const m = JSON.parse(readFileSync(join(coldDir('broken'), 'manifest.json'), 'utf8'));
    writeFileSync(join(coldDir('broken'), m.segments[0].file), Buffer.from('not the segment'));
    const integ = (await get('/v1/audit/orgs/broken/integrity')).body;
    expect(integ.cold.manifest_ok).toBe(false);
    expect(integ.cold.problems[0]).toContain('hash mismatch');
    const c = await cli(dir, 'audit', 'integrity', '--tenant', 'retention.test', '--org', 'broken');
    expect(c.json.cold.manifest_ok).toBe(false);
    // Its events read as absent, never as a server error.
    expect((await get('/v1/audit/events?organization_id=broken')).body.events).toEqual([]);
  });
  it('purges from cold storage once the org retention has passed, removing the segment files', async () => {
    expect(
      (await call(s, 'PUT', '/v1/audit/orgs/cold/retention', { key, body: { days: 365 } })).body.retention_days,
    ).toBe(365);
    const r = await retention(400);
    expect(r.audit_purged).toBe(35);
    expect(await seqs('cold')).toEqual([]);
    expect((await get(`/v1/audit/events/${ids[7]}`)).status).toBe(404);
    const m = JSON.parse(readFileSync(join(coldDir('cold'), 'manifest.json'), 'utf8'));
    expect(m.segments).toEqual([]);
    expect(readdirSync(coldDir('cold'))).toEqual(['manifest.json']);
    expect((await get('/v1/audit/orgs/cold/integrity')).body).toMatchObject({
      from: 36,
      to: 35,
      last_seq: 35,
      evacuated_through_seq: 35,
      purged_through_seq: 35,
      contiguous: true,
    });
    await fill('cold', 36, 36);
    expect(await seqs('cold')).toEqual([36]);
  });
});
