// Covers the one row check of every record kind (src/records/check.ts): rebuilt bytes, content hashes, stored copy, published key, signature.
import { describe, expect, it } from 'bun:test';
import { canonicalBytes } from '../../src/crypto/canonical';
import { generateSigningKey, privateKeyObject, signBytes } from '../../src/crypto/ed25519';
import { keyIdOf } from '../../src/verify/records';
import { nodeSha256 } from '../../src/verify/node-primitives';
import { aiSignedPayload, documentSignedPayload } from '../../src/crypto/signed';
import { aiPayloadHashOf, metadataHashOf, valueHashOf } from '../../src/verify/recompute';
import { aiAttestationKind } from '../../src/ai/kind';
import type { AiRow } from '../../src/ai/service';
import { documentAnchorKind } from '../../src/documents/kind';
import type { DocumentRow } from '../../src/documents/service';
import { checkRow, rebuildRow } from '../../src/records/check';

const TENANT = '0190f5a2-0000-7000-8000-000000000001';
const pair = generateSigningKey();
const key = privateKeyObject(pair.seed);
const keyId = keyIdOf(nodeSha256, pair.publicKey);
const published = (tenantId: string, id: string) => (tenantId === TENANT && id === keyId ? pair.publicKey : undefined);

function aiRow(): AiRow {
  const fields = {
    attestation_id: '0190f5a2-0000-7000-8000-0000000000a1',
    tenant_id: TENANT,
    attestation_type: 'generation',
    created_at: '2026-01-02T03:04:05.000Z',
    input_hash: valueHashOf('prompt'),
    output_hash: valueHashOf('answer'),
    model_provider: 'acme',
    model_name: 'm',
    model_version: '1',
    subject: null,
  };
  const payload_hash = aiPayloadHashOf(fields);
  const signed_bytes = Buffer.from(canonicalBytes(aiSignedPayload({ ...fields, payload_hash })));
  return {
    v: 1,
    ...fields,
    payload_hash,
    api_key_id: 'k',
    trace_id: null,
    input: 'prompt',
    output: 'answer',
    key_id: keyId,
    public_key: pair.publicKey,
    signature: signBytes(key, signed_bytes),
    signed_bytes,
    leaf_index: 3,
  };
}

function documentRow(): DocumentRow {
  const fields = {
    event_id: '0190f5a2-0000-7000-8000-0000000000d1',
    tenant_id: TENANT,
    document_hash: 'ab'.repeat(32),
    document_ref: 'contract.pdf',
    created_at: '2026-01-02T03:04:05.000Z',
  };
  const metadata = { client: 'x' };
  const metadata_hash = metadataHashOf(metadata);
  const signed_bytes = Buffer.from(canonicalBytes(documentSignedPayload({ ...fields, metadata_hash })));
  return {
    v: 1,
    ...fields,
    api_key_id: 'k',
    metadata,
    metadata_hash,
    has_original_bytes: false,
    trace_id: null,
    key_id: keyId,
    public_key: pair.publicKey,
    signature: signBytes(key, signed_bytes),
    signed_bytes,
  };
}

describe('checkRow', () => {
  it('passes an untouched AI attestation and a document anchor', () => {
    for (const [kind, row] of [
      [aiAttestationKind, aiRow()],
      [documentAnchorKind, documentRow()],
    ] as const) {
      const c = checkRow(kind as typeof aiAttestationKind, row as AiRow, published);
      expect(c).toMatchObject({ bytesOk: true, contentOk: true, keyKnown: true, signatureOk: true, valid: true });
    }
  });

  it('fails the content check when stored AI plaintext no longer hashes to input_hash, the signature still holding', () => {
    const row = { ...aiRow(), input: 'altered prompt' };
    expect(checkRow(aiAttestationKind, row, published)).toMatchObject({
      contentOk: false,
      signatureOk: true,
      valid: false,
    });
  });

  it('fails the signature when a signed column changed, and the stored copy no longer equals the rebuilt bytes', () => {
    const row = { ...documentRow(), document_ref: 'other.pdf' };
    expect(checkRow(documentAnchorKind, row, published)).toMatchObject({
      bytesOk: false,
      signatureOk: false,
      valid: false,
    });
  });

  it('fails the content check when document metadata changed under its metadata_hash', () => {
    const row = { ...documentRow(), metadata: { client: 'y' } };
    expect(checkRow(documentAnchorKind, row, published)).toMatchObject({ contentOk: false, valid: false });
  });

  it('never trusts a key copied on the row: an unpublished key_id is key unknown, another key signature invalid', () => {
    expect(checkRow(aiAttestationKind, { ...aiRow(), key_id: 'ffffffffffffffff' }, published)).toMatchObject({
      keyKnown: false,
      signatureOk: false,
      valid: false,
    });
    const other = generateSigningKey();
    const row = aiRow();
    const forged = {
      ...row,
      public_key: other.publicKey,
      signature: signBytes(privateKeyObject(other.seed), row.signed_bytes),
    };
    expect(checkRow(aiAttestationKind, forged, published)).toMatchObject({
      keyKnown: true,
      signatureOk: false,
      valid: false,
    });
  });

  it('reports no bytes when a column no longer parses, instead of throwing', () => {
    const broken = {
      ...aiAttestationKind,
      signedBytes: () => {
        throw new SyntaxError('column');
      },
    };
    expect(rebuildRow(broken, aiRow())).toEqual({ bytes: null, contentOk: false });
    expect(checkRow(broken, aiRow(), published)).toMatchObject({
      bytes: null,
      bytesOk: false,
      signatureOk: false,
      valid: false,
    });
  });
});
