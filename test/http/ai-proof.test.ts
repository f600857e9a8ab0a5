// The public AI attestation proof and its verify route: signed fields, hashes and per-IP limits, no key needed.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, sha, pubKey, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let key: string;
let tenantId: string;
let publicKeyHex: string;
const dir = tempDir();

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  const t = await newTenant(dir, 'ai-proof.test', 'read,write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
  publicKeyHex = t.publicKeyHex;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

const input = `Summarise the contract ${Date.now()}`;
const output = { summary: 'Net 30', clauses: ['a', 'b'] };
let created: any;
const proof = async () =>
  until(async () => {
    const r = await call(s, 'GET', `/v1/proof/ai/${created.attestation_id}`);
    return r.status === 200 ? r : null;
  });

describe('GET /v1/proof/ai/{id} (public)', () => {
  beforeAll(async () => {
    const r = await call(s, 'POST', '/v1/ai/attestations', {
      key,
      body: {
        attestation_type: 'output',
        input,
        output,
        model_provider: 'acme',
        model_name: 'm1',
        subject: { session_id: 's-9' },
      },
    });
    expect(r.status).toBe(201);
    created = r.body;
  });

  it('returns the hash-only record, hex key material and server-side checks, without a key', async () => {
    const p = (await proof()).body;
    expect(Object.keys(p).sort()).toEqual([
      'algorithm',
      'attestation_id',
      'key_id',
      'log',
      'organization',
      'public_key',
      'record',
      'signature',
      'signed_payload',
      'verification',
    ]);
    expect(p.record).toEqual({
      attestation_type: 'output',
      input_hash: sha(input),
      output_hash: sha(canonicalJson(output)),
      payload_hash: created.payload_hash,
      model_provider: 'acme',
      model_name: 'm1',
      model_version: null,
      created_at: created.created_at,
    });
    expect(p.algorithm).toBe('ed25519');
    expect(p.public_key).toBe(publicKeyHex);
    expect(p.key_id).toBe(sha(Buffer.from(publicKeyHex, 'hex')).slice(0, 16));
    expect(p.verification).toEqual({ signature_valid: true, payload_hash_valid: true });
    expect(p.organization).toMatchObject({
      name: 'ai-proof.test',
      issuer_name: 'ai-proof.test',
      primary_domain: 'ai-proof.test',
      domain_verified: false,
    });
    expect(JSON.stringify(p)).not.toContain(input);
  });

  it('signs exactly the documented payload, verified here with node:crypto', async () => {
    const p = (await proof()).body;
    const expected = canonicalJson({
      v: 1,
      attestation_id: created.attestation_id,
      tenant_id: tenantId,
      attestation_type: 'output',
      payload_hash: created.payload_hash,
      input_hash: sha(input),
      output_hash: sha(canonicalJson(output)),
      created_at: created.created_at,
    });
    expect(Buffer.from(p.signed_payload, 'hex').toString('utf8')).toBe(expected);
    expect(verify(null, Buffer.from(expected), pubKey(publicKeyHex), Buffer.from(p.signature, 'hex'))).toBe(true);
    // One changed byte in the signed payload no longer verifies.
    const tampered = Buffer.from(expected.replace('"output"', '"decision"'));
    expect(verify(null, tampered, pubKey(publicKeyHex), Buffer.from(p.signature, 'hex'))).toBe(false);
    // payload_hash recomputed from the record fields (subject included) by the test.
    const ph = sha(
      canonicalJson({
        v: 1,
        attestation_type: 'output',
        input_hash: sha(input),
        output_hash: sha(canonicalJson(output)),
        model_provider: 'acme',
        model_name: 'm1',
        model_version: null,
        subject: { session_id: 's-9' },
      }),
    );
    expect(p.record.payload_hash).toBe(ph);
  });

  it('is accepted by the offline `svc verify`, which rejects it once a signed hash is changed', async () => {
    const p = (await proof()).body;
    const good = join(dir, 'ai-proof.json');
    writeFileSync(good, JSON.stringify(p));
    const ok = await cli(dir, 'verify', good);
    expect([ok.code, ok.json?.kind, ok.json?.valid]).toEqual([0, 'ai_proof', true]);
    const bad = join(dir, 'ai-proof-bad.json');
    writeFileSync(bad, JSON.stringify({ ...p, record: { ...p.record, output_hash: sha('forged') } }));
    const ko = await cli(dir, 'verify', bad);
    expect([ko.code, ko.json?.valid]).toEqual([1, false]);
  });

  it('answers 404 proof_not_found for an unknown id and 400 invalid_path_parameter for a malformed one', async () => {
    const missing = await call(s, 'GET', '/v1/proof/ai/01a203bd-4122-7381-89b1-e368180a5208');
    expect([missing.status, missing.body.error]).toEqual([404, 'proof_not_found']);
    const bad = await call(s, 'GET', '/v1/proof/ai/nope');
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_path_parameter']);
  });
});

describe('POST /v1/proof/ai/{id}/verify (public)', () => {
  const check = (content_hash: unknown) =>
    call(s, 'POST', `/v1/proof/ai/${created.attestation_id}/verify`, { body: { content_hash } });

  it('names the field a content hash matches, with the signer and signing time', async () => {
    await proof();
    const inputMatch = await check(sha(input));
    expect(inputMatch.status).toBe(200);
    expect(inputMatch.body).toMatchObject({
      match: true,
      matched_field: 'input_hash',
      signature_valid: true,
      signed_by: 'ai-proof.test',
      signed_at: created.created_at,
    });
    expect((await check(sha(canonicalJson(output)))).body.matched_field).toBe('output_hash');
    expect((await check(created.payload_hash.toUpperCase())).body.matched_field).toBe('payload_hash');
    const none = await check(sha('something else'));
    expect(none.body).toMatchObject({ match: false, matched_field: null, signature_valid: true });
  });

  it('answers 400 bad_request for a content_hash that is not a SHA-256', async () => {
    for (const bad of ['abc', 'g'.repeat(64), 123, undefined]) {
      const r = await check(bad);
      expect([r.status, r.body.error]).toEqual([400, 'bad_request']);
    }
    const missing = await call(s, 'POST', '/v1/proof/ai/01a203bd-4122-7381-89b1-e368180a5208/verify', {
      body: { content_hash: sha('x') },
    });
    expect([missing.status, missing.body.error]).toEqual([404, 'proof_not_found']);
  });
});
