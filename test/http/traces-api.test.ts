// The trace API: creation, reads, items and their errors, sealing, and the proof bundle.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, sha, pubKey, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let t: Awaited<ReturnType<typeof newTenant>>;
const dir = tempDir();
const sigOk = (r: { public_key: string; signature: string; signed_payload: string }) =>
  verify(null, Buffer.from(r.signed_payload, 'hex'), pubKey(r.public_key), Buffer.from(r.signature, 'hex'));
const UNKNOWN = '01a203bd-4122-7381-89b1-e368180a5208';

beforeAll(async () => {
  // A tight free-plan trace quota for the quota test; the other tenants are on paid plans.
  writeFileSync(join(dir, 'plans.json'), JSON.stringify({ free: { traces_per_month: 2 } }));
  s = await startServer({ dataDir: dir });
  t = await newTenant(dir, 'traces.test', 'read,write', 'enterprise');
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

const post = (path: string, body?: unknown, key = t.key) => call(s, 'POST', path, { key, body });
const get = (path: string, key = t.key) => call(s, 'GET', path, { key });
let labels = 0;
const newTrace = async (extra: Record<string, unknown> = {}, key = t.key) => {
  const r = await post('/v1/traces', { label: `trace ${++labels}`, ...extra }, key);
  expect(r.status).toBe(201);
  return r.body.trace_id as string;
};
const event = (traceId: string, payload: unknown, key = t.key) =>
  post('/v1/events', { event_type: 'step', payload, trace_id: traceId }, key);
const sealed = (id: string, key = t.key) =>
  until(async () => {
    const r = await get(`/v1/traces/${id}`, key);
    return r.body.status === 'sealed' ? r.body : null;
  });

describe('POST /v1/traces', () => {
  it('answers 201 with the documented fields and GET returns them with item_count', async () => {
    const r = await post('/v1/traces', { label: 'Loan 4711', metadata: { customer: 'c-1', amount: 12.5 } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'label', 'metadata', 'public', 'status', 'trace_id']);
    expect(r.body).toMatchObject({
      label: 'Loan 4711',
      status: 'open',
      metadata: { customer: 'c-1', amount: 12.5 },
      public: false,
    });
    expect(r.body.trace_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const g = await get(`/v1/traces/${r.body.trace_id}`);
    expect(g.status).toBe(200);
    expect(g.body).toEqual({ ...r.body, item_count: 0 });
    const bare = await post('/v1/traces', { label: 'no metadata', public: true });
    expect(bare.body).toMatchObject({ metadata: null, public: true });
  });

  it('answers 400 invalid_label for a missing, blank, non-string or over-255-character label', async () => {
    for (const body of [
      {},
      { label: '' },
      { label: '   ' },
      { label: 42 },
      { label: 'x'.repeat(256) },
      { label: '😀'.repeat(256) },
      undefined,
    ]) {
      const r = await post('/v1/traces', body);
      expect([r.status, r.body?.error]).toEqual([400, 'invalid_label']);
    }
    // 255 characters are counted as code points: 255 emoji (510 UTF-16 units) are accepted.
    expect((await post('/v1/traces', { label: '😀'.repeat(255) })).status).toBe(201);
    expect((await post('/v1/traces', { label: 'y'.repeat(255) })).status).toBe(201);
  });

  it('answers 400 invalid_metadata for a non-object and metadata_too_large over 16 KB of canonical JSON', async () => {
    for (const metadata of [[1, 2], 'text', 7, true]) {
      const r = await post('/v1/traces', { label: `m ${Math.random()}`, metadata });
      expect([r.status, r.body.error]).toEqual([400, 'invalid_metadata']);
    }
    // {"k":"..."} is 8 bytes of framing around the value.
    const exact = await post('/v1/traces', { label: 'exact 16 KB', metadata: { k: 'v'.repeat(16384 - 8) } });
    expect(exact.status).toBe(201);
    const over = await post('/v1/traces', { label: 'over 16 KB', metadata: { k: 'v'.repeat(16384 - 7) } });
    expect([over.status, over.body.error]).toEqual([400, 'metadata_too_large']);
    expect((await post('/v1/traces', { label: 'bad public', public: 'yes' })).body.error).toBe('invalid_payload');
  });

  it('answers 409 trace_label_in_use while an open trace holds the label, and frees it once sealed', async () => {
    const id = (await post('/v1/traces', { label: 'reused' })).body.trace_id;
    const again = await post('/v1/traces', { label: 'reused' });
    expect([again.status, again.body.error]).toEqual([409, 'trace_label_in_use']);
    // Another tenant may use the same label.
    const other = await newTenant(dir, 'traces-other.test', 'read,write', 'builder');
    expect((await post('/v1/traces', { label: 'reused' }, other.key)).status).toBe(201);
    expect((await event(id, { n: 1 })).status).toBe(201);
    expect((await post(`/v1/traces/${id}/seal`)).status).toBe(202);
    await sealed(id);
    expect((await post('/v1/traces', { label: 'reused' })).status).toBe(201);
  });

  it('lets exactly one of concurrent creations with the same label win', async () => {
    const rs = await Promise.all(Array.from({ length: 12 }, () => post('/v1/traces', { label: 'race label' })));
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 409 && r.body.error === 'trace_label_in_use')).toHaveLength(11);
  });

  it('needs scope write, answers 402 for a past-due tenant and counts traces against the monthly quota', async () => {
    const reader = await cli(dir, 'key', 'create', '--tenant', t.tenantId, '--name', 'reader', '--scopes', 'read');
    const r = await post('/v1/traces', { label: 'read only' }, reader.json.api_key);
    expect([r.status, r.body.error]).toEqual([403, 'insufficient_scope']);
    const free = await newTenant(dir, 'traces-free.test', 'read,write', 'free');
    expect((await post('/v1/traces', { label: 'f1' }, free.key)).status).toBe(201);
    // A rejected body is not a created trace and counts nothing.
    expect((await post('/v1/traces', { label: '' }, free.key)).body.error).toBe('invalid_label');
    expect((await post('/v1/traces', { label: 'f2' }, free.key)).status).toBe(201);
    const q = await post('/v1/traces', { label: 'f3' }, free.key);
    expect([q.status, q.body.error, q.body.resource, q.body.plan_limit]).toEqual([
      429,
      'quota_exceeded',
      'traces_per_month',
      2,
    ]);
    expect((await cli(dir, 'tenant', 'set-past-due', free.tenantId, 'on')).code).toBe(0);
    const pd = await post('/v1/traces', { label: 'f4' }, free.key);
    expect([pd.status, pd.body.error]).toEqual([402, 'payment_required']);
  });
});

describe('GET /v1/traces/{trace_id}', () => {
  it('answers 400 invalid_path_parameter, 404 trace_not_found (also for another tenant) and needs scope read', async () => {
    expect((await get('/v1/traces/not-a-uuid')).body.error).toBe('invalid_path_parameter');
    const nf = await get(`/v1/traces/${UNKNOWN}`);
    expect([nf.status, nf.body.error]).toEqual([404, 'trace_not_found']);
    const id = await newTrace();
    const other = await newTenant(dir, 'traces-get.test', 'read,write', 'builder');
    expect((await get(`/v1/traces/${id}`, other.key)).body.error).toBe('trace_not_found');
    const writer = await cli(dir, 'key', 'create', '--tenant', t.tenantId, '--name', 'writer', '--scopes', 'write');
    expect((await get(`/v1/traces/${id}`, writer.json.api_key)).body.error).toBe('insufficient_scope');
  });
});

describe('items and trace errors', () => {
  it('answers trace_not_found for an unknown or foreign trace_id on every item kind', async () => {
    const other = await newTenant(dir, 'traces-items.test', 'read,write', 'builder');
    const foreign = await newTrace({}, other.key);
    for (const id of [UNKNOWN, foreign, 'nope']) {
      const e = await event(id, {});
      expect([e.status, e.body.error]).toEqual([404, 'trace_not_found']);
      const a = await post('/v1/ai/attestations', {
        attestation_type: 'output',
        input: 'q',
        output: `a ${id}`,
        trace_id: id,
      });
      expect([a.status, a.body.error]).toEqual([404, 'trace_not_found']);
      const d = await post('/v1/document/anchor', { document_hash: sha(`doc ${id}`), trace_id: id });
      expect([d.status, d.body.error]).toEqual([404, 'trace_not_found']);
    }
  });
});

describe('POST /v1/traces/{trace_id}/seal', () => {
  it('answers 400 trace_empty without items, 404 trace_not_found, 400 invalid_path_parameter', async () => {
    const id = await newTrace();
    const r = await post(`/v1/traces/${id}/seal`);
    expect([r.status, r.body.error]).toEqual([400, 'trace_empty']);
    expect((await get(`/v1/traces/${id}`)).body.status).toBe('open');
    expect((await post(`/v1/traces/${UNKNOWN}/seal`)).body.error).toBe('trace_not_found');
    expect((await post('/v1/traces/xyz/seal')).body.error).toBe('invalid_path_parameter');
    const proof = await get(`/v1/traces/${id}/proof`);
    expect([proof.status, proof.body.error]).toEqual([409, 'trace_not_sealed']);
  });

  it('answers 202 at once, then items get 409 trace_sealed on every kind and a second seal 409 trace_sealed', async () => {
    const id = await newTrace();
    expect((await event(id, { a: 1 })).status).toBe(201);
    const r = await post(`/v1/traces/${id}/seal`);
    expect(r.status).toBe(202);
    expect(Object.keys(r.body).sort()).toEqual(['message', 'status', 'trace_id']);
    expect(r.body).toMatchObject({ trace_id: id, status: 'sealing' });
    expect(r.body.message).toContain(`/v1/traces/${id}`);
    const g = await sealed(id);
    expect(Object.keys(g).sort()).toEqual([
      'composite_hash',
      'created_at',
      'item_count',
      'label',
      'metadata',
      'public',
      'seal_event_id',
      'sealed_at',
      'status',
      'trace_id',
    ]);
    expect(g.item_count).toBe(1);
    const again = await post(`/v1/traces/${id}/seal`);
    expect([again.status, again.body.error]).toEqual([409, 'trace_sealed']);
    expect((await event(id, { a: 2 })).body.error).toBe('trace_sealed');
    expect(
      (await post('/v1/ai/attestations', { attestation_type: 'output', input: 'q', output: 'late', trace_id: id })).body
        .error,
    ).toBe('trace_sealed');
    expect((await post('/v1/document/anchor', { document_hash: sha('late doc'), trace_id: id })).body.error).toBe(
      'trace_sealed',
    );
  });

  it('lets only one of concurrent seals win; the loser and items sent meanwhile get trace_sealing', async () => {
    let sawSealing = false;
    for (let round = 0; round < 5 && !sawSealing; round++) {
      const id = await newTrace();
      for (let i = 0; i < 50; i++) expect((await event(id, { i })).status).toBe(201);
      const rs = await Promise.all([
        post(`/v1/traces/${id}/seal`),
        post(`/v1/traces/${id}/seal`),
        post(`/v1/traces/${id}/seal`),
      ]);
      expect(rs.filter((r) => r.status === 202)).toHaveLength(1);
      const losers = rs.filter((r) => r.status !== 202);
      expect(losers.every((r) => r.status === 409 && ['trace_sealing', 'trace_sealed'].includes(r.body.error))).toBe(
        true,
      );
      if (losers.some((r) => r.body.error === 'trace_sealing')) sawSealing = true;
      const g = await sealed(id);
      expect(g.item_count).toBe(50);
    }
    expect(sawSealing).toBe(true);
  });

  it('includes every item answered 201 before the seal request, even when not yet written', async () => {
    // The one item is still on the intake queue when the seal arrives: no trace_empty, and it is sealed.
    const single = await newTrace();
    const e = await event(single, { only: true });
    const r = await post(`/v1/traces/${single}/seal`);
    expect(r.status).toBe(202);
    expect((await sealed(single)).item_count).toBe(1);
    const b1 = (await get(`/v1/traces/${single}/proof`)).body;
    expect(b1.items.map((i: any) => i.id)).toEqual([e.body.event_id]);

    const id = await newTrace();
    const accepted = await Promise.all(Array.from({ length: 200 }, (_, i) => event(id, { i })));
    expect(accepted.every((x) => x.status === 201)).toBe(true);
    const last = await event(id, { last: true });
    expect((await post(`/v1/traces/${id}/seal`)).status).toBe(202);
    const g = await sealed(id);
    expect(g.item_count).toBe(201);
    const b = (await get(`/v1/traces/${id}/proof`)).body;
    expect(new Set(b.items.map((i: any) => i.id))).toEqual(
      new Set([...accepted.map((x) => x.body.event_id), last.body.event_id]),
    );
    expect(b.items[b.items.length - 1].id).toBe(last.body.event_id);
  });
});

describe('GET /v1/traces/{trace_id}/proof', () => {
  let id: string;
  let bundle: any;
  let ids: Array<{ type: string; id: string }> = [];
  let aiPayloadHash = '';

  beforeAll(async () => {
    id = await newTrace({ metadata: { case: 'K-9', tags: ['a', 'b'] } });
    const e1 = await event(id, { step: 'received', amount: 100 });
    const ai = await post('/v1/ai/attestations', {
      attestation_type: 'decision',
      input: 'approve?',
      output: { approved: true },
      model_name: 'm1',
      subject: { user: 'u1' },
      store_plaintext: true,
      trace_id: id,
    });
    expect(ai.status).toBe(201);
    aiPayloadHash = ai.body.payload_hash;
    // The signing key changes mid-trace: earlier items keep verifying under their own pinned key.
    expect((await cli(dir, 'tenant', 'rotate-key', t.tenantId)).code).toBe(0);
    await until(async () => (await call(s, 'GET', '/keys/traces.test')).body.keys.length === 2);
    const doc = await post('/v1/document/anchor', {
      document_hash: sha('the contract'),
      document_ref: 'contract.pdf',
      metadata: { pages: 3 },
      trace_id: id,
    });
    expect(doc.status).toBe(201);
    const e2 = await event(id, { step: 'approved', unicode: 'é😀', '10': 'index-like key' });
    ids = [
      { type: 'event', id: e1.body.event_id },
      { type: 'ai_attestation', id: ai.body.attestation_id },
      { type: 'document', id: doc.body.event_id },
      { type: 'event', id: e2.body.event_id },
    ];
    expect((await post(`/v1/traces/${id}/seal`)).status).toBe(202);
    await sealed(id);
    const r = await get(`/v1/traces/${id}/proof`);
    expect(r.status).toBe(200);
    bundle = r.body;
  });

  it('has exactly the documented shape, items in acceptance order', () => {
    expect(Object.keys(bundle).sort()).toEqual(['bundle_version', 'footer', 'header', 'items', 'seal']);
    expect(bundle.bundle_version).toBe(1);
    expect(Object.keys(bundle.header).sort()).toEqual([
      'composite_hash',
      'created_at',
      'domain_verified',
      'item_count',
      'label',
      'metadata',
      'sealed_at',
      'tenant_domain',
      'trace_id',
    ]);
    expect(bundle.header).toMatchObject({
      tenant_domain: 'traces.test',
      domain_verified: false,
      trace_id: id,
      item_count: 4,
      metadata: { case: 'K-9', tags: ['a', 'b'] },
    });
    expect(bundle.items.map((i: any) => ({ type: i.type, id: i.id }))).toEqual(ids);
    for (const [n, it] of bundle.items.entries()) {
      expect(Object.keys(it).sort()).toEqual([
        'content_hash',
        'id',
        'key_id',
        'log',
        'payload',
        'public_key',
        'sequence',
        'signature',
        'signed_payload',
        'timestamp',
        'type',
        'verification',
      ]);
      expect(it.sequence).toBe(n + 1);
      expect(it.verification).toEqual({ content_hash_valid: true, signature_valid: true });
    }
    for (const k of [
      'sealed_at',
      'seal_event_id',
      'composite_hash',
      'key_id',
      'public_key',
      'signature',
      'signed_payload',
      'item_count',
      'count_confirmed',
      'composite_hash_valid',
      'all_signatures_valid',
    ])
      expect(bundle.seal).toHaveProperty(k);
    expect(bundle.seal).toMatchObject({
      item_count: 4,
      count_confirmed: true,
      composite_hash_valid: true,
      all_signatures_valid: true,
    });
    expect(bundle.footer.verification_url).toMatch(new RegExp(`^https://[^/]+/proof/trace/${id}$`));
    expect(bundle.footer.public_key_url).toMatch(/^https:\/\/[^/]+\/keys\/traces\.test$/);
  });

  it('recomputes: content hashes from payloads, the composite hash from raw digests, every signature with node:crypto', async () => {
    const [e1, ai, doc, e2] = bundle.items;
    expect(e1.content_hash).toBe(sha(canonicalJson(e1.payload)));
    expect(e2.content_hash).toBe(sha(canonicalJson(e2.payload)));
    expect(ai.content_hash).toBe(aiPayloadHash);
    expect(ai.payload).toMatchObject({ input: 'approve?', output: { approved: true } });
    expect(doc.content_hash).toBe(sha('the contract'));
    const raw = Buffer.concat(bundle.items.map((i: any) => Buffer.from(i.content_hash, 'hex')));
    expect(raw.length).toBe(4 * 32);
    expect(bundle.header.composite_hash).toBe(sha(raw));
    expect(bundle.seal.composite_hash).toBe(sha(raw));
    // Hex text concatenation would be a different value.
    expect(bundle.header.composite_hash).not.toBe(sha(bundle.items.map((i: any) => i.content_hash).join('')));
    for (const it of [...bundle.items, bundle.seal]) expect(sigOk(it)).toBe(true);
    // Each signed payload binds the item: id, content hash and timestamp.
    for (const it of bundle.items) {
      const signed = JSON.parse(Buffer.from(it.signed_payload, 'hex').toString('utf8'));
      expect(signed.tenant_id).toBe(t.tenantId);
      if (it.type === 'event')
        expect([signed.event_id, signed.payload_hash, signed.ingested_at]).toEqual([
          it.id,
          it.content_hash,
          it.timestamp,
        ]);
      if (it.type === 'ai_attestation')
        expect([signed.attestation_id, signed.payload_hash, signed.created_at]).toEqual([
          it.id,
          it.content_hash,
          it.timestamp,
        ]);
      if (it.type === 'document')
        expect([signed.event_id, signed.document_hash, signed.created_at]).toEqual([
          it.id,
          it.content_hash,
          it.timestamp,
        ]);
    }
    // Keys: the first two items under the old key (the one created with the tenant), the rest under the new one.
    expect(bundle.items[0].public_key).toBe(t.publicKeyHex);
    expect(bundle.items[2].public_key).not.toBe(t.publicKeyHex);
    const keys = (await call(s, 'GET', '/keys/traces.test')).body.keys.map((k: any) =>
      Buffer.from(k.public_key, 'base64url').toString('hex'),
    );
    for (const it of [...bundle.items, bundle.seal]) expect(keys).toContain(it.public_key);
  });

  it('the seal is a signed trace.sealed ledger event over {trace_id, composite_hash, item_count, metadata, sealed_at}', async () => {
    const signed = JSON.parse(Buffer.from(bundle.seal.signed_payload, 'hex').toString('utf8'));
    expect(signed).toMatchObject({
      v: 1,
      event_id: bundle.seal.seal_event_id,
      event_type: 'trace.sealed',
      ingested_at: bundle.seal.sealed_at,
      tenant_id: t.tenantId,
    });
    const payload = {
      trace_id: id,
      composite_hash: bundle.header.composite_hash,
      item_count: 4,
      metadata: bundle.header.metadata,
      sealed_at: bundle.header.sealed_at,
    };
    expect(signed.payload_hash).toBe(sha(canonicalJson(payload)));
    const ev = await get(`/v1/events/${bundle.seal.seal_event_id}`);
    expect(ev.status).toBe(200);
    expect(ev.body).toMatchObject({ event_type: 'trace.sealed', payload, api_key_id: null });
    const g = (await get(`/v1/traces/${id}`)).body;
    expect([g.composite_hash, g.seal_event_id, g.sealed_at, g.item_count]).toEqual([
      bundle.header.composite_hash,
      bundle.seal.seal_event_id,
      bundle.header.sealed_at,
      4,
    ]);
  });

  it('does not count the seal event against the events quota', async () => {
    // Counters are flushed every 250 ms: wait until two reads a whole second apart agree (every earlier request
    // flushed), then for the seal.
    const used = async () => (await cli(dir, 'tenant', 'show', t.tenantId)).json.usage.events_per_month.used as number;
    const { before } = await until(async () => {
      const a = await used();
      await Bun.sleep(1000);
      return a === (await used()) ? { before: a } : null;
    });
    const x = await newTrace();
    expect((await event(x, {})).status).toBe(201);
    expect((await post(`/v1/traces/${x}/seal`)).status).toBe(202);
    await sealed(x);
    await until(async () => (await used()) === before + 1);
    expect(await used()).toBe(before + 1);
  }, 30000);

  it('public verification: off by default (404 proof_not_found), enabled per trace, AI payloads hash-only', async () => {
    const pub = (x: string) => call(s, 'GET', `/v1/proof/trace/${x}`);
    expect([(await pub(id)).status, (await pub(id)).body.error]).toEqual([404, 'proof_not_found']);
    expect((await pub(UNKNOWN)).body.error).toBe('proof_not_found');
    expect((await pub('bad-id')).body.error).toBe('invalid_path_parameter');
    expect((await post(`/v1/traces/${id}/public`, { enabled: 'yes' })).body.error).toBe('invalid_payload');
    const on = await post(`/v1/traces/${id}/public`, { enabled: true });
    expect([on.status, on.body.public, on.body.status]).toEqual([200, true, 'sealed']);
    const p = await pub(id);
    expect(p.status).toBe(200);
    expect(p.body.header).toEqual(bundle.header);
    const ai = p.body.items[1];
    expect(ai.type).toBe('ai_attestation');
    expect(ai.payload).not.toHaveProperty('input');
    expect(ai.payload).not.toHaveProperty('output');
    expect(ai.payload.payload_hash ?? ai.content_hash).toBe(aiPayloadHash);
    expect(p.body.items.every((i: any) => i.verification.content_hash_valid && i.verification.signature_valid)).toBe(
      true,
    );
    expect(sigOk(ai)).toBe(true);
    expect((await post(`/v1/traces/${id}/public`, { enabled: false })).body.public).toBe(false);
    expect((await pub(id)).status).toBe(404);
    // Public but not sealed: still 404.
    const open = await newTrace({ public: true });
    expect((await pub(open)).body.error).toBe('proof_not_found');
    expect((await post(`/v1/traces/${UNKNOWN}/public`, { enabled: true })).body.error).toBe('trace_not_found');
  });

  it('needs scope read for the proof', async () => {
    const writer = await cli(dir, 'key', 'create', '--tenant', t.tenantId, '--name', 'w2', '--scopes', 'write');
    expect((await get(`/v1/traces/${id}/proof`, writer.json.api_key)).body.error).toBe('insufficient_scope');
    expect((await get(`/v1/traces/${UNKNOWN}/proof`)).body.error).toBe('trace_not_found');
  });
});
