// Idempotency-Key on every create (docs/api.md#idempotency): the same key and request replay the stored answer with
// Idempotent-Replayed (a stream's signing secret included, never stored in clear), another request is 409, another
// API key or path is another scope, concurrent requests with one key create one object; streams page by cursor.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, sha, startServer, tempDir, type Server } from '../helpers';

const dir = tempDir();
let s: Server;
let key: string;
let otherKey: string;
let n = 0;
const uniq = (p: string) => `${p}-${Date.now()}-${++n}`;

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8' } });
  const t = await newTenant(dir, 'idem.test', 'read,write,audit:read,audit:write', 'enterprise');
  key = t.key;
  const k = await cli(
    dir,
    'key',
    'create',
    '--tenant',
    t.tenantId,
    '--name',
    'second',
    '--scopes',
    'read,write,audit:read,audit:write',
  );
  otherKey = k.json.api_key;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

const post = (path: string, body: unknown, idem?: string, k = key) =>
  call(s, 'POST', path, { key: k, body, headers: idem === undefined ? {} : { 'idempotency-key': idem } });
const newOrg = async () => {
  const id = uniq('org');
  expect((await post('/v1/audit/orgs', { organization_id: id })).status).toBe(201);
  return id;
};

/** Each create: its route, a body made per call (`other`: one that differs), and how many objects the first made. */
type Create = {
  name: string;
  path: string | (() => Promise<string>);
  body: (other?: boolean) => unknown;
  status: number;
  count: (first: any) => Promise<number>;
};
const creates: Create[] = [
  {
    name: 'trace',
    path: '/v1/traces',
    body: () => ({ label: uniq('trace') }),
    status: 201,
    count: async (first) => {
      const r = await call(s, 'GET', `/v1/traces/${first.trace_id}`, { key });
      return r.status === 200 ? 1 : 0;
    },
  },
  {
    name: 'AI attestation',
    path: '/v1/ai/attestations',
    body: () => ({ attestation_type: 'output', input: uniq('in'), output: 'out' }),
    status: 201,
    count: async (first) =>
      (await call(s, 'GET', `/v1/ai/attestations/${first.attestation_id}`, { key })).status === 200 ? 1 : 0,
  },
  {
    name: 'document anchor',
    path: '/v1/document/anchor',
    body: () => ({ document_hash: sha(uniq('doc')) }),
    status: 201,
    count: async (first) => ((await call(s, 'GET', `/v1/document/${first.event_id}`, { key })).status === 200 ? 1 : 0),
  },
  {
    name: 'audit org',
    path: '/v1/audit/orgs',
    body: () => ({ organization_id: uniq('org') }),
    status: 201,
    count: async (first) =>
      (await call(s, 'GET', `/v1/audit/orgs/${first.organization_id}`, { key })).status === 200 ? 1 : 0,
  },
  {
    name: 'stream',
    path: async () => `/v1/audit/orgs/${await newOrg()}/streams`,
    body: (other) => ({ type: 'webhook', url: `https://127.0.0.1:9/${other ? 'other' : 'hook'}` }),
    status: 201,
    count: async (first) =>
      (await call(s, 'GET', `/v1/audit/orgs/${first.organization_id}/streams`, { key })).body.streams.length,
  },
  {
    name: 'portal session',
    path: '/v1/audit/portal_sessions',
    body: (other) => ({ organization_id: orgForPortal, intent: other ? 'log_streams' : 'audit_logs' }),
    status: 201,
    count: async () => 1,
  },
  {
    name: 'export',
    path: '/v1/audit/exports',
    body: (other) => ({ organization_id: orgForPortal, format: other ? 'csv' : 'ndjson' }),
    status: 202,
    count: async (first) => ((await call(s, 'GET', `/v1/audit/exports/${first.id}`, { key })).status === 200 ? 1 : 0),
  },
];
let orgForPortal = '';

describe('Idempotency-Key on every create', () => {
  beforeAll(async () => {
    orgForPortal = await newOrg();
  });

  for (const c of creates) {
    it(`${c.name}: the same key and request answer the stored answer, once created`, async () => {
      const path = typeof c.path === 'string' ? c.path : await c.path();
      const body = c.body();
      const idem = uniq('key');
      const first = await post(path, body, idem);
      expect([first.status, first.headers.get('idempotent-replayed')], first.text).toEqual([c.status, null]);
      const again = await post(path, body, idem);
      expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([c.status, 'true']);
      expect(again.body).toEqual(first.body);
      expect(await c.count(first.body)).toBe(1);
      // Another body with the key is the caller's mistake, and creates nothing.
      const other = await post(path, c.body(true), idem);
      expect([other.status, other.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    });
  }

  it('a replayed stream carries its signing secret, which no read shows and the store keeps only sealed', async () => {
    const org = await newOrg();
    const idem = uniq('key');
    const body = { type: 'webhook', url: 'https://127.0.0.1:9/hook' };
    const first = await post(`/v1/audit/orgs/${org}/streams`, body, idem);
    expect(first.body.signing_secret).toMatch(/^whsec_/);
    const again = await post(`/v1/audit/orgs/${org}/streams`, body, idem);
    expect([again.headers.get('idempotent-replayed'), again.body.signing_secret]).toEqual([
      'true',
      first.body.signing_secret,
    ]);
    const list = await call(s, 'GET', `/v1/audit/orgs/${org}/streams`, { key });
    expect(list.text).not.toContain(first.body.signing_secret);
    // The same key for another organization's stream is another request.
    const elsewhere = await post(`/v1/audit/orgs/${await newOrg()}/streams`, body, idem);
    expect([elsewhere.status, elsewhere.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
      (f) => f.isFile() && f.name.endsWith('.mdb'),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const f of files)
      expect(readFileSync(join(f.parentPath, f.name)).includes(Buffer.from(first.body.signing_secret))).toBe(false);
  });

  it('keys are scoped to the API key and the endpoint; without a key each request creates anew', async () => {
    const idem = uniq('key');
    const a = await post('/v1/audit/orgs', { organization_id: uniq('org') }, idem);
    const b = await post('/v1/audit/orgs', { organization_id: uniq('org') }, idem, otherKey);
    const c = await post('/v1/traces', { label: uniq('t') }, idem);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body.organization_id).not.toBe(a.body.organization_id);
    const label = uniq('nokey');
    const t1 = await post('/v1/traces', { label });
    const t2 = await post('/v1/traces', { label });
    expect([t1.status, t2.status, t2.body.error]).toEqual([201, 409, 'trace_label_in_use']);
  });

  it('a failed create stores nothing: the same key runs again once the request can succeed', async () => {
    const idem = uniq('key');
    const org = uniq('org');
    const missing = await post('/v1/audit/exports', { organization_id: org, format: 'csv' }, idem);
    expect(missing.status).toBe(404);
    await post('/v1/audit/orgs', { organization_id: org });
    const made = await post('/v1/audit/exports', { organization_id: org, format: 'csv' }, idem);
    expect([made.status, made.headers.get('idempotent-replayed')]).toEqual([202, null]);
  });

  it('a malformed key is 400 invalid_idempotency_key and creates nothing', async () => {
    const label = uniq('badkey');
    const r = await post('/v1/traces', { label }, 'x'.repeat(129));
    expect([r.status, r.body.error]).toEqual([400, 'invalid_idempotency_key']);
    expect((await post('/v1/traces', { label })).status).toBe(201);
  });

  it('concurrent requests with one key create one object: the others get 202 processing or the replay', async () => {
    const idem = uniq('key');
    const body = { organization_id: uniq('org') };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/v1/audit/orgs', body, idem)));
    const created = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(created).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 202) {
        expect([a.body, a.headers.get('retry-after')]).toEqual([{ status: 'processing' }, '1']);
      } else {
        expect([a.status, a.body]).toEqual([201, created[0]!.body]);
      }
    }
    const retried = await post('/v1/audit/orgs', body, idem);
    expect([retried.status, retried.body]).toEqual([201, created[0]!.body]);
  });
});

describe('stream list paging', () => {
  it('pages the streams of an org in creation order with limit and next_cursor', async () => {
    const org = await newOrg();
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        (await post(`/v1/audit/orgs/${org}/streams`, { type: 'webhook', url: `https://127.0.0.1:9/h${i}` })).body.id,
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const r = await call(s, 'GET', `/v1/audit/orgs/${org}/streams${q}`, { key });
      expect(r.status).toBe(200);
      expect(r.body.streams.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.streams.map((x: { id: string }) => x.id));
      cursor = r.body.next_cursor;
      pages++;
    } while (cursor);
    expect([seen, pages]).toEqual([made, 3]);
    const all = await call(s, 'GET', `/v1/audit/orgs/${org}/streams`, { key });
    expect([all.body.streams.length, all.body.next_cursor]).toEqual([5, null]);
    const bad = await call(s, 'GET', `/v1/audit/orgs/${org}/streams?cursor=bm9wZQ`, { key });
    expect([bad.status, bad.body.error]).toEqual([400, 'bad_request']);
  });
});
