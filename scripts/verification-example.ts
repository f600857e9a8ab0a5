// Builds the worked examples of docs/verification.md from fixed seeds: an event proof, a three-item trace bundle and a signed key record.
// Ed25519 signatures are deterministic (RFC 8032), so the same seeds always give the same bytes.
// Usage: bun scripts/verification-example.ts [--write]   (--write refreshes docs/examples/*.json)
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { canonicalJson } from '../src/crypto/canonical';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

/** An Ed25519 key from a 32-byte seed given as hex. */
function keyFromSeed(seedHex: string) {
  const priv = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, Buffer.from(seedHex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  const pub = createPublicKey(priv).export({ format: 'der', type: 'spki' }).subarray(12);
  return {
    priv,
    publicHex: pub.toString('hex'),
    publicB64u: pub.toString('base64url'),
    keyId: sha256(pub).slice(0, 16),
  };
}

export const TENANT_SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
export const PLATFORM_SEED = '202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f';
const TENANT_ID = '01932f6e-9a10-7c4d-8e21-5b3f7a9c0d11';
const DOMAIN = 'acme.example';
const organization = {
  name: 'Acme',
  issuer_name: 'Acme Corp',
  primary_domain: DOMAIN,
  domain_verified: true,
  domain_verified_at: '2025-01-02T10:00:00.000Z',
};

function signedFields(key: ReturnType<typeof keyFromSeed>, obj: unknown) {
  const bytes = Buffer.from(canonicalJson(obj), 'utf8');
  return {
    key_id: key.keyId,
    public_key: key.publicHex,
    signature: sign(null, bytes, key.priv).toString('hex'),
    signed_payload: bytes.toString('hex'),
  };
}

/** Every intermediate value of the event example, in the order the document explains them. */
export function eventExample() {
  const key = keyFromSeed(TENANT_SEED);
  const payload = { order_id: 'A-1001', customer: 'Zoë', amount: 12.5, items: [{ sku: 'X1', qty: 2 }] };
  const canonicalPayload = canonicalJson(payload);
  const payload_hash = sha256(canonicalPayload);
  const event_id = '01932f6e-9a11-7b2e-9f00-3c4d5e6f7a81';
  const ingested_at = '2025-01-15T09:30:00.123Z';
  const envelope = {
    v: 1,
    event_id,
    tenant_id: TENANT_ID,
    api_key_id: '0b9f3c1e-2d4a-4f6b-8c7d-9e0f1a2b3c4d',
    user_id: null,
    ingested_at,
    event_type: 'order.paid',
    event_time: null,
    payload,
    idempotency_key: null,
    payload_hash,
  };
  const request_hash = sha256(canonicalJson(envelope));
  const signedObject = {
    v: 1,
    event_id,
    tenant_id: TENANT_ID,
    event_type: 'order.paid',
    payload_hash,
    request_hash,
    ingested_at,
  };
  const signed = signedFields(key, signedObject);
  const proof = {
    event_id,
    algorithm: 'ed25519',
    ...signed,
    payload_hash,
    ingested_at,
    signature_valid: true,
    organization,
  };
  return { key, payload, canonicalPayload, payload_hash, request_hash, signedText: canonicalJson(signedObject), proof };
}

/** A sealed trace of an event, an AI attestation and a document anchor. */
export function bundleExample() {
  const key = keyFromSeed(TENANT_SEED);
  const trace_id = '01932f6e-9a20-7aaa-8bbb-0c0d0e0f1011';
  const t = (s: number) => `2025-01-15T10:00:0${s}.000Z`;
  const ev = { invoice: 'INV-7', total: 99 };
  const evHash = sha256(canonicalJson(ev));
  const evSigned = {
    v: 1,
    event_id: '01932f6e-9a21-7000-8000-000000000001',
    tenant_id: TENANT_ID,
    event_type: 'invoice.issued',
    payload_hash: evHash,
    request_hash: sha256('example request 1'),
    ingested_at: t(1),
  };
  const ai = {
    attestation_type: 'approval',
    input_hash: sha256('Approve invoice INV-7?'),
    output_hash: sha256('Approved'),
    model_provider: 'acme-ai',
    model_name: 'reviewer',
    model_version: '3',
    subject: { approver_id: 'u-42' },
  };
  const aiHash = sha256(canonicalJson({ v: 1, ...ai }));
  const aiSigned = {
    v: 1,
    attestation_id: '01932f6e-9a21-7000-8000-000000000002',
    tenant_id: TENANT_ID,
    attestation_type: ai.attestation_type,
    payload_hash: aiHash,
    input_hash: ai.input_hash,
    output_hash: ai.output_hash,
    created_at: t(2),
  };
  const docMeta = { pages: 3 };
  const docHash = sha256('%PDF-1.7 example invoice');
  const docSigned = {
    v: 1,
    event_id: '01932f6e-9a21-7000-8000-000000000003',
    tenant_id: TENANT_ID,
    document_hash: docHash,
    document_ref: 'INV-7.pdf',
    metadata_hash: sha256(canonicalJson(docMeta)),
    created_at: t(3),
  };
  const v = { content_hash_valid: true, signature_valid: true };
  const items = [
    {
      sequence: 1,
      timestamp: t(1),
      type: 'event',
      id: evSigned.event_id,
      payload: ev,
      content_hash: evHash,
      ...signedFields(key, evSigned),
      verification: v,
    },
    {
      sequence: 2,
      timestamp: t(2),
      type: 'ai_attestation',
      id: aiSigned.attestation_id,
      payload: { ...ai, payload_hash: aiHash },
      content_hash: aiHash,
      ...signedFields(key, aiSigned),
      verification: v,
    },
    {
      sequence: 3,
      timestamp: t(3),
      type: 'document',
      id: docSigned.event_id,
      payload: { document_hash: docHash, document_ref: 'INV-7.pdf', metadata: docMeta },
      content_hash: docHash,
      ...signedFields(key, docSigned),
      verification: v,
    },
  ];
  const concatenated = Buffer.concat(items.map((i) => Buffer.from(i.content_hash, 'hex')));
  const composite_hash = sha256(concatenated);
  const sealed_at = '2025-01-15T10:00:05.000Z';
  const metadata = { period: '2025-01' };
  const sealPayload = { trace_id, composite_hash, item_count: 3, metadata, sealed_at };
  const sealSigned = {
    v: 1,
    event_id: '01932f6e-9a22-7000-8000-0000000000ff',
    tenant_id: TENANT_ID,
    event_type: 'trace.sealed',
    payload_hash: sha256(canonicalJson(sealPayload)),
    request_hash: sha256('example seal request'),
    ingested_at: sealed_at,
  };
  const bundle = {
    bundle_version: 1,
    header: {
      label: 'Invoice INV-7 approval',
      tenant_domain: DOMAIN,
      domain_verified: true,
      trace_id,
      created_at: '2025-01-15T10:00:00.000Z',
      sealed_at,
      item_count: 3,
      composite_hash,
      metadata,
    },
    items,
    seal: {
      sealed_at,
      seal_event_id: sealSigned.event_id,
      composite_hash,
      ...signedFields(key, sealSigned),
      item_count: 3,
      count_confirmed: true,
      composite_hash_valid: true,
      all_signatures_valid: true,
    },
    footer: {
      verification_url: `https://proof.acme.example/proof/trace/${trace_id}`,
      public_key_url: `https://proof.acme.example/keys/${DOMAIN}`,
    },
  };
  return {
    concatenatedHex: concatenated.toString('hex'),
    composite_hash,
    sealPayloadText: canonicalJson(sealPayload),
    bundle,
  };
}

/** GET /keys/{domain} and the platform key, as the appliance serves them (docs/verification.md#8-where-the-keys-come-from). */
export function keysExample() {
  const tenant = keyFromSeed(TENANT_SEED);
  const platform = keyFromSeed(PLATFORM_SEED);
  const record = { domain: DOMAIN, public_key: tenant.publicB64u, key_id: tenant.keyId };
  const platform_signature = sign(null, Buffer.from(canonicalJson(record)), platform.priv).toString('hex');
  const k = {
    key_id: tenant.keyId,
    public_key: tenant.publicB64u,
    algorithm: 'ed25519',
    valid_from: '2025-01-01T00:00:00.000Z',
    valid_until: null,
    platform_signature,
  };
  return {
    recordText: canonicalJson(record),
    keys: {
      domain: DOMAIN,
      public_key: tenant.publicB64u,
      algorithm: 'ed25519',
      key_id: tenant.keyId,
      platform_signature,
      domain_verified: true,
      issuer_name: 'Acme Corp',
      keys: [k],
    },
    platformKey: {
      algorithm: 'ed25519',
      public_key: platform.publicB64u,
      key_id: platform.keyId,
      created_at: '2025-01-01T00:00:00.000Z',
    },
  };
}

if (import.meta.main) {
  const e = eventExample();
  const b = bundleExample();
  const k = keysExample();
  const show = (name: string, v: unknown) =>
    console.log(`${name}:\n${typeof v === 'string' ? v : JSON.stringify(v, null, 2)}\n`);
  show('tenant public key (hex)', e.key.publicHex);
  show('tenant key_id', e.key.keyId);
  show('canonical payload', e.canonicalPayload);
  show('canonical payload (hex)', Buffer.from(e.canonicalPayload).toString('hex'));
  show('payload_hash', e.payload_hash);
  show('request_hash', e.request_hash);
  show('signed text', e.signedText);
  show('signed_payload (hex)', e.proof.signed_payload);
  show('signature', e.proof.signature);
  show('composite input (hex)', b.concatenatedHex);
  show('composite_hash', b.composite_hash);
  show('seal payload', b.sealPayloadText);
  show('key record', k.recordText);
  show('platform public key', k.platformKey);
  show('platform_signature', k.keys.platform_signature);
  if (process.argv.includes('--write')) {
    const out = resolve(import.meta.dir, '../docs/examples');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'event-proof.json'), JSON.stringify(e.proof, null, 2) + '\n');
    writeFileSync(join(out, 'trace-bundle.json'), JSON.stringify(b.bundle, null, 2) + '\n');
    writeFileSync(join(out, 'keys-acme.example.json'), JSON.stringify(k.keys, null, 2) + '\n');
    writeFileSync(join(out, 'platform-key.json'), JSON.stringify(k.platformKey, null, 2) + '\n');
    console.log(`wrote ${out}`);
  }
}
