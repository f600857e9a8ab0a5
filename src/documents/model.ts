// Owns the document anchor's request and reply shapes as the API documents them (the service checks the body).
import { Type as t } from '@sinclair/typebox';
import { Hex, Hex64, Issuer, LogBlock, Nullable, Obj, SignatureFields, Ts, Uuid, open } from '../route-kit/schemas';

export const AnchorIn = open({
  document_hash: Hex64,
  document_ref: t.Optional(t.String()),
  metadata: t.Optional(Obj),
  original_bytes: t.Optional(t.String({ contentEncoding: 'base64', description: 'at most 5 MB once decoded' })),
  trace_id: t.Optional(Uuid),
});
export const Anchored = open({ event_id: Uuid, created_at: Ts, document_hash: Hex64, status: t.Literal('accepted') });
export const Document = open({
  event_id: Uuid,
  document_hash: Hex64,
  document_ref: Nullable(t.String()),
  metadata: Nullable(Obj),
  created_at: Ts,
  has_original_bytes: t.Boolean(),
  trace_id: Nullable(Uuid),
  key_id: t.String(),
  public_key: Hex,
  signature: Hex,
});
export const DocumentProof = open({
  event_id: Uuid,
  document_hash: Hex64,
  ...SignatureFields,
  signature_valid: t.Boolean(),
  organization: Issuer,
  log: t.Optional(LogBlock),
});
export const DocHashIn = t.Object({ document_hash: Hex64 });
