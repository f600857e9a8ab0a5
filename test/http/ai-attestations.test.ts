// AI attestations over HTTPS: ingest, payload-hash idempotency, reads, hash-only storage and attachment to traces.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, sha, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let key: string;
const dir = tempDir();
const uniq = () => `${Date.now()}-${Math.random()}`;

beforeAll(async () => {
  // A tiny free plan so the quota can be reached in a few calls; the rate limit stays out of the way.
  writeFileSync(join(dir, 'plans.json'), JSON.stringify({ free: { rps: 1000, ai_attestations_per_month: 3 } }));
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  const t = await newTenant(dir, 'ai.test', 'read,write', 'enterprise');
  key = t.key;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

const attest = (body: unknown, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  call(s, 'POST', '/v1/ai/attestations', { key: opts.key ?? key, body, headers: opts.headers });
const written = (id: string, k = key) =>
  until(async () => {
    const r = await call(s, 'GET', `/v1/ai/attestations/${id}`, { key: k });
    return r.status === 200 ? r : null;
  });
/** docs/verification.md#3-hashes-and-key-ids payload_hash, rebuilt here with the test's own canonical JSON. */
const payloadHash = (o: {
  attestation_type: string;
  input_hash: string;
  output_hash: string;
  model_provider?: string;
  model_name?: string;
  model_version?: string;
  subject?: unknown;
}) =>
  sha(
    canonicalJson({
      v: 1,
      attestation_type: o.attestation_type,
      input_hash: o.input_hash,
      output_hash: o.output_hash,
      model_provider: o.model_provider ?? null,
      model_name: o.model_name ?? null,
      model_version: o.model_version ?? null,
      subject: o.subject ?? null,
    }),
  );

describe('POST /v1/ai/attestations', () => {
  it('answers 201 with the hashes at once, and the worker writes the signed record', async () => {
    const input = `What is the refund policy? ${uniq()}`;
    const output = { answer: 'Thirty days', sources: [1, 2], é: true };
    const body = {
      attestation_type: 'decision',
      input,
      output,
      model_provider: 'acme',
      model_name: 'gpt-x',
      model_version: '2026-01',
      subject: { user_id: 'u1', step: 3 },
    };
    const r = await attest(body);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual([
      'attestation_id',
      'created_at',
      'input_hash',
      'output_hash',
      'payload_hash',
      'status',
    ]);
    expect(r.body.attestation_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.body.status).toBe('accepted');
    expect(r.body.input_hash).toBe(sha(input));
    expect(r.body.output_hash).toBe(sha(canonicalJson(output)));
    expect(r.body.payload_hash).toBe(
      payloadHash({ ...body, input_hash: sha(input), output_hash: sha(canonicalJson(output)) }),
    );
    expect(Math.abs(Date.parse(r.body.created_at) - Date.now())).toBeLessThan(60_000);
    const g = (await written(r.body.attestation_id)).body;
    expect(g).toMatchObject({
      attestation_id: r.body.attestation_id,
      attestation_type: 'decision',
      created_at: r.body.created_at,
      input_hash: r.body.input_hash,
      output_hash: r.body.output_hash,
      payload_hash: r.body.payload_hash,
      model_provider: 'acme',
      model_name: 'gpt-x',
      model_version: '2026-01',
      subject: { user_id: 'u1', step: 3 },
      trace_id: null,
    });
    expect(g.key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(g.public_key).toMatch(/^[0-9a-f]{64}$/);
    expect(g.signature).toMatch(/^[0-9a-f]{128}$/);
    // Hash-only by default: the plaintext is not returned because it was never stored.
    expect(g).not.toHaveProperty('input');
    expect(g).not.toHaveProperty('output');
  });

  it('hashes a JSON string input as its UTF-8 text and any other value as canonical bytes; absent model fields are null', async () => {
    const r = await attest({ attestation_type: 'output', input: [3, { b: 1, a: 'x' }], output: 42 });
    expect(r.status).toBe(201);
    expect(r.body.input_hash).toBe(sha('[3,{"a":"x","b":1}]'));
    expect(r.body.output_hash).toBe(sha('42'));
    expect(r.body.payload_hash).toBe(
      payloadHash({ attestation_type: 'output', input_hash: r.body.input_hash, output_hash: r.body.output_hash }),
    );
  });

  it('answers a repeated payload with the original id, created_at and status duplicate, creating nothing new', async () => {
    const body = {
      attestation_type: 'approval',
      input: `approve ${uniq()}`,
      output: 'approved',
      subject: { approver_id: 'a7' },
    };
    const first = await attest(body);
    // Same content, different key order and a different trace-free field order: same payload_hash.
    const again = await attest({
      subject: { approver_id: 'a7' },
      output: 'approved',
      input: body.input,
      attestation_type: 'approval',
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, status: 'duplicate' });
    // store_plaintext is not part of payload_hash either.
    const third = await attest({ ...body, store_plaintext: true });
    expect(third.body.status).toBe('duplicate');
    expect(third.body.attestation_id).toBe(first.body.attestation_id);
    const g = (await written(first.body.attestation_id)).body;
    expect(g).not.toHaveProperty('input');
  });

  it('lets only one of many concurrent identical requests be new', async () => {
    const body = { attestation_type: 'output', input: `race ${uniq()}`, output: 'same' };
    const replies = await Promise.all(Array.from({ length: 16 }, () => attest(body)));
    expect(replies.every((r) => r.status === 201)).toBe(true);
    expect(replies.filter((r) => r.body.status === 'accepted')).toHaveLength(1);
    expect(new Set(replies.map((r) => r.body.attestation_id)).size).toBe(1);
    expect(new Set(replies.map((r) => r.body.created_at)).size).toBe(1);
  });

  it('de-duplicates per tenant: another tenant sending the same payload gets its own attestation', async () => {
    const other = await newTenant(dir, 'ai-other.test', 'read,write', 'enterprise');
    const body = { attestation_type: 'output', input: `tenant ${uniq()}`, output: 'x' };
    const a = await attest(body);
    const b = await attest(body, { key: other.key });
    expect(b.body.status).toBe('accepted');
    expect(b.body.attestation_id).not.toBe(a.body.attestation_id);
    expect(b.body.payload_hash).toBe(a.body.payload_hash);
    // Neither tenant can read the other's record.
    await written(a.body.attestation_id);
    const cross = await call(s, 'GET', `/v1/ai/attestations/${a.body.attestation_id}`, { key: other.key });
    expect([cross.status, cross.body.error]).toEqual([404, 'attestation_not_found']);
  });

  it('rejects each invalid field with its documented code', async () => {
    const ok = { attestation_type: 'output', input: 'i', output: 'o' };
    const cases: Array<[unknown, number, string]> = [
      [{ input: 'i', output: 'o' }, 400, 'invalid_attestation_type'],
      [{ ...ok, attestation_type: 'summary' }, 400, 'invalid_attestation_type'],
      [{ ...ok, attestation_type: 7 }, 400, 'invalid_attestation_type'],
      [{ ...ok, attestation_type: 'Output' }, 400, 'invalid_attestation_type'],
      [{ attestation_type: 'output', output: 'o' }, 400, 'empty_payload'],
      [{ attestation_type: 'output', input: 'i' }, 400, 'empty_payload'],
      [{ ...ok, input: '' }, 400, 'empty_payload'],
      [{ ...ok, output: null }, 400, 'empty_payload'],
      [{ ...ok, output: {} }, 400, 'empty_payload'],
      [{ ...ok, input: [] }, 400, 'empty_payload'],
      [{ ...ok, model_name: '' }, 400, 'invalid_context'],
      [{ ...ok, model_provider: '   ' }, 400, 'invalid_context'],
      [{ ...ok, model_version: 3 }, 400, 'invalid_context'],
      [{ ...ok, model_name: null }, 400, 'invalid_context'],
      [{ ...ok, subject: 'user-1' }, 400, 'invalid_payload'],
      [{ ...ok, subject: ['a'] }, 400, 'invalid_payload'],
      [
        { ...ok, subject: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])) },
        400,
        'subject_too_many_keys',
      ],
      [{ ...ok, subject: { blob: 'x'.repeat(4096) } }, 400, 'subject_too_large'],
      [{ ...ok, store_plaintext: 'yes' }, 400, 'invalid_payload'],
      [{ ...ok, trace_id: 12 }, 400, 'invalid_payload'],
      [{ ...ok, trace_id: 'not-a-trace' }, 404, 'trace_not_found'],
      [{ ...ok, trace_id: '01a203bd-4122-7381-89b1-e368180a5208' }, 404, 'trace_not_found'],
      [[ok], 400, 'invalid_payload'],
    ];
    for (const [body, status, code] of cases) {
      const r = await attest(body);
      expect([JSON.stringify(body).slice(0, 80), r.status, r.body?.error, typeof r.body?.message]).toEqual([
        JSON.stringify(body).slice(0, 80),
        status,
        code,
        'string',
      ]);
    }
    // The limits themselves are accepted: 32 keys, and exactly 4,096 canonical bytes.
    expect(
      (
        await attest({
          ...ok,
          input: uniq(),
          subject: Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`k${i}`, i])),
        })
      ).status,
    ).toBe(201);
    const pad = 4096 - canonicalJson({ blob: '' }).length;
    expect((await attest({ ...ok, input: uniq(), subject: { blob: 'x'.repeat(pad) } })).status).toBe(201);
  });

  it('answers a missing body with invalid_attestation_type and a malformed one with the framework plain text', async () => {
    const empty = await call(s, 'POST', '/v1/ai/attestations', { key });
    expect([empty.status, empty.body?.error]).toEqual([400, 'invalid_attestation_type']);
    const bad = await call(s, 'POST', '/v1/ai/attestations', { key, raw: '{"attestation_type":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toBeNull();
  });

  it('checks authentication and scope before the body', async () => {
    const none = await call(s, 'POST', '/v1/ai/attestations', { body: {} });
    expect([none.status, none.body.error]).toEqual([401, 'missing_api_key']);
    const badFormat = await call(s, 'POST', '/v1/ai/attestations', { key: 'nope', body: {} });
    expect([badFormat.status, badFormat.body.error]).toEqual([401, 'invalid_api_key_format']);
    const reader = await newTenant(dir, 'ai-reader.test', 'read', 'enterprise');
    const r = await attest({}, { key: reader.key });
    expect([r.status, r.body.error]).toEqual([403, 'insufficient_scope']);
  });

  it('answers 402 payment_required for a past-due tenant before validating the body', async () => {
    const t = await newTenant(dir, 'ai-pastdue.test', 'read,write', 'enterprise');
    expect((await cli(dir, 'tenant', 'set-past-due', t.tenantId, 'on')).code).toBe(0);
    const r = await attest({}, { key: t.key });
    expect([r.status, r.body.error]).toEqual([402, 'payment_required']);
  });

  it('counts only new attestations against ai_attestations_per_month and refuses past the limit', async () => {
    const t = await newTenant(dir, 'ai-quota.test', 'read,write', 'free');
    const body = (n: number) => ({ attestation_type: 'output', input: `quota ${n} ${uniq()}`, output: 'o' });
    const first = body(1);
    expect((await attest(first, { key: t.key })).body.status).toBe('accepted');
    // Invalid requests and duplicates count nothing.
    expect((await attest({ input: 'x' }, { key: t.key })).status).toBe(400);
    expect((await attest(first, { key: t.key })).body.status).toBe('duplicate');
    expect((await attest(first, { key: t.key })).body.status).toBe('duplicate');
    expect((await attest(body(2), { key: t.key })).status).toBe(201);
    expect((await attest(body(3), { key: t.key })).status).toBe(201);
    const over = await attest(body(4), { key: t.key });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      error: 'quota_exceeded',
      resource: 'ai_attestations_per_month',
      current_usage: 3,
      plan_limit: 3,
      plan_tier: 'free',
    });
    expect(typeof over.body.upgrade_url).toBe('string');
    // docs/api.md#authentication-and-the-order-of-checks: the quota is checked before the body is validated.
    expect((await attest({}, { key: t.key })).body.error).toBe('quota_exceeded');
  });

  it('replays the stored 201 for the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const idem = `idem-${uniq()}`;
    const body = { attestation_type: 'output', input: `idem ${uniq()}`, output: 'o' };
    const a = await attest(body, { headers: { 'Idempotency-Key': idem } });
    const b = await attest(body, { headers: { 'Idempotency-Key': idem } });
    expect(a.body.status).toBe('accepted');
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const c = await attest({ ...body, output: 'other' }, { headers: { 'Idempotency-Key': idem } });
    expect([c.status, c.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    // A key first used for a duplicate is bound to that body too.
    const dupKey = `idem-dup-${uniq()}`;
    expect((await attest(body, { headers: { 'Idempotency-Key': dupKey } })).body.status).toBe('duplicate');
    const reuse = await attest({ ...body, output: 'changed' }, { headers: { 'Idempotency-Key': dupKey } });
    expect([reuse.status, reuse.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    const d = await attest(body, { headers: { 'Idempotency-Key': 'x'.repeat(129) } });
    expect([d.status, d.body.error]).toEqual([400, 'invalid_idempotency_key']);
  });
});

describe('GET /v1/ai/attestations/{id}', () => {
  it('returns input and output only when store_plaintext was true', async () => {
    const input = { prompt: `stored ${uniq()}`, temperature: 0.2 };
    const r = await attest({ attestation_type: 'output', input, output: 'stored output', store_plaintext: true });
    const g = (await written(r.body.attestation_id)).body;
    expect(g.input).toEqual(input);
    expect(g.output).toBe('stored output');
    expect(g.input_hash).toBe(sha(canonicalJson(input)));
  });

  it('answers invalid_path_parameter, attestation_not_found and insufficient_scope', async () => {
    const bad = await call(s, 'GET', '/v1/ai/attestations/123', { key });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_path_parameter']);
    const missing = await call(s, 'GET', '/v1/ai/attestations/01a203bd-4122-7381-89b1-e368180a5208', { key });
    expect([missing.status, missing.body.error]).toEqual([404, 'attestation_not_found']);
    const writer = await newTenant(dir, 'ai-writer.test', 'write', 'enterprise');
    const w = await call(s, 'GET', '/v1/ai/attestations/01a203bd-4122-7381-89b1-e368180a5208', { key: writer.key });
    expect([w.status, w.body.error]).toEqual([403, 'insufficient_scope']);
  });
});

describe('hash-only storage', () => {
  it('never writes the plaintext to disk unless store_plaintext is true', async () => {
    const secret = `PLAINTEXT-MARKER-${uniq()}`;
    const kept = `KEPT-MARKER-${uniq()}`;
    const a = await attest({ attestation_type: 'output', input: secret, output: `${secret}-out`, subject: { s: 1 } });
    const b = await attest({ attestation_type: 'output', input: kept, output: 'o', store_plaintext: true });
    await written(a.body.attestation_id);
    await written(b.body.attestation_id);
    const files = readdirSync(join(dir, 'db')).map((f) => readFileSync(join(dir, 'db', f)));
    const onDisk = (m: string) => files.some((f) => f.includes(Buffer.from(m)));
    expect(onDisk(kept)).toBe(true); // the search itself works
    expect(onDisk(secret)).toBe(false);
    expect(s.output().includes(secret)).toBe(false);
  });
});

describe('traces', () => {
  it('attaches an attestation to an open trace and refuses a sealed one', async () => {
    const tr = await call(s, 'POST', '/v1/traces', { key, body: { label: `ai-${uniq()}` } });
    expect(tr.status).toBe(201);
    const traceId = tr.body.trace_id;
    const a = await attest({ attestation_type: 'output', input: `traced ${uniq()}`, output: 'o', trace_id: traceId });
    expect(a.status).toBe(201);
    expect((await written(a.body.attestation_id)).body.trace_id).toBe(traceId);
    expect((await call(s, 'POST', `/v1/traces/${traceId}/seal`, { key })).status).toBe(202);
    const late = await attest({ attestation_type: 'output', input: `late ${uniq()}`, output: 'o', trace_id: traceId });
    expect(late.status).toBe(409);
    expect(['trace_sealing', 'trace_sealed']).toContain(late.body.error);
    const sealed = await until(async () => {
      const g = await call(s, 'GET', `/v1/traces/${traceId}`, { key });
      return g.body?.status === 'sealed' ? g.body : null;
    });
    expect(sealed.item_count).toBe(1);
    const after = await attest({
      attestation_type: 'output',
      input: `after ${uniq()}`,
      output: 'o',
      trace_id: traceId,
    });
    expect([after.status, after.body.error]).toEqual([409, 'trace_sealed']);
  });
});
