// The audit API: org lifecycle, event ingest and idempotency, per-org sequencing and the keyset-paginated list.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let key: string;
const dir = tempDir();
const sha = (x: string) => createHash('sha256').update(x).digest('hex');
let n = 0;
const ik = () => `k-${Date.now()}-${++n}`;

beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  const t = await newTenant(dir, 'audit.test', 'read,write,audit:read,audit:write', 'enterprise');
  key = t.key;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

const post = (path: string, body: unknown, k: string | null = key) => call(s, 'POST', path, { key: k, body });
const get = (path: string, k: string | null = key) => call(s, 'GET', path, { key: k });
const ingest = (body: Record<string, unknown>, idem: string | null = ik(), k = key) =>
  call(s, 'POST', '/v1/audit/events', { key: k, body, headers: idem === null ? {} : { 'idempotency-key': idem } });
const ev = (org: string, extra: Record<string, unknown> = {}) => ({
  organization_id: org,
  action: 'user.login',
  actor: { type: 'user', id: 'u1' },
  targets: [{ type: 'doc', id: 'd1' }],
  ...extra,
});
const createOrg = async (id: string) => {
  const r = await post('/v1/audit/orgs', { organization_id: id, name: `Org ${id}` });
  expect(r.status).toBe(201);
  return r.body;
};
const waitSeq = (org: string, seq: number) =>
  until(async () => (await get(`/v1/audit/orgs/${encodeURIComponent(org)}`)).body.last_seq >= seq, 20000);
const written = (id: string) =>
  until(async () => {
    const r = await get(`/v1/audit/events/${id}`);
    return r.status === 200 ? r.body : null;
  });
const allEvents = async (org: string, q = '') => {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await get(
      `/v1/audit/events?organization_id=${org}&limit=100${q}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(r.status).toBe(200);
    out.push(...r.body.events);
    cursor = r.body.next_cursor;
  } while (cursor);
  return out;
};

describe('audit orgs', () => {
  it('creates an org: 201 {organization_id, name, created_at, archived: false, retention_days (plan cap), last_seq: 0}', async () => {
    const o = await createOrg('org-create');
    expect(o).toMatchObject({
      organization_id: 'org-create',
      name: 'Org org-create',
      archived: false,
      retention_days: 2555,
      last_seq: 0,
    });
    expect(Number.isNaN(Date.parse(o.created_at))).toBe(false);
    const dup = await post('/v1/audit/orgs', { organization_id: 'org-create' });
    expect([dup.status, dup.body.error]).toEqual([409, 'org_exists']);
    expect((await get('/v1/audit/orgs/org-create')).body).toEqual(o);
    const list = await get('/v1/audit/orgs');
    expect(list.body.orgs.map((x: any) => x.organization_id)).toContain('org-create');
    const missing = await get('/v1/audit/orgs/nope');
    expect([missing.status, missing.body.error]).toEqual([404, 'not_found']);
  });
  it('validates organization_id and name with their named codes', async () => {
    for (const body of [
      {},
      { organization_id: '' },
      { organization_id: 'x'.repeat(256) },
      { organization_id: 5 },
      [1],
    ]) {
      const r = await post('/v1/audit/orgs', body);
      expect([r.status, r.body.error]).toEqual([400, 'invalid_organization_id']);
    }
    expect((await post('/v1/audit/orgs', { organization_id: 'x'.repeat(255) })).status).toBe(201);
    for (const name of ['n'.repeat(256), 7]) {
      const r = await post('/v1/audit/orgs', { organization_id: 'named', name });
      expect([r.status, r.body.error]).toEqual([400, 'invalid_name']);
    }
  });
  it('answers 403 too_many_orgs at the plan limit (free: 3)', async () => {
    const free = await newTenant(dir, 'audit-free.test', 'audit:read,audit:write', 'free');
    for (const id of ['a', 'b', 'c'])
      expect((await post('/v1/audit/orgs', { organization_id: id }, free.key)).status).toBe(201);
    const r = await post('/v1/audit/orgs', { organization_id: 'd' }, free.key);
    expect([r.status, r.body.error]).toEqual([403, 'too_many_orgs']);
    // Orgs are per tenant: the other tenant's "a" is not visible and does not clash.
    expect((await get('/v1/audit/orgs/a')).status).toBe(404);
    expect((await post('/v1/audit/orgs', { organization_id: 'a' })).status).toBe(201);
  });
  it('clamps retention to the plan cap and reports the request', async () => {
    const free = await newTenant(dir, 'audit-ret.test', 'audit:read,audit:write', 'free');
    await post('/v1/audit/orgs', { organization_id: 'r' }, free.key);
    const put = (days: unknown) => call(s, 'PUT', '/v1/audit/orgs/r/retention', { key: free.key, body: { days } });
    expect((await put(400)).body).toEqual({
      org_id: 'r',
      retention_days: 30,
      requested_days: 400,
      clamped: true,
      plan_cap_days: 30,
    });
    expect((await put(7)).body).toEqual({
      org_id: 'r',
      retention_days: 7,
      requested_days: 7,
      clamped: false,
      plan_cap_days: 30,
    });
    expect((await get('/v1/audit/orgs/r', free.key)).body.retention_days).toBe(7);
    for (const bad of [0, -1, 1.5, '10', null]) expect((await put(bad)).body.error).toBe('invalid_payload');
    const nf = await call(s, 'PUT', '/v1/audit/orgs/none/retention', { key: free.key, body: { days: 5 } });
    expect([nf.status, nf.body.error]).toEqual([404, 'not_found']);
  });
  it('archive rejects new events with 409 org_archived; unarchive accepts them again', async () => {
    await createOrg('arch');
    const a = await post('/v1/audit/orgs/arch/archive', undefined);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ organization_id: 'arch', archived: true });
    expect(typeof a.body.archived_at).toBe('string');
    const r = await ingest(ev('arch'));
    expect([r.status, r.body.error]).toEqual([409, 'org_archived']);
    // Reads keep working on an archived org.
    expect((await get('/v1/audit/events?organization_id=arch')).status).toBe(200);
    expect((await get('/v1/audit/orgs/arch/integrity')).status).toBe(200);
    const u = await post('/v1/audit/orgs/arch/unarchive', undefined);
    expect(u.body).toMatchObject({ archived: false });
    expect(u.body).not.toHaveProperty('archived_at');
    expect((await ingest(ev('arch'))).status).toBe(201);
    expect((await post('/v1/audit/orgs/none/archive', undefined)).status).toBe(404);
  });
  it('pages GET /v1/audit/orgs with an opaque cursor, checked like the events cursor (400 bad_request)', async () => {
    for (const id of ['page-a', 'page-b', 'page-c']) await createOrg(id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await get(`/v1/audit/orgs?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.orgs.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.orgs.map((o: any) => o.organization_id));
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...new Set(seen)].sort());
    expect(seen).toEqual(expect.arrayContaining(['page-a', 'page-b', 'page-c']));
    const eventsError = (await get('/v1/audit/events?organization_id=page-a&cursor=garbage')).body;
    expect(eventsError.error).toBe('bad_request');
    const eventCursor = Buffer.from('s:5').toString('base64url');
    for (const bad of [
      'garbage',
      eventCursor,
      Buffer.from('page-a').toString('base64url'),
      Buffer.from([0x6f, 0x3a, 0xff]).toString('base64url'),
    ]) {
      const r = await get(`/v1/audit/orgs?cursor=${bad}`);
      expect([bad, r.status, r.body]).toEqual([bad, 400, eventsError]);
    }
    const orgCursor = (await get('/v1/audit/orgs?limit=1')).body.next_cursor;
    expect((await get(`/v1/audit/events?organization_id=page-a&cursor=${orgCursor}`)).body).toEqual(eventsError);
    expect((await get('/v1/audit/orgs?limit=abc')).status).toBe(400);
  });
  it('deletes an org with no signed history; 409 org_not_deletable once it has recent events', async () => {
    await createOrg('del-empty');
    const d = await call(s, 'DELETE', '/v1/audit/orgs/del-empty', { key });
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ organization_id: 'del-empty', deleted: true });
    expect((await get('/v1/audit/orgs/del-empty')).status).toBe(404);
    expect((await call(s, 'DELETE', '/v1/audit/orgs/del-empty', { key })).status).toBe(404);
    // Re-created, it starts again at seq 1.
    await createOrg('del-empty');
    await createOrg('del-busy');
    const e = await ingest(ev('del-busy'));
    expect(e.status).toBe(201);
    // Refused even before the worker wrote the row: the acceptance itself counts.
    const r = await call(s, 'DELETE', '/v1/audit/orgs/del-busy', { key });
    expect([r.status, r.body.error]).toEqual([409, 'org_not_deletable']);
    await written(e.body.event_id);
    expect((await call(s, 'DELETE', '/v1/audit/orgs/del-busy', { key })).body.error).toBe('org_not_deletable');
    await post('/v1/audit/orgs/del-busy/archive', undefined);
    expect((await call(s, 'DELETE', '/v1/audit/orgs/del-busy', { key })).body.error).toBe('org_not_deletable');
  });
});

describe('POST /v1/audit/events', () => {
  beforeAll(async () => {
    await createOrg('ing');
  });
  it('answers 201 {event_id: aevt_<ULID>, status: accepted}; the signed row follows', async () => {
    const r = await ingest(
      ev('ing', {
        metadata: { b: 1, a: { '10': 'x', '2': null } },
        context: { location: '10.0.0.1', user_agent: 'ua' },
        occurred_at: '2026-01-02T03:04:05.123456+02:00',
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ event_id: expect.stringMatching(/^aevt_[0-9A-HJKMNP-TV-Z]{26}$/), status: 'accepted' });
    const e = await written(r.body.event_id);
    expect(e).toMatchObject({
      id: r.body.event_id,
      org_id: 'ing',
      schema_id: 'svc.audit/1',
      action: 'user.login',
      actor: { type: 'user', id: 'u1' },
      targets: [{ type: 'doc', id: 'd1' }],
      context: { location: '10.0.0.1', user_agent: 'ua' },
      metadata: { b: 1, a: { '10': 'x', '2': null } },
      occurred_at: '2026-01-02T01:04:05.123456Z',
    });
    expect(e.seq).toBeGreaterThanOrEqual(1);
    expect(e.payload_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(e.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(e.signing_public_key).toMatch(/^[0-9a-f]{64}$/);
  });
  it('signs canonical signed data; verified here with node:crypto against GET /keys/{domain}', async () => {
    // A "__proto__" key cannot be kept as sent by JavaScript object stores: refused, never silently dropped.
    const proto = JSON.stringify(ev('ing')).replace(/}$/, ',"metadata":{"__proto__":{"x":1}}}');
    const refused = await call(s, 'POST', '/v1/audit/events', {
      key,
      raw: proto,
      headers: { 'idempotency-key': ik() },
    });
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_payload']);
    const raw = JSON.stringify(
      ev('ing', { actor: { type: 'user', id: 'u9', name: 'Ann', metadata: { role: 'admin' } } }),
    ).replace(/}$/, ',"metadata":{"ä":1,"é":"ü"}}');
    const r = await call(s, 'POST', '/v1/audit/events', { key, raw, headers: { 'idempotency-key': ik() } });
    const e = await written(r.body.event_id);
    const signed = {
      action: e.action,
      actor: e.actor,
      context: e.context,
      event_id: e.id,
      ingested_at: e.ingested_at,
      metadata: e.metadata,
      occurred_at: e.occurred_at,
      org_id: e.org_id,
      schema_id: e.schema_id,
      seq: e.seq,
      targets: e.targets,
    };
    expect(Object.keys(e.metadata).sort()).toEqual(['ä', 'é']);
    const bytes = canonicalJson(signed);
    expect(sha(bytes)).toBe(e.payload_hash);
    // occurred_at omitted = ingested_at (docs/audit.md#write-path).
    expect(e.occurred_at).toBe(e.ingested_at);
    const keys = await call(s, 'GET', '/keys/audit.test');
    expect(keys.status).toBe(200);
    const pk = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: keys.body.public_key }, format: 'jwk' });
    expect(keys.body.key_id).toBe(e.key_id);
    expect(verify(null, Buffer.from(bytes), pk, Buffer.from(e.signature, 'hex'))).toBe(true);
    expect(verify(null, Buffer.from(bytes.replace('Ann', 'Bob')), pk, Buffer.from(e.signature, 'hex'))).toBe(false);
    const v = await get(`/v1/audit/events/${e.id}/verify`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      event_id: e.id,
      valid: true,
      reason: null,
      schema: 'svc.audit/1',
      payload_hash: e.payload_hash,
      key_source: 'tenant_keys',
    });
    expect(v.body.signed_data).toEqual(signed);
  });
  it('requires an Idempotency-Key of at most 255 characters', async () => {
    const m = await ingest(ev('ing'), null);
    expect([m.status, m.body.error]).toEqual([400, 'missing_idempotency_key']);
    for (const bad of ['', '   ', 'k'.repeat(256)]) {
      const r = await ingest(ev('ing'), bad);
      expect([r.status, r.body.error]).toEqual([400, 'invalid_idempotency_key']);
    }
    expect((await ingest(ev('ing'), 'k'.repeat(255))).status).toBe(201);
  });
  it('answers 409 duplicate_event with the existing event_id, and idempotency_key_reuse_mismatch for another body', async () => {
    const k = ik();
    const first = await ingest(ev('ing', { metadata: { a: 1, b: 2 } }), k);
    expect(first.status).toBe(201);
    // Same body with keys in another order is the same body.
    const again = await ingest({ metadata: { b: 2, a: 1 }, ...ev('ing') }, k);
    expect([again.status, again.body.error, again.body.event_id]).toEqual([
      409,
      'duplicate_event',
      first.body.event_id,
    ]);
    const other = await ingest(ev('ing', { metadata: { a: 2 } }), k);
    expect([other.status, other.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    // Concurrent retries of one key: exactly one 201, the others duplicate_event with its id.
    const k2 = ik();
    const rs = await Promise.all(Array.from({ length: 10 }, () => ingest(ev('ing'), k2)));
    const created = rs.filter((r) => r.status === 201);
    expect(created.length).toBe(1);
    for (const r of rs.filter((x) => x.status !== 201))
      expect([r.status, r.body.error, r.body.event_id]).toEqual([409, 'duplicate_event', created[0]!.body.event_id]);
  });
  it('answers every documented validation code', async () => {
    const cases: Array<[Record<string, unknown>, string, number?]> = [
      [{ action: 'user.login', actor: { type: 'user', id: 'u' } }, 'invalid_organization_id'],
      [ev('o'.repeat(256)), 'invalid_organization_id'],
      [ev('nope'), 'org_not_found', 404],
      [ev('ing', { action: undefined }), 'invalid_action'],
      [ev('ing', { action: 'login' }), 'invalid_action'],
      [ev('ing', { action: 'User.Login' }), 'invalid_action'],
      [ev('ing', { action: 'a.b.c.d' }), 'invalid_action'],
      [ev('ing', { action: 'a..b' }), 'invalid_action'],
      [ev('ing', { action: `a.${'b'.repeat(127)}` }), 'invalid_action'],
      [ev('ing', { action: 7 }), 'invalid_action'],
      [ev('ing', { actor: undefined }), 'invalid_actor'],
      [ev('ing', { actor: { type: 'user' } }), 'invalid_actor'],
      [ev('ing', { actor: { id: 'u' } }), 'invalid_actor'],
      [ev('ing', { actor: { type: '', id: 'u' } }), 'invalid_actor'],
      [ev('ing', { actor: 'u1' }), 'invalid_actor'],
      [ev('ing', { targets: [{ type: 'doc' }] }), 'invalid_target'],
      [ev('ing', { targets: [{ id: 'd' }] }), 'invalid_target'],
      [ev('ing', { targets: 'd1' }), 'invalid_target'],
      [ev('ing', { targets: Array.from({ length: 21 }, (_, i) => ({ type: 't', id: `${i}` })) }), 'too_many_targets'],
      [ev('ing', { occurred_at: 'yesterday' }), 'invalid_occurred_at'],
      [ev('ing', { occurred_at: '2026-02-30T00:00:00Z' }), 'invalid_occurred_at'],
      [ev('ing', { occurred_at: 1700000000 }), 'invalid_occurred_at'],
      [ev('ing', { occurred_at: '2000-01-01T00:00:00Z' }), 'occurred_at_out_of_window'],
      [ev('ing', { occurred_at: new Date(Date.now() + 25 * 3600_000).toISOString() }), 'occurred_at_out_of_window'],
      [ev('ing', { metadata: [1] }), 'invalid_metadata'],
    ];
    for (const [body, code, status = 400] of cases) {
      const r = await ingest(body);
      expect([r.status, r.body?.error, JSON.stringify(body).slice(0, 60)]).toEqual([
        status,
        code,
        JSON.stringify(body).slice(0, 60),
      ]);
    }
    expect((await ingest(ev('ing', { action: `a.${'b'.repeat(126)}` }))).status).toBe(201); // 128 characters
    expect(
      (
        await ingest(
          ev('ing', { action: 'a.b.c', targets: Array.from({ length: 20 }, (_, i) => ({ type: 't', id: `${i}` })) }),
        )
      ).status,
    ).toBe(201);
    expect((await ingest(ev('ing', { occurred_at: new Date(Date.now() + 23 * 3600_000).toISOString() }))).status).toBe(
      201,
    );
    const raw = await call(s, 'POST', '/v1/audit/events', {
      key,
      raw: '{"organization_id":',
      headers: { 'idempotency-key': ik() },
    });
    expect(raw.status).toBe(400);
    const arr = await ingest([] as unknown as Record<string, unknown>);
    expect([arr.status, arr.body.error]).toEqual([400, 'invalid_payload']);
  });
  it('checks auth, scope and payment before validation', async () => {
    const noKey = await ingest({}, ik(), '');
    expect([noKey.status, noKey.body.error]).toEqual([401, 'missing_api_key']);
    const bad = await ingest({}, null, `svc_live_${'A'.repeat(43)}`);
    expect([bad.status, bad.body.error]).toEqual([401, 'invalid_api_key']);
    const reader = await newTenant(dir, 'audit-reader.test', 'read,write,audit:read', 'enterprise');
    const sc = await ingest({}, null, reader.key);
    expect([sc.status, sc.body.error]).toEqual([403, 'insufficient_scope']);
    const writer = await newTenant(dir, 'audit-writer.test', 'audit:write', 'enterprise');
    expect((await get('/v1/audit/events?organization_id=x', writer.key)).body.error).toBe('insufficient_scope');
    expect((await get('/v1/audit/orgs', writer.key)).body.error).toBe('insufficient_scope');
    expect((await post('/v1/audit/orgs', { organization_id: 'x' }, reader.key)).body.error).toBe('insufficient_scope');
    const due = await newTenant(dir, 'audit-due.test', 'audit:read,audit:write', 'enterprise');
    await post('/v1/audit/orgs', { organization_id: 'o' }, due.key);
    const ok = await ingest(ev('o'), ik(), due.key);
    expect(ok.status).toBe(201);
    await until(async () => (await get('/v1/audit/orgs/o', due.key)).body.last_seq === 1);
    expect((await cli(dir, 'tenant', 'set-past-due', due.tenantId, 'on')).code).toBe(0);
    const p = await ingest({}, null, due.key);
    expect([p.status, p.body.error]).toEqual([402, 'payment_required']);
    const pv = await get(`/v1/audit/events/${ok.body.event_id}/verify`, due.key);
    expect([pv.status, pv.body.error]).toEqual([402, 'payment_required']);
    expect((await get(`/v1/audit/events/${ok.body.event_id}`, due.key)).status).toBe(200);
    // Another tenant's event is not visible.
    expect((await get(`/v1/audit/events/${ok.body.event_id}`)).status).toBe(404);
  });
});

describe('sequencing', () => {
  it('gives seq 1..N without gaps to 20 concurrent writers', async () => {
    await createOrg('seq20');
    const per = 25;
    const ids = (
      await Promise.all(
        Array.from({ length: 20 }, async (_, w) => {
          const got: string[] = [];
          for (let i = 0; i < per; i++) {
            const r = await ingest(ev('seq20', { action: `w${w}.write`, metadata: { w, i } }));
            expect(r.status).toBe(201);
            got.push(r.body.event_id);
          }
          return got;
        }),
      )
    ).flat();
    await waitSeq('seq20', ids.length);
    const all = await allEvents('seq20');
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: ids.length }, (_, i) => ids.length - i));
    expect(new Set(all.map((e) => e.id))).toEqual(new Set(ids));
    // Each writer's events keep its own order.
    for (let w = 0; w < 20; w++) {
      const mine = all
        .filter((e) => e.action === `w${w}.write`)
        .sort((a, b) => a.seq - b.seq)
        .map((e) => e.metadata.i);
      expect(mine).toEqual(Array.from({ length: per }, (_, i) => i));
    }
    const integ = await get('/v1/audit/orgs/seq20/integrity');
    expect(integ.body).toMatchObject({
      org_id: 'seq20',
      from: 1,
      to: ids.length,
      last_seq: ids.length,
      evacuated_through_seq: 0,
      count: ids.length,
      expected: ids.length,
      contiguous: true,
      gaps: [],
      gaps_truncated: false,
    });
    expect(typeof integ.body.note).toBe('string');
    const c = await cli(dir, 'audit', 'integrity', '--tenant', 'audit.test', '--org', 'seq20');
    expect(c.code).toBe(0);
    expect(c.json).toMatchObject({ org_id: 'seq20', count: ids.length, contiguous: true });
    const bad = await cli(dir, 'audit', 'integrity', '--tenant', 'audit.test', '--org', 'nope');
    expect(bad.code).toBe(1);
  });
});

describe('GET /v1/audit/events', () => {
  const org = 'query';
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await createOrg(org);
    const base = Date.now() - 10 * 86400_000;
    for (let i = 0; i < 60; i++) {
      const r = await ingest({
        organization_id: org,
        action: ['doc.create', 'doc.delete', 'user.login'][i % 3],
        actor: { type: 'user', id: `u${i % 4}` },
        targets:
          i % 5 === 0
            ? [
                { type: 'doc', id: 'special' },
                { type: 'doc', id: `d${i}` },
              ]
            : [{ type: 'doc', id: `d${i}` }],
        occurred_at: new Date(base + i * 3600_000).toISOString(),
        metadata: { i },
      });
      ids[i] = r.body.event_id;
    }
    await waitSeq(org, 60);
  });
  it('pages newest first with an opaque cursor; limit defaults to 50, clamps to 100', async () => {
    const p1 = await get(`/v1/audit/events?organization_id=${org}`);
    expect(p1.body.events.length).toBe(50);
    expect(p1.body.events[0].seq).toBe(60);
    expect(p1.body.events[49].seq).toBe(11);
    expect(typeof p1.body.next_cursor).toBe('string');
    const p2 = await get(`/v1/audit/events?organization_id=${org}&cursor=${p1.body.next_cursor}`);
    expect(p2.body.events.map((e: any) => e.seq)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(p2.body.next_cursor).toBeNull();
    expect((await get(`/v1/audit/events?organization_id=${org}&limit=1000`)).body.events.length).toBe(60);
    expect((await get(`/v1/audit/events?organization_id=${org}&limit=0`)).body.events.length).toBe(1);
    const exact = await get(`/v1/audit/events?organization_id=${org}&limit=60`);
    expect([exact.body.events.length, exact.body.next_cursor]).toEqual([60, null]);
    const nonInt = await get(`/v1/audit/events?organization_id=${org}&limit=abc`);
    expect(nonInt.status).toBe(400);
    expect(nonInt.body).toBeNull(); // plain-text framework rejection
    expect((await get(`/v1/audit/events?organization_id=${org}&cursor=garbage`)).status).toBe(400);
    expect((await get('/v1/audit/events')).body.error).toBe('invalid_organization_id');
    expect((await get('/v1/audit/events?organization_id=none')).status).toBe(404);
  });
  it('filters by actions (comma-separated), actor_id, target_id and range (start inclusive, end exclusive)', async () => {
    const meta = (es: any[]) => es.map((e) => e.metadata.i);
    const desc = (f: (i: number) => boolean) => Array.from({ length: 60 }, (_, i) => 59 - i).filter(f);
    expect(meta(await allEvents(org, '&actions=doc.delete'))).toEqual(desc((i) => i % 3 === 1));
    expect(meta(await allEvents(org, '&actions=doc.delete,user.login'))).toEqual(desc((i) => i % 3 !== 0));
    expect(meta(await allEvents(org, '&actions=none.such'))).toEqual([]);
    expect(meta(await allEvents(org, '&actor_id=u2'))).toEqual(desc((i) => i % 4 === 2));
    expect(meta(await allEvents(org, '&target_id=special'))).toEqual(desc((i) => i % 5 === 0));
    expect(meta(await allEvents(org, '&target_id=d7'))).toEqual([7]);
    expect(meta(await allEvents(org, '&actor_id=u0&actions=doc.create'))).toEqual(
      desc((i) => i % 4 === 0 && i % 3 === 0),
    );
    const base = Date.parse((await written(ids[0]!)).occurred_at);
    const iso = (h: number) => new Date(base + h * 3600_000).toISOString();
    expect(meta(await allEvents(org, `&range_start=${iso(10)}&range_end=${iso(20)}`))).toEqual(
      desc((i) => i >= 10 && i < 20),
    );
    expect(meta(await allEvents(org, `&range_start=${iso(55)}`))).toEqual(desc((i) => i >= 55));
    expect(meta(await allEvents(org, `&range_end=${iso(3)}&actor_id=u1`))).toEqual([1]);
    // Small pages over a filter visit each match once.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await get(
        `/v1/audit/events?organization_id=${org}&limit=2&target_id=special${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...meta(r.body.events));
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(desc((i) => i % 5 === 0));
    expect((await get(`/v1/audit/events?organization_id=${org}&range_start=soon`)).status).toBe(400);
  });
  it('keyset paging visits every event exactly once while new events arrive', async () => {
    const live = 'live';
    await createOrg(live);
    for (let i = 0; i < 40; i++) await ingest(ev(live, { metadata: { i } }));
    await waitSeq(live, 40);
    let stop = false;
    const writer = (async () => {
      let i = 0;
      while (!stop) await ingest(ev(live, { metadata: { late: i++ } }));
    })();
    const seqs: number[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await get(`/v1/audit/events?organization_id=${live}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seqs.push(...r.body.events.map((e: any) => e.seq));
      cursor = r.body.next_cursor;
      await Bun.sleep(5);
    } while (cursor);
    stop = true;
    await writer;
    const top = seqs[0]!;
    expect(top).toBeGreaterThanOrEqual(40);
    expect(seqs).toEqual(Array.from({ length: top }, (_, i) => top - i));
  });
  it('finds a backdated event in a time range although many newer events follow it', async () => {
    await createOrg('lag');
    for (let i = 0; i < 30; i++) await ingest(ev('lag', { metadata: { i } }));
    const old = new Date(Date.now() - 4 * 365 * 86400_000).toISOString();
    await ingest(ev('lag', { occurred_at: old, metadata: { backdated: true } }));
    for (let i = 30; i < 60; i++) await ingest(ev('lag', { metadata: { i } }));
    await waitSeq('lag', 61);
    const threeYears = new Date(Date.now() - 3 * 365 * 86400_000).toISOString();
    const r = await allEvents('lag', `&range_end=${threeYears}`);
    expect(r.map((e) => [e.seq, e.metadata])).toEqual([[31, { backdated: true }]]);
    const recent = await allEvents('lag', `&range_start=${new Date(Date.now() - 3600_000).toISOString()}`);
    expect(recent.length).toBe(60);
    expect(recent.some((e) => e.seq === 31)).toBe(false);
  });
  it('GET /v1/audit/events/{id} returns one event; unknown or malformed ids are 404 not_found', async () => {
    const e = await get(`/v1/audit/events/${ids[3]}`);
    expect(e.body).toMatchObject({ id: ids[3], seq: 4, metadata: { i: 3 } });
    expect((await get('/v1/audit/events/aevt_01ARZ3NDEKTSV4RRFFQ69G5FAV')).body.error).toBe('not_found');
    expect((await get('/v1/audit/events/nope/verify')).status).toBe(404);
  });
});
