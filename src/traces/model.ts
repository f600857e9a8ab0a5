// Owns the trace's request and reply shapes as the API documents them (the service checks the bodies).
import { Type as t } from '@sinclair/typebox';
import { AiRecordFields, Hex, Hex64, Issuer, LogBlock, Nullable, Obj, Ts, Uuid, open } from '../route-kit/schemas';

export const TraceIn = open({
  label: t.String({ maxLength: 255 }),
  metadata: t.Optional(Obj),
  public: t.Optional(t.Boolean()),
});
export const Trace = open({
  trace_id: Uuid,
  label: t.String(),
  status: t.Union([t.Literal('open'), t.Literal('sealing'), t.Literal('sealed')]),
  metadata: Nullable(Obj),
  public: t.Boolean(),
  created_at: Ts,
  item_count: t.Optional(t.Integer()),
  sealed_at: t.Optional(Ts),
  composite_hash: t.Optional(Hex64),
  seal_event_id: t.Optional(Uuid),
});
export const Sealing = open({ trace_id: Uuid, status: t.Literal('sealing'), message: t.String() });
export const PublicIn = t.Object({ enabled: t.Boolean() });

/** An AI attestation as a trace item carries it: its hash-only record, plus input and output when they were stored. */
export const BundleAiPayload = open({
  ...AiRecordFields,
  input: t.Optional(t.Unknown()),
  output: t.Optional(t.Unknown()),
});
/** A document anchor as a trace item carries it. */
export const BundleDocumentPayload = open({
  document_hash: Hex64,
  document_ref: Nullable(t.String()),
  metadata: Nullable(Obj),
  created_at: Ts,
});
// The fields every item has; `payload` is null (and the signature fields empty) when the record cannot be read.
const item = {
  sequence: t.Integer({ minimum: 1 }),
  timestamp: Ts,
  id: t.String(),
  content_hash: Hex64,
  key_id: t.String(),
  public_key: Hex,
  signature: Hex,
  signed_payload: Hex,
  verification: t.Object({ content_hash_valid: t.Boolean(), signature_valid: t.Boolean() }),
  log: t.Optional(LogBlock),
};
/** One item of a trace, in sequence order; `type` tells what its payload is. */
export const BundleItem = t.Union([
  open({ ...item, type: t.Literal('event'), payload: t.Unknown({ description: 'the event payload as sent' }) }),
  open({ ...item, type: t.Literal('ai_attestation'), payload: Nullable(BundleAiPayload) }),
  open({ ...item, type: t.Literal('document'), payload: Nullable(BundleDocumentPayload) }),
]);
export const BundleHeader = open({
  label: t.String(),
  tenant_domain: t.String(),
  domain_verified: t.Boolean(),
  trace_id: Uuid,
  created_at: Ts,
  sealed_at: Ts,
  item_count: t.Integer(),
  composite_hash: Hex64,
  metadata: t.Optional(Nullable(Obj)),
});
/** The object whose canonical hash the seal event signs as its payload_hash. */
export const SealPayload = open({
  trace_id: Uuid,
  composite_hash: Hex64,
  item_count: t.Integer(),
  metadata: Nullable(Obj),
  sealed_at: Ts,
});
export const BundleSeal = open({
  sealed_at: Ts,
  seal_event_id: Uuid,
  composite_hash: Hex64,
  key_id: t.String(),
  public_key: Hex,
  signature: Hex,
  signed_payload: Hex,
  item_count: t.Integer(),
  count_confirmed: t.Boolean(),
  composite_hash_valid: t.Boolean(),
  all_signatures_valid: t.Boolean(),
  payload: t.Optional(SealPayload),
  log: t.Optional(LogBlock),
});
export const Bundle = open(
  {
    bundle_version: t.Literal(1),
    header: BundleHeader,
    items: t.Array(BundleItem),
    seal: BundleSeal,
    footer: open({ verification_url: t.String(), public_key_url: t.String() }),
    organization: t.Optional(Issuer),
  },
  'Trace proof bundle; the public form adds the issuer (organization)',
);

/** The errors of a create that names a trace_id (docs/traces.md): the trace gate's refusals, in the order routes list them. */
export const TRACE_ITEM_ERRORS = ['trace_not_found', 'trace_sealed', 'trace_sealing', 'trace_not_open'] as const;
