// Document reads, verify (keyed and public), the public proof, and documents as trace items.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { randomBytes, verify } from 'node:crypto';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, sha, pubKey, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let key: string;
let tenantId: string;
let publicKeyHex: string;
const dir = tempDir();
const ZERO_ID = '01a203bd-4122-7381-89b1-e368180a5208';

const file = randomBytes(2048);
const metadata = { department: 'legal', secret_note: `METADATA-MARKER-${Date.now()}` };
let anchored: any;

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  const t = await newTenant(dir, 'docproof.test', 'read,write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
  publicKeyHex = t.publicKeyHex;
  const r = await call(s, 'POST', '/v1/document/anchor', {
    key,
    body: { document_hash: sha(file), document_ref: 'NDA – ÄÖ.pdf', metadata },
  });
  expect(r.status).toBe(201);
  anchored = r.body;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('POST /v1/document/{event_id}/verify', () => {
  const verifyDoc = (body: unknown, k = key, id = anchored.event_id) =>
    call(s, 'POST', `/v1/document/${id}/verify`, { key: k, body });

  it('answers the documented verify result for a match and for a mismatch', async () => {
    const r = await verifyDoc({ document_hash: sha(file) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      event_id: anchored.event_id,
      match_result: true,
      document_ref: 'NDA – ÄÖ.pdf',
      anchored_hash: sha(file),
      submitted_hash: sha(file),
      anchored_at: anchored.created_at,
      organization: {
        name: 'docproof.test',
        issuer_name: 'docproof.test',
        primary_domain: 'docproof.test',
        domain_verified: false,
      },
    });
    const other = sha('another file');
    const m = await verifyDoc({ document_hash: other });
    expect(m.body).toMatchObject({ match_result: false, anchored_hash: sha(file), submitted_hash: other });
  });

  it('accepts a read-only or a write-only key, and answers the error codes', async () => {
    const keyWith = async (scopes: string) =>
      (await cli(dir, 'key', 'create', '--tenant', tenantId, '--name', scopes, '--scopes', scopes)).json
        .api_key as string;
    expect((await verifyDoc({ document_hash: sha(file) }, await keyWith('read'))).body.match_result).toBe(true);
    expect((await verifyDoc({ document_hash: sha(file) }, await keyWith('write'))).body.match_result).toBe(true);
    expect((await verifyDoc({ document_hash: sha(file) }, await keyWith('audit:read'))).body.error).toBe(
      'insufficient_scope',
    );
    // A key of another tenant cannot see this anchor.
    const stranger = await newTenant(dir, 'docproof-r.test', 'read', 'enterprise');
    expect((await verifyDoc({ document_hash: sha(file) }, stranger.key)).body.error).toBe('document_not_found');
    expect((await verifyDoc({ document_hash: 'xyz' })).body.error).toBe('invalid_document_hash');
    expect((await verifyDoc({})).body.error).toBe('invalid_document_hash');
    const bad = await verifyDoc({ document_hash: sha(file) }, key, 'not-a-uuid');
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_path_parameter']);
    const none = await verifyDoc({ document_hash: sha(file) }, key, ZERO_ID);
    expect([none.status, none.body.error]).toEqual([404, 'document_not_found']);
    const late = await newTenant(dir, 'docproof-late.test', 'read', 'enterprise');
    expect((await cli(dir, 'tenant', 'set-past-due', late.tenantId, 'on')).code).toBe(0);
    const pay = await verifyDoc({ document_hash: sha(file) }, late.key);
    expect([pay.status, pay.body.error]).toEqual([402, 'payment_required']);
  });
});

describe('GET /v1/document/{event_id}', () => {
  it('answers document_not_found, invalid_path_parameter and insufficient_scope', async () => {
    const none = await call(s, 'GET', `/v1/document/${ZERO_ID}`, { key });
    expect([none.status, none.body.error]).toEqual([404, 'document_not_found']);
    expect((await call(s, 'GET', '/v1/document/xyz', { key })).body.error).toBe('invalid_path_parameter');
    const writer = await newTenant(dir, 'docproof-w2.test', 'write', 'enterprise');
    expect((await call(s, 'GET', `/v1/document/${anchored.event_id}`, { key: writer.key })).body.error).toBe(
      'insufficient_scope',
    );
    expect((await call(s, 'GET', `/v1/document/${anchored.event_id}/original`, { key: writer.key })).body.error).toBe(
      'insufficient_scope',
    );
  });
});

describe('GET /v1/proof/document/{event_id} (public)', () => {
  it('returns the anchor with hex key material, never the metadata', async () => {
    const r = await call(s, 'GET', `/v1/proof/document/${anchored.event_id}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      'algorithm',
      'created_at',
      'document_hash',
      'document_ref',
      'event_id',
      'key_id',
      'log',
      'organization',
      'public_key',
      'signature',
      'signature_valid',
      'signed_payload',
    ]);
    expect(r.body).toMatchObject({
      event_id: anchored.event_id,
      document_hash: sha(file),
      document_ref: 'NDA – ÄÖ.pdf',
      created_at: anchored.created_at,
      algorithm: 'ed25519',
      public_key: publicKeyHex,
      signature_valid: true,
    });
    expect(r.body.key_id).toBe(sha(Buffer.from(publicKeyHex, 'hex')).slice(0, 16));
    expect(r.text).not.toContain(metadata.secret_note);
  });

  it('signs the documented payload, rebuilt and verified here with node:crypto', async () => {
    const p = (await call(s, 'GET', `/v1/proof/document/${anchored.event_id}`)).body;
    const expected = canonicalJson({
      v: 1,
      event_id: anchored.event_id,
      tenant_id: tenantId,
      document_hash: sha(file),
      document_ref: 'NDA – ÄÖ.pdf',
      metadata_hash: sha(canonicalJson(metadata)),
      created_at: anchored.created_at,
    });
    const signed = Buffer.from(p.signed_payload, 'hex');
    expect(signed.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(verify(null, signed, pubKey(publicKeyHex), Buffer.from(p.signature, 'hex'))).toBe(true);
    const forged = Buffer.from(expected.replace(sha(file), sha('forged')));
    expect(verify(null, forged, pubKey(publicKeyHex), Buffer.from(p.signature, 'hex'))).toBe(false);
    // The GET signature is the same one.
    const g = (await call(s, 'GET', `/v1/document/${anchored.event_id}`, { key })).body;
    expect(g.signature).toBe(p.signature);
  });

  it('signs metadata_hash and document_ref as null when they were not sent', async () => {
    const h = sha(randomBytes(8));
    const a = (await call(s, 'POST', '/v1/document/anchor', { key, body: { document_hash: h } })).body;
    const p = (await call(s, 'GET', `/v1/proof/document/${a.event_id}`)).body;
    const expected = canonicalJson({
      v: 1,
      event_id: a.event_id,
      tenant_id: tenantId,
      document_hash: h,
      document_ref: null,
      metadata_hash: null,
      created_at: a.created_at,
    });
    expect(Buffer.from(p.signed_payload, 'hex').toString('utf8')).toBe(expected);
    expect(verify(null, Buffer.from(expected), pubKey(p.public_key), Buffer.from(p.signature, 'hex'))).toBe(true);
    expect(p.document_ref).toBeNull();
  });

  it('answers proof_not_found and invalid_path_parameter', async () => {
    const none = await call(s, 'GET', `/v1/proof/document/${ZERO_ID}`);
    expect([none.status, none.body.error]).toEqual([404, 'proof_not_found']);
    expect((await call(s, 'GET', '/v1/proof/document/nope')).body.error).toBe('invalid_path_parameter');
  });
});

describe('POST /v1/proof/document/{event_id}/verify (public)', () => {
  it('compares a submitted hash without a key', async () => {
    const ok = await call(s, 'POST', `/v1/proof/document/${anchored.event_id}/verify`, {
      body: { document_hash: sha(file) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      event_id: anchored.event_id,
      match_result: true,
      anchored_hash: sha(file),
      submitted_hash: sha(file),
      anchored_at: anchored.created_at,
      document_ref: 'NDA – ÄÖ.pdf',
    });
    expect(ok.body.organization.issuer_name).toBe('docproof.test');
    const no = await call(s, 'POST', `/v1/proof/document/${anchored.event_id}/verify`, {
      body: { document_hash: sha('x') },
    });
    expect(no.body.match_result).toBe(false);
    const bad = await call(s, 'POST', `/v1/proof/document/${anchored.event_id}/verify`, {
      body: { document_hash: 'zz' },
    });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_document_hash']);
    const none = await call(s, 'POST', `/v1/proof/document/${ZERO_ID}/verify`, { body: { document_hash: sha(file) } });
    expect([none.status, none.body.error]).toEqual([404, 'proof_not_found']);
  });
});

describe('documents in traces', () => {
  it('attaches an anchor to an open trace with document_hash as its content hash', async () => {
    const tr = await call(s, 'POST', '/v1/traces', { key, body: { label: `docs-${Date.now()}` } });
    const traceId = tr.body.trace_id;
    const h = sha(randomBytes(8));
    const a = await call(s, 'POST', '/v1/document/anchor', {
      key,
      body: { document_hash: h, metadata: { a: 1 }, trace_id: traceId },
    });
    expect(a.status).toBe(201);
    expect((await call(s, 'GET', `/v1/document/${a.body.event_id}`, { key })).body.trace_id).toBe(traceId);
    expect((await call(s, 'POST', `/v1/traces/${traceId}/seal`, { key })).status).toBe(202);
    await until(async () => (await call(s, 'GET', `/v1/traces/${traceId}`, { key })).body?.status === 'sealed');
    const b = await call(s, 'GET', `/v1/traces/${traceId}/proof`, { key });
    expect(b.status).toBe(200);
    expect(b.body.items).toHaveLength(1);
    expect(b.body.items[0]).toMatchObject({
      type: 'document',
      id: a.body.event_id,
      content_hash: h,
      timestamp: a.body.created_at,
    });
    expect(b.body.header.composite_hash).toBe(sha(Buffer.from(h, 'hex')));
    const late = await call(s, 'POST', '/v1/document/anchor', {
      key,
      body: { document_hash: sha(randomBytes(8)), trace_id: traceId },
    });
    expect([late.status, late.body.error]).toEqual([409, 'trace_sealed']);
  });
});
