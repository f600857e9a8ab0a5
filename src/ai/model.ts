// Owns the AI attestation's request and reply shapes as the API documents them (the service checks the body).
import { Type as t } from '@sinclair/typebox';
import {
  AiRecordFields,
  Hex,
  Hex64,
  Issuer,
  LogBlock,
  Nullable,
  Obj,
  SignatureFields,
  Ts,
  Uuid,
  open,
} from '../route-kit/schemas';

export const AttestationIn = open({
  attestation_type: t.Union([t.Literal('output'), t.Literal('decision'), t.Literal('approval')]),
  input: t.Unknown(),
  output: t.Unknown(),
  model_provider: t.Optional(t.String()),
  model_name: t.Optional(t.String()),
  model_version: t.Optional(t.String()),
  subject: t.Optional(Obj),
  trace_id: t.Optional(Uuid),
  store_plaintext: t.Optional(t.Boolean()),
});
export const AttestationCreated = open({
  attestation_id: Uuid,
  created_at: Ts,
  input_hash: Hex64,
  output_hash: Hex64,
  payload_hash: Hex64,
  status: t.Union([t.Literal('accepted'), t.Literal('duplicate')]),
});
export const Attestation = open({
  attestation_id: Uuid,
  attestation_type: t.String(),
  created_at: Ts,
  input_hash: Hex64,
  output_hash: Hex64,
  payload_hash: Hex64,
  model_provider: Nullable(t.String()),
  model_name: Nullable(t.String()),
  model_version: Nullable(t.String()),
  subject: Nullable(Obj),
  trace_id: Nullable(Uuid),
  key_id: t.String(),
  public_key: Hex,
  signature: Hex,
  input: t.Optional(t.Unknown()),
  output: t.Optional(t.Unknown()),
});
/** The signed record of an attestation as its proof shows it (no input or output). */
export const AiRecord = open(AiRecordFields);
export const AiProof = open({
  attestation_id: Uuid,
  record: AiRecord,
  ...SignatureFields,
  verification: t.Object({ signature_valid: t.Boolean(), payload_hash_valid: t.Boolean() }),
  organization: Issuer,
  log: t.Optional(LogBlock),
});
export const ContentHashIn = t.Object({ content_hash: Hex64 });
export const AiVerify = open({
  match: t.Boolean(),
  matched_field: Nullable(t.String()),
  signature_valid: t.Boolean(),
  signed_by: t.String(),
  signed_at: Ts,
});
