// Owns the trace proof bundle (docs/traces.md#the-proof-bundle): every item's record, content hash and signature recomputed when it is built.
import { ApiError } from '../errors';
import { publicUrl } from '../config';
import { canonicalBytes } from '../crypto/canonical';
import { verifyBytes } from '../crypto/ed25519';
import { sha256Hex } from '../crypto/hash';
import { logBlockFor } from '../tlog/index';
import type { BundleItem, ProofBundle } from '../proof-format/documents';
import { aiPayloadHashOf, compositeHashOf, metadataHashOf, sealPayloadOf, valueHashOf } from '../verify/recompute';
import { rebuildRow } from '../records/check';
import { recordTable, type BundleRecord, type KindName, type RecordKind } from '../records/table';
import { getTenant, issuerBlock, type TenantRow } from '../tenants/service';
import { pinnedPublicKey } from '../signing/keys';
import { traceItems, type TraceItemRef } from './items';
import { traceTenants, type TraceRow } from './repo';
import { findTrace, tracePathId } from './repo';
import { isPlainObject } from '../crypto/json-value';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The record table's kind of each trace item type. */
const KIND_OF: Record<TraceItemRef['type'], KindName> = {
  event: 'ledger_event',
  ai_attestation: 'ai_attestation',
  document: 'document_anchor',
};

/** The signed bytes parsed, when they are exactly the canonical signed payload of `kind`; null otherwise. */
function signedObject(kind: RecordKind<unknown>, bytes: Uint8Array): Record<string, any> | null {
  try {
    const o = JSON.parse(Buffer.from(bytes).toString('utf8'));
    if (!isPlainObject(o) || !kind.signedPayload) return null;
    return Buffer.from(canonicalBytes(kind.signedPayload(o))).equals(Buffer.from(bytes)) ? o : null;
  } catch {
    return null;
  }
}

/**
 * The content hash recomputed from the item's payload, and bound to its signed payload (docs/verification.md#7-trace-bundle:
 * event payload_hash, attestation payload_hash, document document_hash).
 */
function contentHashValid(ref: TraceItemRef, payload: unknown, signed: Record<string, any> | null): boolean {
  if (!signed) return false;
  if (ref.type === 'event')
    return sha256Hex(canonicalBytes(payload ?? null)) === ref.content_hash && signed.payload_hash === ref.content_hash;
  if (ref.type === 'ai_attestation') {
    const p = isPlainObject(payload) ? payload : {};
    const input_hash = 'input' in p ? valueHashOf(p.input) : p.input_hash;
    const output_hash = 'output' in p ? valueHashOf(p.output) : p.output_hash;
    return (
      aiPayloadHashOf({ ...p, input_hash, output_hash }) === ref.content_hash &&
      signed.payload_hash === ref.content_hash &&
      signed.input_hash === input_hash &&
      signed.output_hash === output_hash
    );
  }
  const p = isPlainObject(payload) ? payload : {};
  const metaOk =
    'metadata' in p
      ? metadataHashOf(p.metadata) === signed.metadata_hash
      : !('metadata_hash' in p) || p.metadata_hash === signed.metadata_hash;
  const refOk = !('document_ref' in p) || (p.document_ref ?? null) === signed.document_ref;
  return (
    signed.document_hash === ref.content_hash &&
    (p.document_hash === undefined || p.document_hash === ref.content_hash) &&
    metaOk &&
    refOk
  );
}

/** Ed25519 over the stored signed bytes with the tenant's pinned key, never a key copied on a row. */
function signatureValid(tenantId: string, r: BundleRecord, signed: Record<string, any> | null): boolean {
  const pinned = pinnedPublicKey(tenantId, r.key_id);
  return (
    !!pinned &&
    !!signed &&
    signed.tenant_id === tenantId &&
    pinned.equals(Buffer.from(r.public_key)) &&
    verifyBytes(pinned, r.signed_payload, r.signature)
  );
}

function bundleItem(tenantId: string, ref: TraceItemRef, sequence: number, hashOnly: boolean): BundleItem {
  const kind = recordTable().kinds[KIND_OF[ref.type]];
  const row = kind.find(ref.id, tenantId);
  const rec = row === undefined ? undefined : kind.bundleItem?.(row, hashOnly);
  const base = { sequence, timestamp: ref.timestamp, type: ref.type, id: ref.id };
  if (!rec) {
    return {
      ...base,
      payload: null,
      content_hash: ref.content_hash,
      key_id: '',
      public_key: '',
      signature: '',
      signed_payload: '',
      verification: { content_hash_valid: false, signature_valid: false },
    };
  }
  const signed = signedObject(kind, rec.signed_payload);
  return {
    ...base,
    payload: rec.payload,
    content_hash: ref.content_hash,
    key_id: rec.key_id,
    public_key: hex(rec.public_key),
    signature: hex(rec.signature),
    signed_payload: hex(rec.signed_payload),
    verification: {
      content_hash_valid: contentHashValid(ref, rec.payload, signed),
      signature_valid: signatureValid(tenantId, rec, signed),
    },
    log: logBlockFor(tenantId, { leaf_index: kind.placement(row).leaf_index, id: ref.id }),
  };
}

/** Builds the bundle of a sealed trace; `hashOnly` drops stored AI plaintext (public form). */
export function buildBundle(tenant: TenantRow, trace: TraceRow, hashOnly = false): ProofBundle {
  if (trace.status !== 'sealed')
    throw new ApiError('trace_not_sealed', 'The proof exists once the trace is sealed; poll GET /v1/traces/{trace_id}');
  const refs = traceItems(trace.tenant_id, trace.trace_id);
  const items = refs.map((ref, i) => bundleItem(trace.tenant_id, ref, i + 1, hashOnly));
  const sealKind = recordTable().kinds.trace_seal;
  const sealRow = sealKind.find(trace.trace_id, trace.tenant_id);
  const seal = sealRow === undefined ? undefined : sealKind.bundleItem?.(sealRow, false);
  if (sealRow === undefined || !seal) throw new ApiError('db_error', 'The seal event of this trace is missing');
  const sealSigned = signedObject(sealKind, seal.signed_payload);
  const recomputed = compositeHashOf(items.map((i) => i.content_hash));
  const sealPayload = sealPayloadOf({
    trace_id: trace.trace_id,
    composite_hash: trace.composite_hash!,
    item_count: trace.item_count!,
    metadata: trace.metadata,
    sealed_at: trace.sealed_at!,
  });
  // The seal event must carry exactly this trace's seal payload, under the ledger event's own hash.
  const sealBound =
    !!sealSigned &&
    sealSigned.event_type === 'trace.sealed' &&
    sealSigned.event_id === trace.seal_event_id &&
    rebuildRow(sealKind, sealRow).contentOk &&
    sealSigned.payload_hash === sha256Hex(canonicalBytes(sealPayload));
  const sealSignatureValid = signatureValid(trace.tenant_id, seal, sealSigned) && sealBound;
  const allContent = items.every((i) => i.verification.content_hash_valid);
  return {
    bundle_version: 1,
    header: {
      label: trace.label,
      tenant_domain: tenant.primary_domain,
      domain_verified: tenant.domain_verified,
      trace_id: trace.trace_id,
      created_at: trace.created_at,
      sealed_at: trace.sealed_at!,
      item_count: trace.item_count!,
      composite_hash: trace.composite_hash!,
      // Not among the listed item fields (docs/verification.md#7-trace-bundle), but the seal payload covers it: without it the seal binding cannot be recomputed offline.
      metadata: trace.metadata,
    },
    items,
    seal: {
      sealed_at: trace.sealed_at!,
      seal_event_id: trace.seal_event_id!,
      composite_hash: trace.composite_hash!,
      key_id: seal.key_id,
      public_key: hex(seal.public_key),
      signature: hex(seal.signature),
      signed_payload: hex(seal.signed_payload),
      item_count: trace.item_count!,
      count_confirmed: items.length === trace.item_count,
      composite_hash_valid:
        allContent &&
        recomputed === trace.composite_hash &&
        isPlainObject(seal.payload) &&
        seal.payload.composite_hash === recomputed,
      all_signatures_valid: sealSignatureValid && items.every((i) => i.verification.signature_valid),
      // The object the seal's payload_hash covers: what binds the seal signature to exactly this list (verifiers recompute it).
      payload: sealPayload,
      log: logBlockFor(trace.tenant_id, {
        leaf_index: sealKind.placement(sealRow).leaf_index,
        id: sealKind.id(sealRow),
      }),
    },
    footer: {
      verification_url: `${publicUrl()}/proof/trace/${trace.trace_id}`,
      public_key_url: `${publicUrl()}/keys/${encodeURIComponent(tenant.primary_domain)}`,
    },
  };
}

/** GET /v1/traces/{id}/proof (scope read): 409 trace_not_sealed until sealed. */
export function traceBundle(tenant: TenantRow, id: string): ProofBundle {
  return buildBundle(tenant, findTrace(tenant.tenant_id, tracePathId(id)));
}

/** GET /v1/traces/{id}/proof.pdf: the bundle, and whether the trace's public proof page shows it (the PDF points there only then). */
export function tracePdfBundle(tenant: TenantRow, id: string): { bundle: ProofBundle; publicPage: boolean } {
  const trace = findTrace(tenant.tenant_id, tracePathId(id));
  return { bundle: buildBundle(tenant, trace), publicPage: trace.public };
}

/**
 * GET /v1/proof/trace/{id} (no key): only for a trace its tenant made public and that is sealed; AI payloads
 * hash-only. The issuer block is added for the public page.
 */
export function publicTraceBundle(id: string) {
  const traceId = tracePathId(id);
  const tenantId = traceTenants().get(traceId);
  const tenant = tenantId ? getTenant(tenantId) : undefined;
  let trace: TraceRow | undefined;
  try {
    trace = tenant ? findTrace(tenant.tenant_id, traceId) : undefined;
  } catch {
    trace = undefined;
  }
  if (!tenant || !trace?.public || trace.status !== 'sealed')
    throw new ApiError('proof_not_found', 'No public proof for this trace');
  return { ...buildBundle(tenant, trace, true), organization: issuerBlock(tenant) };
}
