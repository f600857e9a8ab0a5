// The audit portal: session creation, token exchange and the viewer API scoped to one org.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';

const dir = tempDir();
let s: Server;
let key: string;
let n = 0;
const ik = () => `p-${Date.now()}-${++n}`;
const secrets: string[] = [];

const post = (path: string, body: unknown, k: string | null = key) => call(s, 'POST', path, { key: k, body });
const get = (path: string, k: string | null = key) => call(s, 'GET', path, { key: k });
const mint = (body: Record<string, unknown>, k = key) => post('/v1/audit/portal_sessions', body, k);
async function session(org: string, intent = 'audit_logs') {
  const m = await mint({ organization_id: org, intent });
  expect(m.status).toBe(201);
  const x = await call(s, 'POST', '/v1/audit/portal/exchange', { body: { token: m.body.token } });
  expect(x.status).toBe(200);
  secrets.push(m.body.token, x.body.session_token);
  return x.body.session_token as string;
}

beforeAll(async () => {
  // The stream destinations below are documentation addresses (never reached): the operator allowlist opens them.
  s = await startServer({
    dataDir: dir,
    env: { SVC_LOG_LEVEL: 'debug', SVC_PUBLIC_RPS: '1000', SVC_STREAM_ALLOW_CIDRS: '198.51.100.0/24' },
  });
  key = (await newTenant(dir, 'portal.test', 'audit:read,audit:write', 'enterprise')).key;
  for (const org of ['acme', 'other'])
    expect((await post('/v1/audit/orgs', { organization_id: org, name: `${org} Inc` })).status).toBe(201);
  const actions = ['user.login', 'doc.read', 'doc.update'];
  for (let i = 0; i < 9; i++) {
    const r = await call(s, 'POST', '/v1/audit/events', {
      key,
      headers: { 'idempotency-key': ik() },
      body: { organization_id: 'acme', action: actions[i % 3], actor: { type: 'user', id: `u${i % 2}` } },
    });
    expect(r.status).toBe(201);
  }
  expect(
    (
      await call(s, 'POST', '/v1/audit/events', {
        key,
        headers: { 'idempotency-key': ik() },
        body: { organization_id: 'other', action: 'user.login', actor: { type: 'user', id: 'z' } },
      })
    ).status,
  ).toBe(201);
  await until(
    async () =>
      (await get('/v1/audit/orgs/acme')).body.last_seq === 9 && (await get('/v1/audit/orgs/other')).body.last_seq === 1,
  );
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('POST /v1/audit/portal_sessions', () => {
  it('mints a one-time link with the default durations (link 300 s, session 3600 s)', async () => {
    const r = await mint({ organization_id: 'acme', intent: 'audit_logs' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ intent: 'audit_logs', link_expires_in: 300, session_expires_in: 3600 });
    expect(r.body.token).toMatch(/^plk_[A-Za-z0-9_-]{43}$/);
    expect(r.body.url).toBe(`https://localhost:${s.port}/portal#link=${r.body.token}`);
    expect(typeof r.body.id).toBe('string');
    const custom = await mint({
      organization_id: 'acme',
      intent: 'log_streams',
      session_duration_seconds: 86400,
      link_duration_seconds: 60,
    });
    expect(custom.body).toMatchObject({ intent: 'log_streams', link_expires_in: 60, session_expires_in: 86400 });
  });

  it('answers the validation errors, 404 for an unknown org, 409 for an archived one, 403 without audit:write', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ intent: 'audit_logs' }, 400, 'invalid_organization_id'],
      [{ organization_id: 'x'.repeat(256), intent: 'audit_logs' }, 400, 'invalid_organization_id'],
      [{ organization_id: 'acme' }, 400, 'invalid_intent'],
      [{ organization_id: 'acme', intent: 'admin' }, 400, 'invalid_intent'],
      [{ organization_id: 'acme', intent: 'audit_logs', session_duration_seconds: 59 }, 400, 'invalid_duration'],
      [{ organization_id: 'acme', intent: 'audit_logs', session_duration_seconds: 86401 }, 400, 'invalid_duration'],
      [{ organization_id: 'acme', intent: 'audit_logs', session_duration_seconds: '600' }, 400, 'invalid_duration'],
      [{ organization_id: 'acme', intent: 'audit_logs', session_duration_seconds: 90.5 }, 400, 'invalid_duration'],
      [{ organization_id: 'acme', intent: 'audit_logs', link_duration_seconds: 59 }, 400, 'invalid_link_duration'],
      [{ organization_id: 'acme', intent: 'audit_logs', link_duration_seconds: 3601 }, 400, 'invalid_link_duration'],
      [{ organization_id: 'nope', intent: 'audit_logs' }, 404, 'not_found'],
    ];
    for (const [body, status, code] of cases) {
      const r = await mint(body);
      expect([r.status, r.body?.error]).toEqual([status, code]);
    }
    expect((await post('/v1/audit/orgs', { organization_id: 'archived' })).status).toBe(201);
    expect((await post('/v1/audit/orgs/archived/archive', {})).status).toBe(200);
    expect((await mint({ organization_id: 'archived', intent: 'audit_logs' })).body.error).toBe('org_archived');
    const ro = await newTenant(dir, 'portal-ro.test', 'audit:read', 'enterprise');
    expect((await mint({ organization_id: 'acme', intent: 'audit_logs' }, ro.key)).body.error).toBe(
      'insufficient_scope',
    );
  });
});

describe('POST /v1/audit/portal/exchange', () => {
  it('exchanges a link once for a session; a reused or unknown link is 401 invalid_or_used_link', async () => {
    const m = await mint({ organization_id: 'acme', intent: 'audit_logs', session_duration_seconds: 600 });
    secrets.push(m.body.token);
    const x = await call(s, 'POST', '/v1/audit/portal/exchange', { body: { token: m.body.token } });
    expect(x.status).toBe(200);
    expect(x.body).toMatchObject({ organization_id: 'acme', intent: 'audit_logs' });
    expect(x.body.session_token).toMatch(/^pss_[A-Za-z0-9_-]{43}$/);
    secrets.push(x.body.session_token);
    expect(Math.abs(Date.parse(x.body.expires_at) - (Date.now() + 600_000))).toBeLessThan(10_000);
    for (const body of [{ token: m.body.token }, { token: 'plk_' + 'A'.repeat(43) }, {}, { token: 42 }]) {
      const again = await call(s, 'POST', '/v1/audit/portal/exchange', { body });
      expect([again.status, again.body.error]).toEqual([401, 'invalid_or_used_link']);
    }
  });

  it('lets only one of many concurrent exchanges of the same link succeed', async () => {
    const m = await mint({ organization_id: 'acme', intent: 'audit_logs' });
    const rs = await Promise.all(
      Array.from({ length: 12 }, () => call(s, 'POST', '/v1/audit/portal/exchange', { body: { token: m.body.token } })),
    );
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 401 && r.body.error === 'invalid_or_used_link')).toHaveLength(11);
  });

  it('refuses a link presented for the other intent (403 wrong_intent)', async () => {
    const m = await mint({ organization_id: 'acme', intent: 'audit_logs' });
    const r = await call(s, 'POST', '/v1/audit/portal/exchange', {
      body: { token: m.body.token, intent: 'log_streams' },
    });
    expect([r.status, r.body.error]).toEqual([403, 'wrong_intent']);
  });
});

describe('viewer API', () => {
  const as = (token: string | null, path: string) => call(s, 'GET', path, { key: token });

  it('lists the org newest first with keyset paging and filters', async () => {
    const t = await session('acme');
    const all = await as(t, '/v1/portal/audit/events');
    expect(all.status).toBe(200);
    expect(all.body.events.map((e: any) => e.seq)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(all.body.events.every((e: any) => e.org_id === 'acme')).toBe(true);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await as(t, `/v1/portal/audit/events?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.events.map((e: any) => e.seq));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const f = await as(t, '/v1/portal/audit/events?actions=doc.read,doc.update&actor_id=u1');
    expect(f.body.events.map((e: any) => [e.action, e.actor.id])).toEqual(
      all.body.events
        .filter((e: any) => e.action !== 'user.login' && e.actor.id === 'u1')
        .map((e: any) => [e.action, e.actor.id]),
    );
    expect((await as(t, '/v1/portal/audit/events?organization_id=other')).status).toBe(404);
  });

  it('opens and verifies an event of its org only', async () => {
    const t = await session('acme');
    const list = await as(t, '/v1/portal/audit/events?limit=1');
    const id = list.body.events[0].id;
    // The single event also carries its transparency log block (docs/verification.md#12-the-transparency-log); the list does not.
    const { log, ...one } = (await as(t, `/v1/portal/audit/events/${id}`)).body;
    expect(one).toEqual(list.body.events[0]);
    expect(log).toBeDefined();
    const v = await as(t, `/v1/portal/audit/events/${id}/verify`);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ event_id: id, valid: true, reason: null, key_source: 'tenant_keys' });
    const foreign = (await get('/v1/audit/events?organization_id=other')).body.events[0].id;
    expect((await as(t, `/v1/portal/audit/events/${foreign}`)).body.error).toBe('not_found');
    expect((await as(t, `/v1/portal/audit/events/${foreign}/verify`)).body.error).toBe('not_found');
  });

  it('keeps each session to its intent (403 wrong_intent)', async () => {
    const logs = await session('acme', 'audit_logs');
    const streams = await session('acme', 'log_streams');
    expect((await as(logs, '/v1/portal/streams')).body.error).toBe('wrong_intent');
    expect((await as(logs, '/v1/portal/streams')).status).toBe(403);
    for (const p of [
      '/v1/portal/audit/events',
      '/v1/portal/audit/events/aevt_01KAPX3M2Q8R5T7V9W1Y3Z5B7C',
      '/v1/portal/audit/events/aevt_01KAPX3M2Q8R5T7V9W1Y3Z5B7C/verify',
    ]) {
      const r = await as(streams, p);
      expect([r.status, r.body.error]).toEqual([403, 'wrong_intent']);
    }
  });

  it("shows the org's streams and their state to a log_streams session, without secrets", async () => {
    const created = await post('/v1/audit/orgs/acme/streams', { type: 'webhook', url: 'https://198.51.100.7/hook' });
    expect(created.status).toBe(201);
    const t = await session('acme', 'log_streams');
    const r = await as(t, '/v1/portal/streams');
    expect(r.status).toBe(200);
    expect(r.body.streams).toHaveLength(1);
    expect(r.body.streams[0]).toMatchObject({
      id: created.body.id,
      endpoint: 'https://198.51.100.7/hook',
      type: 'webhook',
    });
    expect(['active', 'failing', 'paused']).toContain(r.body.streams[0].state);
    expect(r.text).not.toContain(created.body.signing_secret);
  });

  it('answers 401 without a valid session token, and accepts no API key in its place', async () => {
    expect((await as(null, '/v1/portal/audit/events')).body.error).toBe('missing_api_key');
    for (const bad of ['pss_' + 'B'.repeat(43), key, 'garbage']) {
      const r = await as(bad, '/v1/portal/audit/events');
      expect([r.status, r.body.error]).toEqual([401, 'invalid_or_used_link']);
    }
    const basic = await call(s, 'GET', '/v1/portal/audit/events', { headers: { authorization: 'Basic abc' } });
    expect([basic.status, basic.body.error]).toEqual([401, 'invalid_authorization_scheme']);
  });

  it('never writes a link or session token to the log', async () => {
    await session('acme');
    const out = await until(() => (/"route":"\/v1\/audit\/portal\/exchange"/.test(s.output()) ? s.output() : null));
    expect(out).toContain('"msg":"request"');
    for (const secret of secrets) expect(out).not.toContain(secret);
  });
});
