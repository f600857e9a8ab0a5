// Test fixtures: real event proofs, AI proofs and trace bundles signed with node:crypto, in the documented JSON formats.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../src/crypto/canonical';
import type { AiProof, BundleItem, EventProof, ProofBundle } from '../../src/proof-format/documents';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export type Signer = { key: KeyObject; publicHex: string; keyId: string };
export function newSigner(): Signer {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  return { key: privateKey, publicHex: raw.toString('hex'), keyId: sha(raw).slice(0, 16) };
}

/** Signs canonical(obj): returns the hex fields a proof carries. */
function signed(s: Signer, obj: unknown) {
  const bytes = Buffer.from(canonicalJson(obj), 'utf8');
  return {
    key_id: s.keyId,
    public_key: s.publicHex,
    signature: sign(null, bytes, s.key).toString('hex'),
    signed_payload: bytes.toString('hex'),
  };
}

const TENANT = '0190a4b2-7c1e-7d3a-9f00-000000000001';
const org = { name: 'Acme', issuer_name: 'Acme Corp', primary_domain: 'acme.example', domain_verified: true };
const at = (ms: number) => new Date(Date.UTC(2025, 0, 15, 9, 0, 0) + ms).toISOString();
const id = (n: number) => `0190a4b2-7c1e-7d3a-9f00-${String(n).padStart(12, '0')}`;

export function eventProof(s: Signer, payload: unknown = { order: 42, note: 'shipped' }): EventProof {
  const payload_hash = sha(canonicalJson(payload));
  const sp = {
    v: 1,
    event_id: id(900),
    tenant_id: TENANT,
    event_type: 'order.shipped',
    payload_hash,
    request_hash: sha('req'),
    ingested_at: at(0),
  };
  return {
    event_id: sp.event_id,
    algorithm: 'ed25519',
    ...signed(s, sp),
    payload_hash,
    ingested_at: sp.ingested_at,
    signature_valid: true,
    organization: org,
  };
}

const aiRecord = (n: number) => ({
  attestation_type: 'decision',
  input_hash: sha(`prompt ${n}`),
  output_hash: sha(`answer ${n}`),
  model_provider: 'openai',
  model_name: 'gpt-x',
  model_version: '2025-01',
  subject: { user_id: `u${n}`, step: n },
});
const aiPayloadHash = (r: ReturnType<typeof aiRecord>) => sha(canonicalJson({ v: 1, ...r }));

export function aiProof(s: Signer): AiProof {
  const r = aiRecord(7);
  const payload_hash = aiPayloadHash(r);
  const sp = {
    v: 1,
    attestation_id: id(901),
    tenant_id: TENANT,
    attestation_type: r.attestation_type,
    payload_hash,
    input_hash: r.input_hash,
    output_hash: r.output_hash,
    created_at: at(5),
  };
  const { subject: _s, ...rest } = r;
  return {
    attestation_id: sp.attestation_id,
    record: { ...rest, payload_hash, created_at: sp.created_at },
    algorithm: 'ed25519',
    ...signed(s, sp),
    verification: { signature_valid: true, payload_hash_valid: true },
    organization: org,
  };
}

/** A sealed trace bundle of `n` items cycling event, ai_attestation, document (payloads optionally large). */
export function traceBundle(
  s: Signer,
  n = 6,
  opts: { bigPayloads?: boolean; url?: string; metadata?: unknown } = {},
): ProofBundle {
  const items: BundleItem[] = [];
  for (let i = 0; i < n; i++) {
    const ts = at(1000 + i * 10);
    const kind = i % 3;
    if (kind === 0) {
      const payload = opts.bigPayloads
        ? {
            order_id: `ORD-${i}`,
            customer: {
              name: 'Jane Müller',
              email: 'jane@example.com',
              address: '1 Long Street, Springfield, a rather long address line that must wrap inside the box',
            },
            lines: [
              { sku: 'X-1', qty: 2, price: 19.99 },
              { sku: 'Y-2', qty: 1, price: 5 },
            ],
            blob: 'ab'.repeat(150),
            note: '日本語 and emoji 🚀',
          }
        : { order_id: `ORD-${i}`, amount: 100 + i, currency: 'EUR' };
      const payload_hash = sha(canonicalJson(payload));
      const sp = {
        v: 1,
        event_id: id(i + 1),
        tenant_id: TENANT,
        event_type: 'order.created',
        payload_hash,
        request_hash: sha(`r${i}`),
        ingested_at: ts,
      };
      items.push({
        sequence: i + 1,
        timestamp: ts,
        type: 'event',
        id: sp.event_id,
        payload,
        content_hash: payload_hash,
        ...signed(s, sp),
        verification: { content_hash_valid: true, signature_valid: true },
      });
    } else if (kind === 1) {
      const r = aiRecord(i);
      const payload_hash = aiPayloadHash(r);
      const sp = {
        v: 1,
        attestation_id: id(i + 1),
        tenant_id: TENANT,
        attestation_type: r.attestation_type,
        payload_hash,
        input_hash: r.input_hash,
        output_hash: r.output_hash,
        created_at: ts,
      };
      items.push({
        sequence: i + 1,
        timestamp: ts,
        type: 'ai_attestation',
        id: sp.attestation_id,
        payload: { ...r, payload_hash },
        content_hash: payload_hash,
        ...signed(s, sp),
        verification: { content_hash_valid: true, signature_valid: true },
      });
    } else {
      const metadata = { department: 'legal', pages: 12 };
      const document_hash = sha(`document ${i}`);
      const sp = {
        v: 1,
        event_id: id(i + 1),
        tenant_id: TENANT,
        document_hash,
        document_ref: `contract-${i}.pdf`,
        metadata_hash: sha(canonicalJson(metadata)),
        created_at: ts,
      };
      items.push({
        sequence: i + 1,
        timestamp: ts,
        type: 'document',
        id: sp.event_id,
        payload: { document_hash, document_ref: sp.document_ref, metadata },
        content_hash: document_hash,
        ...signed(s, sp),
        verification: { content_hash_valid: true, signature_valid: true },
      });
    }
  }
  const composite = createHash('sha256')
    .update(Buffer.concat(items.map((it) => Buffer.from(it.content_hash, 'hex'))))
    .digest('hex');
  const traceId = '0190a4b2-7c1e-7d3a-9f00-00000000abcd';
  const sealedAt = at(1000 + n * 10 + 500);
  const metadata = opts.metadata ?? null;
  const sealPayload = { trace_id: traceId, composite_hash: composite, item_count: n, metadata, sealed_at: sealedAt };
  const sealSp = {
    v: 1,
    event_id: id(999),
    tenant_id: TENANT,
    event_type: 'trace.sealed',
    payload_hash: sha(canonicalJson(sealPayload)),
    request_hash: sha('seal'),
    ingested_at: sealedAt,
  };
  const url = opts.url ?? `https://proof.acme.example/proof/trace/${traceId}`;
  return {
    bundle_version: 1,
    header: {
      label: 'Quarter-end close Q4 2024',
      tenant_domain: 'acme.example',
      domain_verified: true,
      trace_id: traceId,
      created_at: at(0),
      sealed_at: sealedAt,
      item_count: n,
      composite_hash: composite,
    },
    items,
    seal: {
      sealed_at: sealedAt,
      seal_event_id: sealSp.event_id,
      composite_hash: composite,
      ...signed(s, sealSp),
      item_count: n,
      count_confirmed: true,
      composite_hash_valid: true,
      all_signatures_valid: true,
    },
    footer: { verification_url: url, public_key_url: 'https://proof.acme.example/keys/acme.example' },
  };
}

export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
