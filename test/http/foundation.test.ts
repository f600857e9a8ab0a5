// The foundation over HTTPS: first start and bootstrap key, authentication order, tenant isolation, plans and limits, bodies, keys.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, ROOT, startServer, tempDir, pubKeyB64, until, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let acme: Awaited<ReturnType<typeof newTenant>>;
let other: Awaited<ReturnType<typeof newTenant>>;
const dir = tempDir();

beforeAll(async () => {
  // Operator-edited plan table: small figures so limits are reachable in a test.
  writeFileSync(
    join(dir, 'plans.json'),
    JSON.stringify({ free: { rps: 5, events_per_month: 3, api_verifications_per_month: 2 } }),
  );
  s = await startServer({ dataDir: dir });
  acme = await newTenant(dir, 'acme.test', 'read,write', 'builder');
  other = await newTenant(dir, 'other.test', 'read,write', 'builder');
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('first start', () => {
  it('stdout not a terminal (a service journal): writes the all-scope key to DATA/bootstrap-api-key (0600) and prints only that path', async () => {
    const file = join(dir, 'bootstrap-api-key');
    expect(s.apiKey).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${s.apiKey}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(s.output()).not.toContain('svc_live_');
    expect(s.output()).toContain(file);
    expect(s.output()).toContain('listening on https://');
    expect((await call(s, 'GET', '/v1/events', { key: s.apiKey })).status).toBe(200);
  });
  it('stdout a terminal: prints the key once and writes no file', async () => {
    const tty = tempDir();
    // script(1) gives the server a pseudo-terminal as stdout.
    const p = Bun.spawn(['script', '-qfec', 'bun src/main.ts', '/dev/null'], {
      cwd: ROOT,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...process.env,
        SVC_DATA_DIR: tty,
        SVC_PORT: '0',
        SVC_HOST: '127.0.0.1',
        SVC_LOG_LEVEL: 'warn',
        SVC_METRICS_ADDR: 'off',
      },
    });
    let out = '';
    const reader = p.stdout.getReader();
    while (!out.includes('listening on')) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
    p.kill('SIGTERM');
    await p.exited;
    expect(out).toMatch(/\n\s+svc_live_[A-Za-z0-9_-]{43}\r?\n/);
    expect(existsSync(join(tty, 'bootstrap-api-key'))).toBe(false);
    cleanup(tty);
  });
  it('answers GET /healthz over HTTPS', async () => {
    const r = await call(s, 'GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', version: expect.any(String) });
  });
  it('does not speak plain HTTP', async () => {
    const r = await fetch(s.url.replace('https', 'http') + '/healthz').then(
      (x) => x.status,
      () => 'refused',
    );
    expect(r).not.toBe(200);
  });
});

describe('authentication in the documented order', () => {
  const get = (headers: Record<string, string>) => call(s, 'GET', '/v1/events', { headers });
  it('missing_api_key', async () => {
    const r = await get({});
    expect([r.status, r.body.error]).toEqual([401, 'missing_api_key']);
    expect(typeof r.body.message).toBe('string');
  });
  it('invalid_authorization_scheme before the key format', async () => {
    const r = await get({ authorization: 'Basic abc' });
    expect([r.status, r.body.error]).toEqual([401, 'invalid_authorization_scheme']);
  });
  it('invalid_api_key_format', async () => {
    expect((await get({ authorization: 'Bearer sk_test_123' })).body.error).toBe('invalid_api_key_format');
    expect((await get({ 'x-api-key': 'nope' })).body.error).toBe('invalid_api_key_format');
  });
  it('invalid_api_key_format, not invalid_api_key, for the right prefix in the wrong shape (length, alphabet)', async () => {
    for (const k of [
      `${acme.key}A`,
      acme.key.slice(0, -1),
      `svc_live_${'A'.repeat(42)}+`,
      `svc_live_${'A'.repeat(42)}=`,
      `svc_live_${'é'.repeat(43)}`,
      'svc_live_',
      `svc_live_${'A'.repeat(5000)}`,
    ]) {
      const r = await get({ 'x-api-key': k });
      expect([k.slice(0, 60), r.status, r.body.error]).toEqual([k.slice(0, 60), 401, 'invalid_api_key_format']);
    }
  });
  it('invalid_api_key for an unknown key', async () => {
    const r = await get({ 'x-api-key': 'svc_live_' + 'A'.repeat(43) });
    expect([r.status, r.body.error]).toEqual([401, 'invalid_api_key']);
  });
  it('accepts Bearer and X-API-Key', async () => {
    expect((await get({ authorization: `Bearer ${acme.key}` })).status).toBe(200);
    expect((await get({ 'x-api-key': acme.key })).status).toBe(200);
  });
  it('insufficient_scope comes after the key checks', async () => {
    const k = await cli(
      dir,
      'key',
      'create',
      '--tenant',
      acme.tenantId,
      '--name',
      'audit-only',
      '--scopes',
      'audit:read',
    );
    const r = await get({ 'x-api-key': k.json.api_key });
    expect([r.status, r.body.error]).toEqual([403, 'insufficient_scope']);
  });
  it('revocation is in force on the next request while the server runs', async () => {
    const k = await cli(dir, 'key', 'create', '--tenant', acme.tenantId, '--name', 'short-lived', '--scopes', 'read');
    expect((await get({ 'x-api-key': k.json.api_key })).status).toBe(200);
    const rv = await cli(dir, 'key', 'revoke', k.json.key_id);
    expect(rv.code).toBe(0);
    expect(rv.json.key_id).toBe(k.json.key_id);
    const r = await get({ 'x-api-key': k.json.api_key });
    expect([r.status, r.body.error]).toEqual([401, 'api_key_revoked']);
  });
  it('ip_not_allowed outside the allowlist, allowed inside (IPv4 and IPv6 CIDRs)', async () => {
    const out = await cli(
      dir,
      'key',
      'create',
      '--tenant',
      acme.tenantId,
      '--name',
      'lan',
      '--scopes',
      'read',
      '--allow-ip',
      '10.0.0.0/8,2001:db8::/32',
    );
    const r = await get({ 'x-api-key': out.json.api_key });
    expect([r.status, r.body.error]).toEqual([403, 'ip_not_allowed']);
    const inside = await cli(
      dir,
      'key',
      'create',
      '--tenant',
      acme.tenantId,
      '--name',
      'local',
      '--scopes',
      'read',
      '--allow-ip',
      '127.0.0.0/8,::1/128',
    );
    expect((await get({ 'x-api-key': inside.json.api_key })).status).toBe(200);
  });
  it('a revoked key is refused before the IP allowlist is looked at', async () => {
    const k = await cli(
      dir,
      'key',
      'create',
      '--tenant',
      acme.tenantId,
      '--name',
      'x',
      '--scopes',
      'read',
      '--allow-ip',
      '10.0.0.0/8',
    );
    await cli(dir, 'key', 'revoke', k.json.key_id);
    expect((await get({ 'x-api-key': k.json.api_key })).body.error).toBe('api_key_revoked');
  });
});

describe('tenant isolation', () => {
  it("a key never reads another tenant's event", async () => {
    const w = await call(s, 'POST', '/v1/events', { key: acme.key, body: { event_type: 'secret', payload: { n: 1 } } });
    expect(w.status).toBe(201);
    const id = w.body.event_id;
    const mine = await until(async () => {
      const r = await call(s, 'GET', `/v1/events/${id}`, { key: acme.key });
      return r.status === 200 ? r : null;
    });
    expect(mine.body.tenant_id).toBe(acme.tenantId);
    const theirs = await call(s, 'GET', `/v1/events/${id}`, { key: other.key });
    expect([theirs.status, theirs.body.error]).toEqual([404, 'event_not_found']);
    const v = await call(s, 'POST', `/v1/events/${id}/verify`, { key: other.key, body: { payload: { n: 1 } } });
    expect(v.body.error).toBe('event_not_found');
    const list = await call(s, 'GET', '/v1/events?limit=500', { key: other.key });
    expect(list.body.events.map((e: any) => e.event_id)).not.toContain(id);
  });
});

describe('plans, rate limits and quotas', () => {
  it('X-RateLimit headers on every key response, 429 rate_limited with its fields', async () => {
    const t = await newTenant(dir, 'rate.test', 'read', 'free');
    const replies = await Promise.all(Array.from({ length: 12 }, () => call(s, 'GET', '/v1/events', { key: t.key })));
    const ok = replies.filter((r) => r.status === 200);
    const limited = replies.filter((r) => r.status === 429);
    expect(ok.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    expect(ok[0]!.headers.get('x-ratelimit-limit')).toBe('5');
    expect(Number(ok[0]!.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
    const l = limited[0]!;
    expect(l.body).toMatchObject({ error: 'rate_limited', plan_tier: 'free', limit_per_sec: 5 });
    expect(l.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(typeof l.body.upgrade_url).toBe('string');
    expect(Number(l.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(l.headers.get('x-ratelimit-remaining')).toBe('0');
  });
  it('429 quota_exceeded with its fields; counted before validation', async () => {
    const t = await newTenant(dir, 'quota.test', 'read,write', 'free');
    // Invalid event_type still counts one event (docs/operations.md#counting-and-limits).
    const bad = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: '', payload: {} } });
    expect(bad.body.error).toBe('invalid_event_type');
    // Stay under the per-second budget of this plan: wait for the next second's window.
    const sec = Math.floor(Date.now() / 1000);
    await until(() => Math.floor(Date.now() / 1000) > sec, 2000, 10);
    for (let i = 0; i < 2; i++)
      expect(
        (await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: { i } } })).status,
      ).toBe(201);
    const r = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: {} } });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({
      error: 'quota_exceeded',
      resource: 'events_per_month',
      current_usage: 3,
      plan_limit: 3,
      plan_tier: 'free',
    });
    expect(typeof r.body.upgrade_url).toBe('string');
    expect(r.headers.get('x-ratelimit-limit')).toBe('5');
  });
  it('a plan change from the CLI is in force on the next request', async () => {
    const t = await newTenant(dir, 'upgrade.test', 'read,write', 'free');
    expect((await call(s, 'GET', '/v1/events', { key: t.key })).headers.get('x-ratelimit-limit')).toBe('5');
    const r = await cli(dir, 'tenant', 'set-plan', t.tenantId, 'enterprise');
    expect(r.json.plan).toBe('enterprise');
    expect((await call(s, 'GET', '/v1/events', { key: t.key })).headers.get('x-ratelimit-limit')).toBe('50000');
  });
  it('feature_not_available when the plan limit is 0', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'plans.json'), JSON.stringify({ builder: { api_verifications_per_month: 0 } }));
    const s2 = await startServer({ dataDir: d });
    try {
      const r = await call(s2, 'POST', '/v1/events/01a203bd-4122-7381-89b1-e368180a5208/verify', {
        key: s2.apiKey,
        body: { payload: {} },
      });
      expect([r.status, r.body.error]).toEqual([403, 'feature_not_available']);
    } finally {
      await s2.stop();
      cleanup(d);
    }
  });
  it('402 payment_required for a past-due tenant on ingest and verify, not on reads', async () => {
    const t = await newTenant(dir, 'late.test', 'read,write', 'builder');
    expect((await cli(dir, 'tenant', 'set-past-due', t.tenantId, 'on')).json.past_due).toBe(true);
    const w = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: {} } });
    expect([w.status, w.body.error]).toEqual([402, 'payment_required']);
    // docs/api.md#authentication-and-the-order-of-checks: payment_required comes before body validation, the framework's included.
    expect((await call(s, 'POST', '/v1/events', { key: t.key, body: { payload: {} } })).status).toBe(402);
    const v = await call(s, 'POST', '/v1/events/01a203bd-4122-7381-89b1-e368180a5208/verify', {
      key: t.key,
      body: { payload: {} },
    });
    expect(v.status).toBe(402);
    expect((await call(s, 'GET', '/v1/events', { key: t.key })).status).toBe(200);
    await cli(dir, 'tenant', 'set-past-due', t.tenantId, 'off');
    expect((await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: {} } })).status).toBe(
      201,
    );
  });
});

describe('body limits and framework rejections', () => {
  it('413 payload_too_large for a body over 2 MB', async () => {
    const r = await call(s, 'POST', '/v1/events', {
      key: acme.key,
      raw: JSON.stringify({ event_type: 'a', payload: { x: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect([r.status, r.body?.error]).toEqual([413, 'payload_too_large']);
  });
  it('malformed JSON, a missing content type and missing fields are plain text', async () => {
    const a = await call(s, 'POST', '/v1/events', { key: acme.key, raw: '{"event_type":' });
    expect(a.status).toBe(400);
    expect(a.body).toBeNull();
    const b = await call(s, 'POST', '/v1/events', {
      key: acme.key,
      raw: '{"event_type":"a","payload":{}}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(b.status).toBe(415);
    const c = await call(s, 'POST', '/v1/events', { key: acme.key, body: { payload: {} } });
    expect([400, 422]).toContain(c.status);
    expect(c.body).toBeNull();
  });
});

describe('public keys', () => {
  it('GET /keys/{domain} with key history, each record signed by the platform key', async () => {
    const rot = await cli(dir, 'tenant', 'rotate-key', acme.tenantId);
    expect(rot.code).toBe(0);
    const r = await call(s, 'GET', '/keys/acme.test');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ domain: 'acme.test', algorithm: 'ed25519', key_id: rot.json.key_id });
    expect(Buffer.from(r.body.public_key, 'base64url').toString('hex')).toBe(rot.json.public_key);
    expect(r.body.keys).toHaveLength(2);
    const old = r.body.keys.find((k: any) => k.key_id !== rot.json.key_id);
    expect(old.valid_until).not.toBeNull();
    const platform = await call(s, 'GET', '/.well-known/svc-platform-key');
    expect(platform.body.algorithm).toBe('ed25519');
    for (const k of r.body.keys) {
      const msg = Buffer.from(canonicalJson({ domain: 'acme.test', public_key: k.public_key, key_id: k.key_id }));
      expect(verify(null, msg, pubKeyB64(platform.body.public_key), Buffer.from(k.platform_signature, 'hex'))).toBe(
        true,
      );
    }
  });
  it('404 not_found for an unknown domain', async () => {
    const r = await call(s, 'GET', '/keys/nobody.test');
    expect([r.status, r.body.error]).toEqual([404, 'not_found']);
  });
});

describe('operator CLI', () => {
  it('prints one JSON object per command and never a key plaintext in listings', async () => {
    const list = await cli(dir, 'tenant', 'list');
    expect(list.code).toBe(0);
    expect(list.json.tenants.map((t: any) => t.primary_domain)).toContain('acme.test');
    const show = await cli(dir, 'tenant', 'show', 'acme.test');
    expect(show.json.tenant_id).toBe(acme.tenantId);
    expect(JSON.stringify(show.json)).not.toMatch(/seed|private/);
    const keys = await cli(dir, 'key', 'list', '--tenant', 'acme.test');
    expect(keys.json.keys.length).toBeGreaterThan(0);
    expect(keys.stdout).not.toContain('svc_live_');
    expect(keys.stdout).not.toContain(acme.key);
  });
  it('exits 2 with a one-line message on a value it does not take, 1 on a refusal', async () => {
    const r = await cli(dir, 'tenant', 'set-plan', 'acme.test', 'platinum');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.json).toEqual({ error: 'usage', message: expect.stringContaining('platinum') });
    const missing = await cli(dir, 'tenant', 'set-plan', 'nobody.test', 'free');
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.json).toEqual({ error: 'not_found', message: expect.any(String) });
  });
  it('verify-domain --force records an operator attestation', async () => {
    const r = await cli(dir, 'tenant', 'verify-domain', 'other.test', '--force');
    expect(r.json.domain_verified).toBe(true);
    expect(r.json.domain_verified_at).toBeTruthy();
  });
});

describe('logs', () => {
  it('are JSON lines without keys or payloads', async () => {
    const d = tempDir();
    const s2 = await startServer({ dataDir: d, env: { SVC_LOG_LEVEL: 'info' } });
    try {
      await call(s2, 'POST', '/v1/events', {
        key: s2.apiKey,
        body: { event_type: 'log.check', payload: { secret_marker: 'do-not-log' } },
      });
      await call(s2, 'GET', '/v1/events', { key: s2.apiKey });
      const requestLines = () =>
        s2
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l))
          .filter((l) => l.msg === 'request');
      await until(() => requestLines().length >= 2);
      const lines = s2
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'));
      const reqs = requestLines();
      expect(reqs.length).toBeGreaterThanOrEqual(2);
      expect(reqs[0]).toHaveProperty('req_id');
      expect(reqs[0]).toHaveProperty('status');
      expect(reqs[0]).toHaveProperty('ms');
      expect(reqs.some((l) => l.tenant_id)).toBe(true);
      expect(lines.join('\n')).not.toContain('do-not-log');
      expect(lines.join('\n')).not.toContain(s2.apiKey);
    } finally {
      await s2.stop();
      cleanup(d);
    }
  });
});

describe('check order on ledger ingest', () => {
  it('answers authentication errors before looking at the body', async () => {
    const r = await call(s, 'POST', '/v1/events', { body: {} });
    expect([r.status, r.body?.error]).toEqual([401, 'missing_api_key']);
    const bad = await call(s, 'POST', '/v1/events', {
      body: { payload: {} },
      headers: { 'x-api-key': 'svc_live_' + 'B'.repeat(43) },
    });
    expect(bad.body?.error).toBe('invalid_api_key');
  });
  it('counts one rate-limit unit per request even though it authorizes before validation', async () => {
    const t = await newTenant(dir, 'once.test', 'read,write', 'free');
    const r = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: {} } });
    expect(r.headers.get('x-ratelimit-remaining')).toBe('4');
  });
});

describe('bodies that cannot be kept exactly as sent', () => {
  it('answers 400 invalid_payload for lone surrogates, __proto__ keys and out-of-range numbers', async () => {
    for (const raw of [
      '{"event_type":"x","payload":{"a":"\\ud800"}}',
      '{"event_type":"x","payload":{"__proto__":{"x":1}}}',
      '{"event_type":"x","payload":{"n":1e400}}',
    ]) {
      const r = await call(s, 'POST', '/v1/events', { key: acme.key, raw });
      expect([r.status, r.body?.error]).toEqual([400, 'invalid_payload']);
    }
  });
  it('answers 413 payload_too_large in the JSON shape for a body over 8 MB', async () => {
    const r = await call(s, 'POST', '/v1/events', {
      key: acme.key,
      raw: JSON.stringify({ event_type: 'a', payload: { x: 'y'.repeat(9 * 1024 * 1024) } }),
    });
    expect([r.status, r.body?.error]).toEqual([413, 'payload_too_large']);
  });
  it('sends framework rejections as text/plain', async () => {
    const r = await call(s, 'POST', '/v1/events', { key: acme.key, raw: '{"event_type":' });
    expect(r.headers.get('content-type')).toStartWith('text/plain');
  });
});

describe('rate-limit headers', () => {
  it('come with public endpoints too (per client IP)', async () => {
    const r = await call(s, 'GET', '/keys/acme.test');
    expect(r.headers.get('x-ratelimit-limit')).toBe('20');
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeLessThan(20);
  });
  it('a quota 429 carries Retry-After up to the next UTC month', async () => {
    const t = await newTenant(dir, 'quota2.test', 'read,write', 'free');
    for (let i = 0; i < 3; i++)
      await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: { i } } });
    const r = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: {} } });
    expect(r.body.error).toBe('quota_exceeded');
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(31 * 86400);
  });
  it('"Bearer" with no token is a malformed key, not a wrong scheme', async () => {
    const r = await call(s, 'GET', '/v1/events', { headers: { authorization: 'Bearer ' } });
    expect(r.body.error).toBe('invalid_api_key_format');
  });
});
