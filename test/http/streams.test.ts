// Audit webhook streams: creation, signed delivery in seq order, retries, pause/resume, crash recovery and forbidden destinations.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';

// A real HTTPS receiver on loopback with its own self-signed certificate, trusted by the appliance through
// SVC_STREAM_CA_FILE; 127.0.0.1/32 is on the operator allowlist.
type Delivery = { path: string; headers: Record<string, string>; raw: string; body: any; at: number };
type Receiver = {
  url: string;
  port: number;
  got: Delivery[];
  checkpoints: Delivery[];
  mode: { failFirst: number; delayMs: number };
  calls: number;
  stop(): void;
};

const dir = tempDir();
const caFile = join(dir, 'receiver-ca.pem');
let cert = '';
let keyPem = '';
let s: Server;
let key: string;
let n = 0;
const ik = () => `s-${Date.now()}-${++n}`;

function startReceiver(): Receiver {
  const r: Receiver = {
    url: '',
    port: 0,
    got: [],
    checkpoints: [],
    mode: { failFirst: 0, delayMs: 0 },
    calls: 0,
    stop: () => srv.stop(true),
  };
  const srv = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert, key: keyPem },
    async fetch(req) {
      r.calls++;
      const raw = await req.text();
      if (r.mode.delayMs) await Bun.sleep(r.mode.delayMs);
      if (r.calls <= r.mode.failFirst) return new Response('nope', { status: 500 });
      const d = {
        path: new URL(req.url).pathname,
        headers: Object.fromEntries(req.headers),
        raw,
        body: JSON.parse(raw),
        at: Date.now(),
      };
      // Org checkpoints arrive as deliveries of their own (docs/transparency-logs.md#distribution), outside the event batches checked here.
      (d.body.type === 'checkpoint' ? r.checkpoints : r.got).push(d);
      return new Response('ok');
    },
  });
  r.port = srv.port!;
  r.url = `https://localhost:${r.port}/hooks/audit?src=svc`;
  return r;
}

/** X-Service-Signature checked independently: t=<unix>,v1=hex HMAC-SHA256(UTF-8 secret, "<t>.<raw body>"). */
function signatureValid(secret: string, d: Delivery): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(d.headers['x-service-signature'] ?? '');
  if (!m) return false;
  const want = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${m[1]}.${d.raw}`).digest();
  return Math.abs(Number(m[1]) - Date.now() / 1000) < 300 && timingSafeEqual(want, Buffer.from(m[2]!, 'hex'));
}

const post = (path: string, body: unknown, k: string | null = key) => call(s, 'POST', path, { key: k, body });
const get = (path: string, k: string | null = key) => call(s, 'GET', path, { key: k });
const ingest = (org: string, i: number) =>
  call(s, 'POST', '/v1/audit/events', {
    key,
    headers: { 'idempotency-key': ik() },
    body: { organization_id: org, action: 'doc.update', actor: { type: 'user', id: `u${i}` }, metadata: { i } },
  });
async function ingestMany(org: string, count: number, from = 0) {
  for (let i = 0; i < count; i += 25) {
    const rs = await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, j) => ingest(org, from + i + j)));
    for (const r of rs) expect(r.status).toBe(201);
  }
}
const lastSeq = async (org: string) => (await get(`/v1/audit/orgs/${org}`)).body.last_seq as number;
const createOrg = async (org: string, k = key) =>
  expect((await post('/v1/audit/orgs', { organization_id: org }, k)).status).toBe(201);
const streamOf = async (org: string, id: string) =>
  (await get(`/v1/audit/orgs/${org}/streams`)).body.streams.find((x: any) => x.id === id);
const seqs = (r: Receiver) => r.got.flatMap((d) => d.body.events.map((e: any) => e.seq as number));

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 2,
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as any);
  cert = pems.cert;
  keyPem = pems.private;
  writeFileSync(caFile, cert);
  s = await startServer({ dataDir: dir, env: { SVC_STREAM_CA_FILE: caFile, SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32' } });
  key = (await newTenant(dir, 'streams.test', 'audit:read,audit:write', 'enterprise')).key;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('POST /v1/audit/orgs/{id}/streams', () => {
  it('answers the validation errors of the contract', async () => {
    await createOrg('val');
    const at = (body: unknown) => post('/v1/audit/orgs/val/streams', body);
    const cases: Array<[unknown, number, string]> = [
      [{ type: 'splunk', url: 'https://example.com/x' }, 400, 'unsupported_stream_type'],
      [{ url: 'https://example.com/x' }, 400, 'unsupported_stream_type'],
      [{ type: 'webhook' }, 400, 'invalid_url'],
      [{ type: 'webhook', url: 'not a url' }, 400, 'invalid_url'],
      [{ type: 'webhook', url: '/relative/path' }, 400, 'invalid_url'],
      [{ type: 'webhook', url: 'http://example.com/hook' }, 400, 'not_https'],
      [{ type: 'webhook', url: 'ftp://example.com/hook' }, 400, 'not_https'],
    ];
    for (const [body, status, code] of cases) {
      const r = await at(body);
      expect([status, r.body?.error]).toEqual([status, code]);
    }
    const missing = await post('/v1/audit/orgs/nope/streams', { type: 'webhook', url: 'https://example.com/x' });
    expect([missing.status, missing.body.error]).toEqual([404, 'not_found']);
  });

  it('needs audit:write', async () => {
    const ro = await newTenant(dir, 'streams-ro.test', 'audit:read', 'enterprise');
    const r = await post('/v1/audit/orgs/val/streams', { type: 'webhook', url: 'https://example.com/x' }, ro.key);
    expect([r.status, r.body.error]).toEqual([403, 'insufficient_scope']);
    expect((await get('/v1/audit/orgs/val/streams', ro.key)).status).toBe(403);
  });

  it('answers 409 org_archived for an archived org', async () => {
    await createOrg('arch');
    expect((await post('/v1/audit/orgs/arch/archive', {})).status).toBe(200);
    const r = await post('/v1/audit/orgs/arch/streams', { type: 'webhook', url: 'https://example.com/x' });
    expect([r.status, r.body.error]).toEqual([409, 'org_archived']);
  });

  it('answers 400 too_many_streams beyond the plan (free: 1 per org)', async () => {
    const free = await newTenant(dir, 'streams-free.test', 'audit:read,audit:write', 'free');
    await createOrg('lim', free.key);
    const first = await post('/v1/audit/orgs/lim/streams', { type: 'webhook', url: 'https://example.com/a' }, free.key);
    expect(first.status).toBe(201);
    const second = await post(
      '/v1/audit/orgs/lim/streams',
      { type: 'webhook', url: 'https://example.com/b' },
      free.key,
    );
    expect([second.status, second.body.error]).toEqual([400, 'too_many_streams']);
  });

  it('creates, lists without the secret, and deletes', async () => {
    await createOrg('crud');
    await ingestMany('crud', 3);
    await until(async () => (await lastSeq('crud')) === 3);
    const r = await post('/v1/audit/orgs/crud/streams', { type: 'webhook', url: 'https://example.com/hook' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      type: 'webhook',
      endpoint: 'https://example.com/hook',
      state: 'active',
      cursor_seq: 3,
    });
    expect(r.body.signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Number.isNaN(Date.parse(r.body.created_at))).toBe(false);
    const list = await get('/v1/audit/orgs/crud/streams');
    expect(list.status).toBe(200);
    expect(list.body.streams).toHaveLength(1);
    expect(list.body.streams[0]).toMatchObject({ id: r.body.id, state: 'active', cursor_seq: 3 });
    expect(list.text).not.toContain(r.body.signing_secret);
    expect(list.body.streams[0].signing_secret).toBeUndefined();
    const del = await call(s, 'DELETE', `/v1/audit/orgs/crud/streams/${r.body.id}`, { key });
    expect(del.status).toBe(200);
    expect((await get('/v1/audit/orgs/crud/streams')).body.streams).toEqual([]);
    const again = await call(s, 'DELETE', `/v1/audit/orgs/crud/streams/${r.body.id}`, { key });
    expect([again.status, again.body.error]).toEqual([404, 'not_found']);
  });
});

describe('streams of a deleted org', () => {
  it('are gone with the org, and a re-created org of the same id starts without them', async () => {
    await createOrg('reborn');
    const st = await post('/v1/audit/orgs/reborn/streams', { type: 'webhook', url: 'https://example.com/hook' });
    expect(st.status).toBe(201);
    const del = await call(s, 'DELETE', '/v1/audit/orgs/reborn', { key });
    expect(del.status).toBe(200);
    expect((await get('/v1/audit/orgs/reborn/streams')).status).toBe(404);
    await Bun.sleep(5);
    await createOrg('reborn');
    expect((await get('/v1/audit/orgs/reborn/streams')).body.streams).toEqual([]);
    expect((await call(s, 'DELETE', `/v1/audit/orgs/reborn/streams/${st.body.id}`, { key })).status).toBe(404);
  });
});

describe('webhook delivery', () => {
  it('delivers every event after cursor_seq, in seq order, in signed batches of at most 100', async () => {
    const rx = startReceiver();
    try {
      await createOrg('deliver');
      await ingestMany('deliver', 5);
      await until(async () => (await lastSeq('deliver')) === 5);
      const st = await post('/v1/audit/orgs/deliver/streams', { type: 'webhook', url: rx.url });
      expect(st.status).toBe(201);
      expect(st.body.cursor_seq).toBe(5);
      await ingestMany('deliver', 250, 5);
      await until(() => seqs(rx).length >= 250, 30000);
      // History before the stream is not replayed; everything after it arrives once, in order.
      expect(seqs(rx)).toEqual(Array.from({ length: 250 }, (_, i) => i + 6));
      for (const d of rx.got) {
        expect(signatureValid(st.body.signing_secret, d)).toBe(true);
        expect(d.path).toBe('/hooks/audit');
        expect(d.headers['content-type']).toBe('application/json');
        expect(d.headers.host).toBe(`localhost:${rx.port}`);
        expect(Object.keys(d.body).sort()).toEqual(['events', 'org_id', 'stream_id']);
        expect(d.body).toMatchObject({ stream_id: st.body.id, org_id: 'deliver' });
        expect(d.body.events.length).toBeGreaterThan(0);
        expect(d.body.events.length).toBeLessThanOrEqual(100);
      }
      const e = rx.got[0]!.body.events[0];
      expect(e).toMatchObject({
        org_id: 'deliver',
        seq: 6,
        action: 'doc.update',
        schema_id: 'svc.audit/1',
        actor: { type: 'user', id: 'u5' },
      });
      expect(e.id).toMatch(/^aevt_/);
      expect(e.payload_hash).toMatch(/^[0-9a-f]{64}$/);
      // A tampered body or a wrong secret does not verify.
      expect(
        signatureValid(st.body.signing_secret, { ...rx.got[0]!, raw: rx.got[0]!.raw.replace('"seq":6', '"seq":7') }),
      ).toBe(false);
      expect(signatureValid('whsec_' + 'A'.repeat(43), rx.got[0]!)).toBe(false);
      await until(async () => (await streamOf('deliver', st.body.id))?.cursor_seq === 255);
      expect(await streamOf('deliver', st.body.id)).toMatchObject({
        state: 'active',
        delivered_events: 250,
        failures: 0,
      });
    } finally {
      rx.stop();
    }
  }, 60000);

  it('retries a failing receiver with backoff (state failing), and the cursor moves only once it answers 2xx', async () => {
    const rx = startReceiver();
    rx.mode.failFirst = 3;
    try {
      await createOrg('flaky');
      const st = await post('/v1/audit/orgs/flaky/streams', { type: 'webhook', url: rx.url });
      await ingestMany('flaky', 40);
      await until(async () => (await streamOf('flaky', st.body.id))?.state === 'failing', 10000);
      const failing = await streamOf('flaky', st.body.id);
      expect(failing).toMatchObject({ state: 'failing', cursor_seq: 0, last_error: 'HTTP 500' });
      expect(failing.failures).toBeGreaterThanOrEqual(1);
      await until(() => seqs(rx).length >= 40, 30000);
      expect(seqs(rx)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(rx.calls).toBeGreaterThanOrEqual(4);
      for (const d of rx.got) expect(signatureValid(st.body.signing_secret, d)).toBe(true);
      await until(async () => (await streamOf('flaky', st.body.id))?.cursor_seq === 40);
      expect(await streamOf('flaky', st.body.id)).toMatchObject({ state: 'active', failures: 0, last_error: null });
    } finally {
      rx.stop();
    }
  }, 60000);

  it('pauses and resumes a stream', async () => {
    const rx = startReceiver();
    // A second, active stream of the same org: once it has every event, delivery has run for these events.
    const witness = startReceiver();
    try {
      await createOrg('pausing');
      const st = await post('/v1/audit/orgs/pausing/streams', { type: 'webhook', url: rx.url });
      const p = await post(`/v1/audit/orgs/pausing/streams/${st.body.id}/pause`, {});
      expect([p.status, p.body.state]).toEqual([200, 'paused']);
      await post('/v1/audit/orgs/pausing/streams', { type: 'webhook', url: witness.url });
      await ingestMany('pausing', 10);
      await until(() => seqs(witness).length === 10, 10000);
      expect(rx.got).toHaveLength(0);
      expect((await streamOf('pausing', st.body.id)).cursor_seq).toBe(0);
      const r = await post(`/v1/audit/orgs/pausing/streams/${st.body.id}/resume`, {});
      expect([r.status, r.body.state]).toEqual([200, 'active']);
      await until(() => seqs(rx).length === 10, 10000);
      expect(seqs(rx)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    } finally {
      rx.stop();
      witness.stop();
    }
  }, 30000);

  it('loses nothing across a kill -9 in the middle of delivery, and replays at most the unacknowledged batch', async () => {
    const rx = startReceiver();
    rx.mode.delayMs = 150;
    try {
      await createOrg('crash');
      const st = await post('/v1/audit/orgs/crash/streams', { type: 'webhook', url: rx.url });
      await ingestMany('crash', 600);
      await until(async () => (await lastSeq('crash')) === 600, 20000);
      await until(() => rx.got.length >= 2, 20000);
      await s.stop('SIGKILL');
      const before = seqs(rx).length;
      expect(before).toBeLessThan(600);
      s = await startServer({
        dataDir: dir,
        env: { SVC_STREAM_CA_FILE: caFile, SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32' },
      });
      rx.mode.delayMs = 0;
      await until(() => new Set(seqs(rx)).size === 600, 30000);
      const all = seqs(rx);
      expect([...new Set(all)].sort((a, b) => a - b)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
      expect(all.length - 600).toBeLessThanOrEqual(100);
      // Each delivery is itself in order, and after the restart the stream continues from its cursor.
      for (const d of rx.got) {
        const q = d.body.events.map((e: any) => e.seq);
        expect(q).toEqual([...q].sort((a: number, b: number) => a - b));
        expect(signatureValid(st.body.signing_secret, d)).toBe(true);
      }
      await until(async () => (await streamOf('crash', st.body.id))?.cursor_seq === 600);
    } finally {
      rx.stop();
    }
  }, 90000);
});

describe('forbidden destinations (no operator allowlist)', () => {
  let plain: Server;
  const pdir = tempDir();
  let pkey = '';
  beforeAll(async () => {
    plain = await startServer({ dataDir: pdir });
    pkey = (await newTenant(pdir, 'forbid.test', 'audit:read,audit:write', 'enterprise')).key;
    expect((await call(plain, 'POST', '/v1/audit/orgs', { key: pkey, body: { organization_id: 'f' } })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await plain.stop();
    cleanup(pdir);
  });

  it.each([
    ['private 10/8', 'https://10.0.0.1/hook'],
    ['private 172.16/12', 'https://172.20.1.2/hook'],
    ['private 192.168/16', 'https://192.168.1.10/hook'],
    ['private fc00::/7', 'https://[fd12:3456::1]/hook'],
    ['loopback 127/8', 'https://127.0.0.1/hook'],
    ['loopback 127/8 shorthand', 'https://127.1:8443/hook'],
    ['loopback ::1', 'https://[::1]/hook'],
    ['link-local 169.254/16', 'https://169.254.10.20/hook'],
    ['link-local fe80::/10', 'https://[fe80::1]/hook'],
    ['unspecified 0.0.0.0', 'https://0.0.0.0/hook'],
    ['unspecified ::', 'https://[::]/hook'],
    ['metadata 169.254.169.254', 'https://169.254.169.254/latest/meta-data'],
    ['metadata fd00:ec2::254', 'https://[fd00:ec2::254]/latest'],
    ['metadata 100.100.100.200', 'https://100.100.100.200/latest'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped private', 'https://[::ffff:192.168.0.1]/hook'],
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/hook'],
    ['a name resolving to loopback (DNS)', 'https://localhost/hook'],
  ])('refuses %s', async (_kind, url) => {
    const r = await call(plain, 'POST', '/v1/audit/orgs/f/streams', { key: pkey, body: { type: 'webhook', url } });
    expect([r.status, r.body.error]).toEqual([400, 'forbidden_destination']);
  });

  it('accepts a public destination', async () => {
    const r = await call(plain, 'POST', '/v1/audit/orgs/f/streams', {
      key: pkey,
      body: { type: 'webhook', url: 'https://93.184.215.14/hook' },
    });
    expect(r.status).toBe(201);
  });
});
