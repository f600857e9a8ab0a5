// Distribution of org checkpoints: stream deliveries, the checkpoint of an export, the portal viewer.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { checkpointLines, consistencyOk, hexes, noteOk } from './independent-tlog';

// Distribution of org checkpoints (docs/transparency-logs.md#distribution): a stream delivers each new one on its own, an export records
// the one covering its rows, the portal viewer API shows the latest.
const dir = tempDir();
const caFile = join(dir, 'receiver-ca.pem');
let s: Server;
let key: string;
const DOMAIN = 'dist.test';
type Got = { raw: string; body: any; sig: string };
const got: Got[] = [];
let receiver: { stop(closeActive?: boolean): void };
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(s, 'POST', path, { key, body, headers });
const get = (path: string, k: string | null = key) => call(s, 'GET', path, { key: k });
let n = 0;
const ingest = (org: string) =>
  post(
    '/v1/audit/events',
    { organization_id: org, action: 'doc.edit', actor: { type: 'user', id: 'u' } },
    { 'idempotency-key': `d${++n}` },
  );

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
  writeFileSync(caFile, pems.cert);
  const srv = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: pems.cert, key: pems.private },
    async fetch(req) {
      const raw = await req.text();
      got.push({ raw, body: JSON.parse(raw), sig: req.headers.get('x-service-signature') ?? '' });
      return new Response('ok');
    },
  });
  receiver = srv;
  s = await startServer({
    dataDir: dir,
    env: {
      SVC_STREAM_CA_FILE: caFile,
      SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32',
      SVC_CHECKPOINT_SECONDS: '1',
      SVC_PUBLIC_RPS: '1000',
    },
  });
  key = (await newTenant(dir, DOMAIN, 'read,audit:read,audit:write', 'enterprise')).key;
  await post('/v1/audit/orgs', { organization_id: 'acme' });
  const st = await post('/v1/audit/orgs/acme/streams', { type: 'webhook', url: `https://localhost:${srv.port}/hook` });
  expect(st.status).toBe(201);
  (globalThis as any).secret = st.body.signing_secret;
});
afterAll(async () => {
  await s.stop();
  receiver.stop(true);
  cleanup(dir);
});

const checkpoints = () => got.filter((g) => g.body.type === 'checkpoint');
const deliveredSeqs = () =>
  got.filter((g) => g.body.events).flatMap((g) => g.body.events.map((e: any) => e.seq as number));

describe('stream checkpoint deliveries', () => {
  it('POSTs each new org checkpoint as its own signed delivery, after the events it covers, outside batches', async () => {
    for (let i = 0; i < 3; i++) expect((await ingest('acme')).status).toBe(201);
    await until(() => checkpoints().some((c) => c.body.tree_size === 3), 20000);
    for (let i = 0; i < 2; i++) await ingest('acme');
    await until(() => checkpoints().some((c) => c.body.tree_size === 5), 20000);
    const secret = (globalThis as any).secret as string;
    const keys = (await get(`/keys/${DOMAIN}`, null)).body.keys;
    const pub = Buffer.from(keys[0].public_key, 'base64url');
    let prev: any = null;
    for (const c of checkpoints()) {
      expect(Object.keys(c.body).sort()).toEqual(['checkpoint', 'organization_id', 'root_hash', 'tree_size', 'type']);
      expect(c.body.organization_id).toBe('acme');
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(c.sig)!;
      expect(createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${m[1]}.${c.raw}`).digest('hex')).toBe(m[2]!);
      const lines = checkpointLines(c.body.checkpoint);
      expect(lines.size).toBe(c.body.tree_size);
      expect(lines.root.toString('hex')).toBe(c.body.root_hash);
      expect(noteOk(c.body.checkpoint, lines.origin, pub)).toBe(true);
      // Delivered only once the receiver had every event it covers.
      const idx = got.indexOf(c);
      const before = got
        .slice(0, idx)
        .filter((g) => g.body.events)
        .flatMap((g) => g.body.events.map((e: any) => e.seq));
      expect(Math.max(...before)).toBeGreaterThanOrEqual(c.body.tree_size);
      if (prev) {
        const p = (await get(`/v1/audit/orgs/acme/log/consistency?first=${prev.tree_size}&second=${c.body.tree_size}`))
          .body;
        expect(
          consistencyOk(
            prev.tree_size,
            c.body.tree_size,
            hexes(p.consistency_path),
            Buffer.from(prev.root_hash, 'hex'),
            Buffer.from(c.body.root_hash, 'hex'),
          ),
        ).toBe(true);
      }
      prev = c.body;
    }
    expect(deliveredSeqs()).toEqual([1, 2, 3, 4, 5]);
    const stream = (await get('/v1/audit/orgs/acme/streams')).body.streams[0];
    expect(stream.cursor_seq).toBe(5);
  });
});

describe('export checkpoint', () => {
  it('records {tree_size, root_hash, note} of the org checkpoint covering its rows', async () => {
    const cp = await until(async () => {
      const r = (await get('/v1/audit/orgs/acme/log/checkpoint')).body;
      return r.tree_size === 5 && r;
    });
    const job = await post('/v1/audit/exports', { organization_id: 'acme', format: 'ndjson' });
    const done = await until(async () => {
      const r = (await get(`/v1/audit/exports/${job.body.id}`)).body;
      return r.status === 'ready' && r;
    }, 20000);
    expect(done.checkpoint).toEqual({ tree_size: 5, root_hash: cp.root_hash, note: cp.checkpoint });
    expect(done.row_count).toBe(5);
  });
});

describe('portal viewer', () => {
  it('GET /v1/portal/audit/checkpoint shows the org latest checkpoint to an audit_logs session; 403 wrong_intent otherwise', async () => {
    const open = async (intent: string) => {
      const m = await post('/v1/audit/portal_sessions', { organization_id: 'acme', intent });
      return (await call(s, 'POST', '/v1/audit/portal/exchange', { body: { token: m.body.token } })).body
        .session_token as string;
    };
    const r = await call(s, 'GET', '/v1/portal/audit/checkpoint', { key: await open('audit_logs') });
    expect(r.status).toBe(200);
    expect(r.body.checkpoint.tree_size).toBe(5);
    expect(r.body.checkpoint.note).toBe((await get('/v1/audit/orgs/acme/log/checkpoint')).body.checkpoint);
    const w = await call(s, 'GET', '/v1/portal/audit/checkpoint', { key: await open('log_streams') });
    expect(w.body.error).toBe('wrong_intent');
  });
});
