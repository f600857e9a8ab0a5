// Owns the TypeScript shapes of the published proof documents: event proof, AI proof and trace bundle (docs/verification.md).
// Keys, signatures and signed_payload are lowercase hex everywhere (docs/verification.md#1-encodings).

/** The `log` block of a record proof (docs/verification.md#12-the-transparency-log) with its `head` (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens), as src/tlog builds it. */
import type { HeadBlock, LogBlock } from '../tlog/index';

export type { HeadBlock, LogBlock };

export type Issuer = {
  name: string;
  issuer_name: string;
  primary_domain: string;
  domain_verified: boolean;
  domain_verified_at?: string;
  logo_url?: string;
};

/** The signature of a record: by the key `public_key` (its id `key_id`), over the bytes `signed_payload`. */
type Signed = {
  key_id: string;
  public_key: string;
  signature: string;
  signed_payload: string;
};

/** GET /v1/proof/event/{event_id}. signed_payload = hex of the canonical bytes of ledgerSignedPayload. */
export type EventProof = Signed & {
  event_id: string;
  algorithm: 'ed25519';
  payload_hash: string;
  ingested_at: string;
  signature_valid: boolean;
  organization: Issuer;
  log?: LogBlock;
};

/** GET /v1/proof/ai/{attestation_id}. signed_payload = hex of the canonical bytes of aiSignedPayload. */
export type AiProof = Signed & {
  attestation_id: string;
  record: {
    attestation_type: string;
    input_hash: string;
    output_hash: string;
    payload_hash: string;
    model_provider?: string | null;
    model_name?: string | null;
    model_version?: string | null;
    created_at: string;
    subject?: unknown;
  };
  algorithm: 'ed25519';
  verification: { signature_valid: boolean; payload_hash_valid: boolean };
  organization: Issuer;
  log?: LogBlock;
};

export type BundleItemType = 'event' | 'ai_attestation' | 'document';

/**
 * One trace item. signed_payload is the hex of the canonical signed bytes of the item's kind:
 * event -> ledgerSignedPayload, ai_attestation -> aiSignedPayload, document -> documentSignedPayload.
 * payload: event -> the event payload as sent; ai_attestation -> its hash-only record (plus input/output
 * when stored); document -> {document_hash, document_ref, metadata, ...}.
 */
export type BundleItem = Signed & {
  sequence: number;
  timestamp: string;
  type: BundleItemType;
  id: string;
  payload: unknown;
  content_hash: string;
  verification: { content_hash_valid: boolean; signature_valid: boolean };
  log?: LogBlock;
};

/** GET /v1/traces/{trace_id}/proof. The seal's signed_payload is the ledger signed payload of the `trace.sealed` event. */
export type ProofBundle = {
  bundle_version: 1;
  header: {
    label: string;
    tenant_domain: string;
    domain_verified: boolean;
    trace_id: string;
    created_at: string;
    sealed_at: string;
    item_count: number;
    composite_hash: string;
    metadata?: unknown;
  };
  items: BundleItem[];
  seal: Signed & {
    sealed_at: string;
    seal_event_id: string;
    composite_hash: string;
    item_count: number;
    count_confirmed: boolean;
    composite_hash_valid: boolean;
    all_signatures_valid: boolean;
    /** The object whose canonical hash the seal event signs as payload_hash; both bundle endpoints carry it. */
    payload?: { trace_id: string; composite_hash: string; item_count: number; metadata: unknown; sealed_at: string };
    log?: LogBlock;
  };
  footer: { verification_url: string; public_key_url: string };
};
