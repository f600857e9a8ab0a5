// Document anchoring: POST /v1/document/anchor, original bytes and the 8 MB body limit of that route.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, sha, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let key: string;
const dir = tempDir();
const MB = 1024 * 1024;
const freshHash = () => sha(randomBytes(16));

beforeAll(async () => {
  writeFileSync(join(dir, 'plans.json'), JSON.stringify({ free: { rps: 1000, events_per_month: 2 } }));
  s = await startServer({ dataDir: dir });
  key = (await newTenant(dir, 'docs.test', 'read,write', 'enterprise')).key;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

const anchor = (body: unknown, k = key) => call(s, 'POST', '/v1/document/anchor', { key: k, body });

describe('POST /v1/document/anchor', () => {
  it('answers 201 {event_id, created_at, document_hash, status} and the anchor is readable at once', async () => {
    const h = freshHash();
    const r = await anchor({
      document_hash: h,
      document_ref: 'contracts/2026/acme.pdf',
      metadata: { pages: 12, parties: ['acme', 'globex'] },
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'document_hash', 'event_id', 'status']);
    expect(r.body).toMatchObject({ document_hash: h, status: 'accepted' });
    expect(r.body.event_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const g = await call(s, 'GET', `/v1/document/${r.body.event_id}`, { key });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      event_id: r.body.event_id,
      document_hash: h,
      document_ref: 'contracts/2026/acme.pdf',
      metadata: { pages: 12, parties: ['acme', 'globex'] },
      created_at: r.body.created_at,
      has_original_bytes: false,
      trace_id: null,
    });
    expect(g.body.key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(g.body.public_key).toMatch(/^[0-9a-f]{64}$/);
    expect(g.body.signature).toMatch(/^[0-9a-f]{128}$/);
  });

  it('answers 409 document_already_anchored with the existing event_id, per tenant', async () => {
    const h = freshHash();
    const first = await anchor({ document_hash: h });
    const again = await anchor({ document_hash: h, document_ref: 'other name' });
    expect([again.status, again.body.error, again.body.event_id]).toEqual([
      409,
      'document_already_anchored',
      first.body.event_id,
    ]);
    expect(typeof again.body.message).toBe('string');
    const other = await newTenant(dir, 'docs-other.test', 'read,write', 'enterprise');
    const theirs = await anchor({ document_hash: h }, other.key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.event_id).not.toBe(first.body.event_id);
  });

  it('anchors a hash once when many identical requests race', async () => {
    const h = freshHash();
    const replies = await Promise.all(Array.from({ length: 12 }, () => anchor({ document_hash: h })));
    const won = replies.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const lost = replies.filter((r) => r.status === 409);
    expect(lost).toHaveLength(11);
    for (const r of lost)
      expect([r.body.error, r.body.event_id]).toEqual(['document_already_anchored', won[0]!.body.event_id]);
  });

  it('rejects each invalid field with its documented code', async () => {
    const bytes = Buffer.from('the original document');
    const h = sha(bytes);
    const cases: Array<[unknown, string]> = [
      [{}, 'invalid_document_hash'],
      [{ document_ref: 'x' }, 'invalid_document_hash'],
      [{ document_hash: 'abc' }, 'invalid_document_hash'],
      [{ document_hash: h.toUpperCase() }, 'invalid_document_hash'],
      [{ document_hash: `${h}00` }, 'invalid_document_hash'],
      [{ document_hash: 12 }, 'invalid_document_hash'],
      [{ document_hash: h, document_ref: 5 }, 'invalid_payload'],
      [{ document_hash: h, metadata: 'x' }, 'invalid_metadata'],
      [{ document_hash: h, metadata: [1, 2] }, 'invalid_metadata'],
      [{ document_hash: h, metadata: 3 }, 'invalid_metadata'],
      [{ document_hash: h, metadata: { blob: 'x'.repeat(16 * 1024) } }, 'metadata_too_large'],
      [{ document_hash: h, original_bytes: 'not base64!' }, 'invalid_original_bytes_base64'],
      [{ document_hash: h, original_bytes: 'abcde' }, 'invalid_original_bytes_base64'],
      [{ document_hash: h, original_bytes: 42 }, 'invalid_original_bytes_base64'],
      [{ document_hash: h, original_bytes: '' }, 'original_bytes_empty'],
      [
        { document_hash: h, original_bytes: Buffer.from('other bytes').toString('base64') },
        'original_bytes_hash_mismatch',
      ],
      [{ document_hash: h, trace_id: 7 }, 'invalid_payload'],
      [[{ document_hash: h }], 'invalid_payload'],
    ];
    for (const [body, code] of cases) {
      const r = await anchor(body);
      expect([JSON.stringify(body).slice(0, 90), r.status, r.body?.error]).toEqual([
        JSON.stringify(body).slice(0, 90),
        400,
        code,
      ]);
    }
    const tr = await anchor({ document_hash: h, trace_id: '01a203bd-4122-7381-89b1-e368180a5208' });
    expect([tr.status, tr.body.error]).toEqual([404, 'trace_not_found']);
    // None of the rejected requests anchored the hash.
    expect((await anchor({ document_hash: h, original_bytes: bytes.toString('base64') })).status).toBe(201);
  });

  it('accepts metadata of exactly 16 KB as canonical JSON', async () => {
    const pad = 16 * 1024 - canonicalJson({ blob: '' }).length;
    expect((await anchor({ document_hash: freshHash(), metadata: { blob: 'x'.repeat(pad) } })).status).toBe(201);
  });

  it('answers a missing body with invalid_document_hash', async () => {
    const r = await call(s, 'POST', '/v1/document/anchor', { key });
    expect([r.status, r.body?.error]).toEqual([400, 'invalid_document_hash']);
  });

  it('checks authentication, scope and 402 before the body', async () => {
    expect((await call(s, 'POST', '/v1/document/anchor', { body: {} })).body.error).toBe('missing_api_key');
    const reader = await newTenant(dir, 'docs-reader.test', 'read', 'enterprise');
    expect((await anchor({}, reader.key)).body.error).toBe('insufficient_scope');
    const late = await newTenant(dir, 'docs-pastdue.test', 'read,write', 'enterprise');
    expect((await cli(dir, 'tenant', 'set-past-due', late.tenantId, 'on')).code).toBe(0);
    const r = await anchor({}, late.key);
    expect([r.status, r.body.error]).toEqual([402, 'payment_required']);
  });

  it('counts one events_per_month per accepted anchor and answers quota_exceeded past the limit', async () => {
    const t = await newTenant(dir, 'docs-quota.test', 'read,write', 'free');
    const h = freshHash();
    expect((await anchor({ document_hash: h }, t.key)).status).toBe(201);
    expect((await anchor({ document_hash: h }, t.key)).status).toBe(409); // not counted
    expect((await anchor({ document_hash: 'bad' }, t.key)).status).toBe(400); // not counted
    expect((await anchor({ document_hash: freshHash() }, t.key)).status).toBe(201);
    const over = await anchor({ document_hash: freshHash() }, t.key);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      error: 'quota_exceeded',
      resource: 'events_per_month',
      current_usage: 2,
      plan_limit: 2,
      plan_tier: 'free',
    });
  });
});

describe('original bytes and body limits', () => {
  it('takes 5 MB of original_bytes through the 8 MB route limit and serves them back unchanged', async () => {
    const bytes = randomBytes(5 * MB);
    const h = sha(bytes);
    const r = await anchor({ document_hash: h, document_ref: 'big.bin', original_bytes: bytes.toString('base64') });
    expect(r.status).toBe(201);
    const g = await call(s, 'GET', `/v1/document/${r.body.event_id}`, { key });
    expect(g.body.has_original_bytes).toBe(true);
    const res = await fetch(`${s.url}/v1/document/${r.body.event_id}/original`, {
      headers: { authorization: `Bearer ${key}` },
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const back = Buffer.from(await res.arrayBuffer());
    expect(back.length).toBe(5 * MB);
    expect(sha(back)).toBe(h);
  });

  it('answers original_bytes_too_large one byte over 5 MB', async () => {
    const bytes = randomBytes(5 * MB + 1);
    const r = await anchor({ document_hash: sha(bytes), original_bytes: bytes.toString('base64') });
    expect([r.status, r.body.error]).toEqual([400, 'original_bytes_too_large']);
  });

  it('accepts unpadded and URL-safe base64', async () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbe, 0x01, 0x02]);
    const r = await anchor({ document_hash: sha(bytes), original_bytes: bytes.toString('base64url') });
    expect(r.status).toBe(201);
    const res = await fetch(`${s.url}/v1/document/${r.body.event_id}/original`, {
      headers: { authorization: `Bearer ${key}` },
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 413 payload_too_large for a body over 8 MB on the anchor route', async () => {
    const r = await call(s, 'POST', '/v1/document/anchor', {
      key,
      raw: JSON.stringify({ document_hash: freshHash(), document_ref: 'x'.repeat(8 * MB) }),
    });
    expect([r.status, r.body?.error]).toEqual([413, 'payload_too_large']);
  });

  it('answers 413 payload_too_large for a body over 2 MB on any other route', async () => {
    const r = await call(s, 'POST', '/v1/ai/attestations', {
      key,
      raw: JSON.stringify({ attestation_type: 'output', input: 'x'.repeat(2 * MB), output: 'o' }),
    });
    expect([r.status, r.body?.error]).toEqual([413, 'payload_too_large']);
    const ok = await call(s, 'POST', '/v1/ai/attestations', {
      key,
      raw: JSON.stringify({ attestation_type: 'output', input: 'x'.repeat(2 * MB - 200), output: 'o' }),
    });
    expect(ok.status).toBe(201);
  });

  it('answers 404 document_not_found for /original when no bytes were stored', async () => {
    const r = await anchor({ document_hash: freshHash() });
    const o = await call(s, 'GET', `/v1/document/${r.body.event_id}/original`, { key });
    expect([o.status, o.body.error]).toEqual([404, 'document_not_found']);
  });
});
