// The administration API as automation uses it: a tenant's whole life through /v1/operator/ (operator token) and
// /v1/admin/ (API key with scope admin), every change one operator-log entry by `token:<id>` or `key:<id>`, tokens
// and keys never shown twice, never stored in plaintext, and refused from the request after their revocation.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  call,
  cleanupDirs,
  cli,
  newTenant,
  ownedDir,
  pubKeyB64,
  sha,
  startServer,
  until,
  type Server,
} from '../helpers';
import { testLog } from './independent-witness';

const dir = ownedDir();
let s: Server;
let token = '';
let tokenId = '';
const op = (method: string, path: string, body?: unknown) => call(s, method, path, { key: token, body });
type Entry = {
  leaf_index: number;
  entry: { action: string; by: string; target: Record<string, string>; details: any };
};
const operatorLog = async (): Promise<Entry[]> => (await cli(dir, 'operator', 'log')).json;

/** Runs `change` and expects exactly one new operator-log entry with `action`, made by `by`; returns change's reply. */
async function oneEntry<T>(action: string, by: string, change: () => Promise<T>): Promise<T> {
  const n = (await operatorLog()).length;
  const out = await change();
  const after = await operatorLog();
  expect([action, after.length]).toEqual([action, n + 1]);
  expect([after.at(-1)!.entry.action, after.at(-1)!.entry.by]).toEqual([action, by]);
  return out;
}

beforeAll(async () => {
  // Loopback may take streams here, so that one can be made and deleted.
  s = await startServer({ dataDir: dir, env: { SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32' } });
  const t = await cli(dir, 'admin-token', 'create', '--name', 'ansible');
  expect(t.code).toBe(0);
  ({ token, token_id: tokenId } = t.json);
}, 60_000);
afterAll(async () => {
  await s.stop();
  cleanupDirs();
});

describe('svc admin-token', () => {
  it('create shows the token once (svc_op_ + 43 base64url characters); list never shows it', async () => {
    expect(token).toMatch(/^svc_op_[A-Za-z0-9_-]{43}$/);
    const list = await cli(dir, 'admin-token', 'list');
    expect(list.json.tokens).toEqual([
      { token_id: tokenId, name: 'ansible', created_at: expect.any(String), revoked_at: null },
    ]);
    expect(list.stdout).not.toContain(token);
    expect(list.stdout).not.toContain(sha(token));
  });

  it('stores only its SHA-256: the plaintext is in no file of the data directory', () => {
    const db = readFileSync(join(dir, 'db', 'data.mdb'));
    expect(db.includes(Buffer.from(token))).toBe(false);
    expect(db.includes(Buffer.from(token.slice('svc_op_'.length)))).toBe(false);
    expect(db.includes(Buffer.from(sha(token)))).toBe(true);
  });

  it('is refused from the request after its revocation (401 operator_token_revoked), and the revocation is logged', async () => {
    const other = await cli(dir, 'admin-token', 'create', '--name', 'short-lived');
    const t = other.json.token as string;
    expect((await call(s, 'GET', '/v1/operator/tenants', { key: t })).status).toBe(200);
    const r = await cli(dir, 'admin-token', 'revoke', other.json.token_id);
    expect([r.code, r.json.token_id, typeof r.json.revoked_at]).toEqual([0, other.json.token_id, 'string']);
    const after = await call(s, 'GET', '/v1/operator/tenants', { key: t });
    expect([after.status, after.body.error]).toEqual([401, 'operator_token_revoked']);
    const actions = (await operatorLog()).map((e) => e.entry.action);
    expect(actions.filter((a) => a.startsWith('operator_token.'))).toEqual([
      'operator_token.create',
      'operator_token.create',
      'operator_token.revoke',
    ]);
    expect(JSON.stringify(await operatorLog())).not.toContain('svc_op_');
  });
});

describe('who may call what', () => {
  it('/v1/operator/ wants an operator token: none 401, an API key 401, a malformed or unknown token 401', async () => {
    const none = await call(s, 'GET', '/v1/operator/tenants');
    expect([none.status, none.body.error]).toEqual([401, 'missing_operator_token']);
    const apiKey = await call(s, 'GET', '/v1/operator/tenants', { key: s.apiKey });
    expect([apiKey.status, apiKey.body.error]).toEqual([401, 'invalid_operator_token']);
    const viaHeader = await call(s, 'GET', '/v1/operator/tenants', { headers: { 'x-api-key': s.apiKey } });
    expect([viaHeader.status, viaHeader.body.error]).toEqual([401, 'missing_operator_token']);
    const unknown = await call(s, 'GET', '/v1/operator/tenants', { key: `svc_op_${'A'.repeat(43)}` });
    expect([unknown.status, unknown.body.error]).toEqual([401, 'invalid_operator_token']);
    const basic = await call(s, 'GET', '/v1/operator/tenants', { headers: { authorization: `Basic ${token}` } });
    expect([basic.status, basic.body.error]).toEqual([401, 'invalid_authorization_scheme']);
  });

  it('an operator token opens nothing else: every key route answers it 401', async () => {
    const doc = (await call(s, 'GET', '/openapi.json')).body;
    let routes = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, o] of Object.entries(item)) {
        if (!o.security.some((r: Record<string, unknown>) => 'bearerAuth' in r)) continue;
        routes++;
        const url = path.replace(/\{\w+\}/g, '01a203bd-4122-7381-89b1-e368180a5208');
        const r = await call(s, method.toUpperCase(), url, { key: token, body: method === 'get' ? undefined : {} });
        expect([`${method} ${path}`, r.status]).toEqual([`${method} ${path}`, 401]);
      }
    }
    expect(routes).toBeGreaterThan(30);
  });

  it('every /v1/admin/ route answers a key without the admin scope 403 insufficient_scope', async () => {
    const doc = (await call(s, 'GET', '/openapi.json')).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/v1/admin/'));
    expect(paths.length).toBeGreaterThanOrEqual(5);
    const all = await newTenant(dir, 'noadmin.test', 'read,write,audit:read,audit:write');
    for (const path of paths) {
      for (const method of Object.keys(doc.paths[path])) {
        const url = path.replace(/\{\w+\}/g, all.keyId);
        const r = await call(s, method.toUpperCase(), url, { key: all.key, body: method === 'get' ? undefined : {} });
        expect([`${method} ${path}`, r.status, r.body.error]).toEqual([`${method} ${path}`, 403, 'insufficient_scope']);
      }
    }
  });

  it('svc key create accepts the admin scope; the bootstrap key has every scope', async () => {
    const k = await cli(dir, 'key', 'create', '--tenant', 'localhost', '--name', 'a', '--scopes', 'admin');
    expect([k.code, k.json.scopes]).toEqual([0, ['admin']]);
    expect((await call(s, 'GET', '/v1/admin/keys', { key: s.apiKey })).status).toBe(200);
    // An unknown scope is a value the command's declaration refuses: a usage error, exit 2.
    const bad = await cli(dir, 'key', 'create', '--tenant', 'localhost', '--name', 'a', '--scopes', 'root');
    expect(bad.code).toBe(2);
  });
});

describe("a tenant's life through the API only", () => {
  const ctx: Record<string, string> = {};
  const by = () => `token:${tokenId}`;

  it('the operator creates the tenant (201, as svc tenant create); its keys are published at once', async () => {
    const r = await oneEntry('tenant.create', by(), () =>
      op('POST', '/v1/operator/tenants', { name: 'Acme', domain: 'acme.test', plan: 'free', issuer_name: 'Acme Ltd' }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      tenant_id: expect.any(String),
      name: 'Acme',
      primary_domain: 'acme.test',
      plan: 'free',
      key_id: expect.stringMatching(/^[0-9a-f]{16}$/),
      public_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      sandbox: false,
    });
    ctx.tenant = r.body.tenant_id;
    const keys = await call(s, 'GET', '/keys/acme.test');
    expect([keys.status, keys.body.key_id, keys.body.issuer_name]).toEqual([200, r.body.key_id, 'Acme Ltd']);
  });

  it('refuses bad bodies with JSON errors and writes nothing: missing fields, taken or reserved domains', async () => {
    const n = (await operatorLog()).length;
    for (const [body, code] of [
      [{ name: 'X', domain: 's.test', sandbox: 'yes' }, 'invalid_payload'],
      [{ name: 'X' }, 'invalid_payload'],
      [{ name: 'X', domain: 7 }, 'invalid_payload'],
      [[1], 'invalid_payload'],
      [{ name: '', domain: 'x.test' }, 'invalid_name'],
      [{ name: 'X', domain: 'acme.test' }, 'bad_request'],
      [{ name: 'X', domain: 'operator' }, 'invalid_payload'],
      [{ name: 'X', domain: 'x.test', plan: 'gold' }, 'bad_request'],
    ] as const) {
      const r = await op('POST', '/v1/operator/tenants', body);
      expect([JSON.stringify(body), r.status, r.body?.error]).toEqual([JSON.stringify(body), 400, code]);
    }
    expect((await operatorLog()).length).toBe(n);
    expect((await call(s, 'GET', '/keys/s.test')).status).toBe(404);
    const plain = await op('POST', '/v1/operator/tenants', { name: 'Plain', domain: 'plain.test', sandbox: false });
    expect([plain.status, plain.body.sandbox]).toEqual([201, false]);
  });

  it('lists tenants in pages that chain to the end, and gets one by id or domain', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const r = await op('GET', `/v1/operator/tenants?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.tenants.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.tenants.map((t: { tenant_id: string }) => t.tenant_id));
      cursor = r.body.next_cursor;
    }
    const all = (await cli(dir, 'tenant', 'list')).json.tenants.map((t: { tenant_id: string }) => t.tenant_id);
    expect(seen).toEqual([...all].sort());
    const one = await op('GET', `/v1/operator/tenants/${ctx.tenant}`);
    expect(one.body).toEqual((await cli(dir, 'tenant', 'show', ctx.tenant!)).json);
    expect((await op('GET', '/v1/operator/tenants/acme.test')).body.tenant_id).toBe(ctx.tenant);
    expect((await op('GET', '/v1/operator/tenants/nobody.test')).status).toBe(404);
    expect((await op('GET', '/v1/operator/tenants?cursor=bm9wZQ')).status).toBe(400);
  });

  it('sets the plan, marks past due (402 on ingest) and clears it, verifies the domain by attestation', async () => {
    const plan = await oneEntry('tenant.set_plan', by(), () =>
      op('POST', `/v1/operator/tenants/${ctx.tenant}/plan`, { plan: 'enterprise' }),
    );
    expect([plan.status, plan.body.plan]).toEqual([200, 'enterprise']);
    expect((await op('POST', `/v1/operator/tenants/${ctx.tenant}/plan`, { plan: 'gold' })).status).toBe(400);
    const k = await op('POST', `/v1/operator/tenants/${ctx.tenant}/keys`, { name: 'ingest', scopes: ['write'] });
    const due = await oneEntry('tenant.set_past_due', by(), () =>
      op('POST', `/v1/operator/tenants/${ctx.tenant}/past-due`, { on: true }),
    );
    expect(due.body.past_due).toBe(true);
    const refused = await call(s, 'POST', '/v1/events', {
      key: k.body.api_key,
      body: { event_type: 'a.b', payload: {} },
    });
    expect(refused.status).toBe(402);
    await op('POST', `/v1/operator/tenants/${ctx.tenant}/past-due`, { on: false });
    expect((await op('POST', `/v1/operator/tenants/${ctx.tenant}/past-due`, { on: 'yes' })).status).toBe(400);
    const verified = await oneEntry('tenant.verify_domain', by(), () =>
      op('POST', `/v1/operator/tenants/${ctx.tenant}/verify-domain`, { force: true }),
    );
    expect([verified.body.domain_verified, typeof verified.body.domain_verified_at]).toEqual([true, 'string']);
  });

  it('rotates the signing key: the new one is active at /keys, the old one still published', async () => {
    const before = (await call(s, 'GET', '/keys/acme.test')).body;
    const r = await oneEntry('tenant.rotate_key', by(), () =>
      op('POST', `/v1/operator/tenants/${ctx.tenant}/rotate-key`),
    );
    expect(r.status).toBe(200);
    const after = (await call(s, 'GET', '/keys/acme.test')).body;
    expect(after.key_id).toBe(r.body.key_id);
    expect(Buffer.from(after.public_key, 'base64url').toString('hex')).toBe(r.body.public_key);
    expect(after.keys.map((k: { key_id: string }) => k.key_id)).toEqual(expect.arrayContaining([before.key_id]));
  });

  it('creates an admin key for the tenant (201, shown once) and lists it without plaintext or hash', async () => {
    const r = await oneEntry('key.create', by(), () =>
      op('POST', `/v1/operator/tenants/${ctx.tenant}/keys`, {
        name: 'security-team',
        scopes: ['admin', 'audit:write'],
      }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      key_id: expect.any(String),
      api_key: expect.stringMatching(/^svc_live_[A-Za-z0-9_-]{43}$/),
      tenant_id: ctx.tenant,
      name: 'security-team',
      scopes: ['admin', 'audit:write'],
      allow_ips: [],
    });
    ctx.admin = r.body.api_key;
    ctx.adminId = r.body.key_id;
    const list = await op('GET', `/v1/operator/tenants/${ctx.tenant}/keys`);
    expect(JSON.stringify(list.body)).not.toContain(ctx.admin);
    expect(JSON.stringify(list.body)).not.toContain(sha(ctx.admin));
  });

  it('the tenant lists its own keys, oldest first: exactly the documented fields, never a key or its hash', async () => {
    const r = await call(s, 'GET', '/v1/admin/keys', { key: ctx.admin });
    expect(r.status).toBe(200);
    for (const k of r.body.keys)
      expect(Object.keys(k).sort()).toEqual(
        ['allow_ips', 'created_at', 'key_id', 'last_used_at', 'name', 'revoked_at', 'scopes'].sort(),
      );
    expect(r.body.keys.map((k: { name: string }) => k.name)).toEqual(['ingest', 'security-team']);
    expect(r.text).not.toContain('svc_live_');
    expect(r.text).not.toContain(sha(ctx.admin!));
  });

  it('the tenant creates a key with scopes and an IP allowlist (201, shown once); bad input is a JSON 400', async () => {
    const r = await oneEntry('key.create', `key:${ctx.adminId}`, () =>
      call(s, 'POST', '/v1/admin/keys', {
        key: ctx.admin,
        body: { name: 'ci', scopes: ['read', 'write'], allow_ips: ['127.0.0.1', '10.0.0.0/8'] },
      }),
    );
    expect(r.status).toBe(201);
    expect([r.body.scopes, r.body.allow_ips]).toEqual([
      ['read', 'write'],
      ['127.0.0.1/32', '10.0.0.0/8'],
    ]);
    ctx.ci = r.body.api_key;
    ctx.ciId = r.body.key_id;
    // Key ids are time-ordered UUIDs (version 7): a later key's id sorts after an earlier one's.
    expect(r.body.key_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.body.key_id > ctx.adminId!).toBe(true);
    expect((await call(s, 'GET', '/v1/events', { key: ctx.ci })).status).toBe(200);
    const n = (await operatorLog()).length;
    for (const [body, code] of [
      [{ name: 'x', scopes: ['root'] }, 'bad_request'],
      [{ name: 'x', scopes: [] }, 'bad_request'],
      [{ name: 'x', scopes: 'read' }, 'invalid_payload'],
      [{ name: 'x', scopes: ['read'], allow_ips: ['10.0.0.0/33'] }, 'bad_request'],
      [{ name: '', scopes: ['read'] }, 'invalid_name'],
      [{ scopes: ['read'] }, 'invalid_payload'],
    ] as const) {
      const bad = await call(s, 'POST', '/v1/admin/keys', { key: ctx.admin, body });
      expect([JSON.stringify(body), bad.status, bad.body?.error]).toEqual([JSON.stringify(body), 400, code]);
    }
    expect((await operatorLog()).length).toBe(n);
  });

  it("the tenant revokes a key: refused on the very next request; another tenant's key is not found", async () => {
    const r = await oneEntry('key.revoke', `key:${ctx.adminId}`, () =>
      call(s, 'POST', `/v1/admin/keys/${ctx.ciId}/revoke`, { key: ctx.admin }),
    );
    expect([r.status, r.body.key_id, typeof r.body.revoked_at]).toEqual([200, ctx.ciId, 'string']);
    const next = await call(s, 'GET', '/v1/events', { key: ctx.ci });
    expect([next.status, next.body.error]).toEqual([401, 'api_key_revoked']);
    const foreign = await newTenant(dir, 'foreign.test', 'read');
    const other = await call(s, 'POST', `/v1/admin/keys/${foreign.keyId}/revoke`, { key: ctx.admin });
    expect([other.status, other.body.error]).toEqual([404, 'not_found']);
    expect((await call(s, 'GET', '/v1/events', { key: foreign.key })).status).toBe(200);
  });

  it('50 key creations sent at once: 50 keys that work, each one entry naming it, in consecutive leaves of a log that verifies', async () => {
    // Creations that arrive together share write transactions, whose log entries are written at the end of each one.
    const before = (await operatorLog()).length;
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(s, 'POST', '/v1/admin/keys', { key: ctx.admin, body: { name: `burst-${i}`, scopes: ['read'] } }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(made.map((r) => r.body.key_id)).size).toBe(50);
    const added = (await operatorLog()).slice(before);
    expect(added.map((e) => e.leaf_index)).toEqual(Array.from({ length: 50 }, (_, i) => before + i));
    expect(added.map((e) => [e.entry.action, e.entry.by]).sort()).toEqual(
      Array(50).fill(['key.create', `key:${ctx.adminId}`]),
    );
    expect(added.map((e) => e.entry.target.key_id).sort()).toEqual(made.map((r) => r.body.key_id).sort());
    const used = await Promise.all(made.map((r) => call(s, 'GET', '/v1/events', { key: r.body.api_key })));
    expect(used.map((r) => r.status)).toEqual(Array(50).fill(200));
    const n = (await operatorLog()).length;
    const verified = await until(async () => {
      const r = await cli(dir, 'operator', 'verify');
      return r.json?.checkpoint?.tree_size >= n && r;
    }, 30_000);
    expect([verified.code, verified.json.log_verified, verified.json.first_bad_leaf]).toEqual([0, true, null]);
  }, 60_000);

  it('the tenant rotates its signing key; new records are signed by it and verify with node:crypto', async () => {
    const r = await oneEntry('tenant.rotate_key', `key:${ctx.adminId}`, () =>
      call(s, 'POST', '/v1/admin/signing-key/rotate', { key: ctx.admin }),
    );
    expect(r.status).toBe(200);
    const keys = (await call(s, 'GET', '/keys/acme.test')).body;
    expect(keys.key_id).toBe(r.body.key_id);
    expect(pubKeyB64(keys.public_key).export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex')).toBe(
      r.body.public_key,
    );
  });

  it('the tenant pages through its audit orgs; archive, unarchive and delete keep their audit scope and are logged', async () => {
    const auditKey = ctx.admin!; // scopes admin and audit:write
    for (const id of ['o1', 'o2', 'o3'])
      expect((await call(s, 'POST', '/v1/audit/orgs', { key: auditKey, body: { organization_id: id } })).status).toBe(
        201,
      );
    const p1 = await call(s, 'GET', '/v1/admin/orgs?limit=2', { key: ctx.admin });
    expect(p1.body.orgs.map((o: { organization_id: string }) => o.organization_id)).toEqual(['o1', 'o2']);
    const p2 = await call(s, 'GET', `/v1/admin/orgs?limit=2&cursor=${p1.body.next_cursor}`, { key: ctx.admin });
    expect([p2.body.orgs.map((o: { organization_id: string }) => o.organization_id), p2.body.next_cursor]).toEqual([
      ['o3'],
      null,
    ]);
    const me = `key:${ctx.adminId}`;
    const a = await oneEntry('org.archive', me, () => call(s, 'POST', '/v1/audit/orgs/o1/archive', { key: auditKey }));
    expect([a.status, a.body.organization_id, a.body.archived]).toEqual([200, 'o1', true]);
    const listed = (await call(s, 'GET', '/v1/admin/orgs', { key: ctx.admin })).body.orgs;
    expect(listed.find((o: { organization_id: string }) => o.organization_id === 'o1').archived).toBe(true);
    const u = await oneEntry('org.unarchive', me, () =>
      call(s, 'POST', '/v1/audit/orgs/o1/unarchive', { key: auditKey }),
    );
    expect([u.status, u.body.archived]).toEqual([200, false]);
    const d = await oneEntry('org.delete', me, () => call(s, 'DELETE', '/v1/audit/orgs/o3', { key: auditKey }));
    expect([d.status, d.body.deleted]).toEqual([200, true]);
    // An admin key without audit:write cannot archive.
    const adminOnly = (
      await call(s, 'POST', '/v1/admin/keys', { key: ctx.admin, body: { name: 'only-admin', scopes: ['admin'] } })
    ).body.api_key;
    const no = await call(s, 'POST', '/v1/audit/orgs/o2/archive', { key: adminOnly });
    expect([no.status, no.body.error]).toEqual([403, 'insufficient_scope']);
  });

  it('the tenant lists and deletes a stream (never a signing secret in the list), logged', async () => {
    const made = await call(s, 'POST', '/v1/audit/orgs/o2/streams', {
      key: ctx.admin,
      body: { type: 'webhook', url: 'https://127.0.0.1:9/hook' },
    });
    expect(made.status).toBe(201);
    const list = await call(s, 'GET', '/v1/audit/orgs/o2/streams', { key: ctx.admin });
    expect(list.body.streams.map((x: { id: string }) => x.id)).toEqual([made.body.id]);
    expect(list.text).not.toContain(made.body.signing_secret);
    const d = await oneEntry('stream.delete', `key:${ctx.adminId}`, () =>
      call(s, 'DELETE', `/v1/audit/orgs/o2/streams/${made.body.id}`, { key: ctx.admin }),
    );
    expect(d.status).toBe(200);
    expect((await call(s, 'GET', '/v1/audit/orgs/o2/streams', { key: ctx.admin })).body.streams).toEqual([]);
  });

  it("the tenant's activity: every entry about it, oldest first, by whom, paged, and nothing about other tenants", async () => {
    const all: Entry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const r = await call(s, 'GET', `/v1/admin/activity?limit=3${cursor ? `&cursor=${cursor}` : ''}`, {
        key: ctx.admin,
      });
      expect(r.status).toBe(200);
      expect(r.body.entries.length).toBeLessThanOrEqual(3);
      all.push(...r.body.entries);
      cursor = r.body.next_cursor;
    }
    const expected = (await operatorLog()).filter((e) => e.entry.target.tenant_id === ctx.tenant);
    expect(all).toEqual(expected);
    expect(all.map((e) => e.entry.action)).toEqual(
      expect.arrayContaining(['tenant.create', 'key.revoke', 'org.archive', 'stream.delete']),
    );
    expect(new Set(all.map((e) => e.entry.by))).toEqual(new Set([`token:${tokenId}`, `key:${ctx.adminId}`]));
    expect(JSON.stringify(all)).not.toContain('svc_live_');
    const bad = await call(s, 'GET', '/v1/admin/activity?cursor=bm9wZQ', { key: ctx.admin });
    expect([bad.status, bad.body.error]).toEqual([400, 'bad_request']);
  });
});

describe('platform operations through the API', () => {
  const by = () => `token:${tokenId}`;

  it('runs retention (as svc retention run) and pages the operator log', async () => {
    const r = await oneEntry('retention.run', by(), () => op('POST', '/v1/operator/retention/run', {}));
    expect(Object.keys(r.body).sort()).toEqual(['audit_evacuated', 'audit_purged', 'ledger_sealed', 'ledger_unsealed']);
    expect((await op('POST', '/v1/operator/retention/run', { as_of: 'yesterday' })).status).toBe(400);
    const all: Entry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const p = await op('GET', `/v1/operator/log?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...p.body.entries);
      cursor = p.body.next_cursor;
    }
    expect(all).toEqual(await operatorLog());
  });

  it('adds a witnessed log and lists it (as svc witness add-log / list)', async () => {
    const w = testLog('api.test/log');
    const r = await oneEntry('witness.add_log', by(), () =>
      op('POST', '/v1/operator/witness/logs', { origin: w.origin, vkey: w.vkey }),
    );
    expect([r.status, r.body.origin, r.body.size]).toEqual([201, w.origin, 0]);
    const list = await op('GET', '/v1/operator/witness/logs');
    expect(list.body.logs.map((l: { origin: string }) => l.origin)).toEqual([w.origin]);
    expect(list.body.witness.vkey).toContain('/witness+');
    expect((await op('POST', '/v1/operator/witness/logs', { origin: w.origin, vkey: w.vkey })).status).toBe(400);
  });

  it('writes a backup into a new directory (as svc backup); refuses a relative or non-empty target', async () => {
    const to = join(ownedDir(), 'b');
    const r = await oneEntry('backup', by(), () => op('POST', '/v1/operator/backups', { to }));
    expect([r.status, r.body.dir, r.body.includes_master_key]).toEqual([201, to, false]);
    expect(existsSync(join(to, 'manifest.json'))).toBe(true);
    expect(readdirSync(to)).not.toContain('master.key');
    expect((await cli(dir, 'restore', '--check', to)).code).toBe(0);
    const full = join(ownedDir(), 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'x'), 'x');
    for (const body of [{ to: 'relative/dir' }, { to: full }, { to: join(dir, 'inside') }, {}]) {
      const bad = await op('POST', '/v1/operator/backups', body);
      expect([JSON.stringify(body), bad.status]).toEqual([JSON.stringify(body), 400]);
    }
  }, 60_000);
});

describe('Idempotency-Key on the administration creates (docs/api.md#idempotency)', () => {
  const withKey = (key: string, idem: string) => (method: string, path: string, body?: unknown) =>
    call(s, method, path, { key, body, headers: { 'idempotency-key': idem } });
  const entriesOf = async (action: string, field: string, id: string) =>
    (await operatorLog()).filter((e) => e.entry.action === action && e.entry.target[field] === id);
  const replayed = (r: { headers: Headers }) => r.headers.get('idempotent-replayed');
  let admin = '';
  let tenantId = '';

  beforeAll(async () => {
    const t = await op('POST', '/v1/operator/tenants', { name: 'Idem', domain: 'idem-admin.test' });
    tenantId = t.body.tenant_id;
    admin = (await op('POST', `/v1/operator/tenants/${tenantId}/keys`, { name: 'admin', scopes: ['admin', 'read'] }))
      .body.api_key;
  });

  it('POST /v1/admin/keys: a replay is the same key, plaintext included, and only one key (one entry) exists', async () => {
    const send = withKey(admin, 'admin-key-1');
    const first = await send('POST', '/v1/admin/keys', { name: 'rotated', scopes: ['read'] });
    const again = await send('POST', '/v1/admin/keys', { name: 'rotated', scopes: ['read'] });
    expect([first.status, replayed(first), again.status, replayed(again)]).toEqual([201, null, 201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(again.body.api_key).toMatch(/^svc_live_/);
    // The replayed plaintext is the key itself: it authenticates.
    expect((await call(s, 'GET', '/v1/events', { key: again.body.api_key })).status).toBe(200);
    const other = await send('POST', '/v1/admin/keys', { name: 'rotated', scopes: ['read', 'write'] });
    expect([other.status, other.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    const keys = (await call(s, 'GET', '/v1/admin/keys', { key: admin })).body.keys;
    expect(keys.filter((k: { name: string }) => k.name === 'rotated')).toHaveLength(1);
    expect(await entriesOf('key.create', 'key_id', first.body.key_id)).toHaveLength(1);
    // Kept only sealed: the plaintext is in no file of the data directory.
    expect(readFileSync(join(dir, 'db', 'data.mdb')).includes(Buffer.from(first.body.api_key))).toBe(false);
  });

  it('POST /v1/operator/tenants: a replay is the same tenant; another body is 409; one tenant exists', async () => {
    const send = withKey(token, 'tenant-1');
    const body = { name: 'Once', domain: 'once.test' };
    const first = await send('POST', '/v1/operator/tenants', body);
    const again = await send('POST', '/v1/operator/tenants', body);
    expect([first.status, replayed(first), again.status, replayed(again)]).toEqual([201, null, 201, 'true']);
    expect(again.body).toEqual(first.body);
    const other = await send('POST', '/v1/operator/tenants', { name: 'Once', domain: 'twice.test' });
    expect([other.status, other.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    expect((await op('GET', '/v1/operator/tenants/twice.test')).status).toBe(404);
    expect(await entriesOf('tenant.create', 'tenant_id', first.body.tenant_id)).toHaveLength(1);
  });

  it('POST /v1/operator/tenants/{id}/keys: a replay is the same key; the key belongs to the operator token', async () => {
    const send = withKey(token, 'tenant-key-1');
    const path = `/v1/operator/tenants/${tenantId}/keys`;
    const first = await send('POST', path, { name: 'ci', scopes: ['write'] });
    const again = await send('POST', path, { name: 'ci', scopes: ['write'] });
    expect([first.status, replayed(first), again.status, replayed(again)]).toEqual([201, null, 201, 'true']);
    expect([again.body.key_id, again.body.api_key]).toEqual([first.body.key_id, first.body.api_key]);
    // Another tenant's path with the same key is another request.
    const elsewhere = await send('POST', '/v1/operator/tenants/once.test/keys', { name: 'ci', scopes: ['write'] });
    expect([elsewhere.status, elsewhere.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    // Another operator token may use the same key for something else.
    const second = (await cli(dir, 'admin-token', 'create', '--name', 'terraform')).json.token as string;
    const byOther = await withKey(second, 'tenant-key-1')('POST', path, { name: 'ci', scopes: ['write'] });
    expect([byOther.status, replayed(byOther)]).toEqual([201, null]);
    expect(byOther.body.key_id).not.toBe(first.body.key_id);
    const keys = (await op('GET', path)).body.keys.filter((k: { name: string }) => k.name === 'ci');
    expect(keys).toHaveLength(2);
    expect(await entriesOf('key.create', 'key_id', first.body.key_id)).toHaveLength(1);
  });

  it('POST /v1/operator/backups: a replay answers the backup already written, and writes no second one', async () => {
    const send = withKey(token, 'backup-1');
    const to = join(ownedDir(), 'b');
    const first = await send('POST', '/v1/operator/backups', { to });
    const again = await send('POST', '/v1/operator/backups', { to });
    expect([first.status, replayed(first), again.status, replayed(again)]).toEqual([201, null, 201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await entriesOf('backup', 'dir', to)).toHaveLength(1);
  }, 60_000);
});
