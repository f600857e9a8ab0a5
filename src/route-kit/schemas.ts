// Owns the reply shapes (t schemas) that routes of more than one area answer: hashes, timestamps, the issuer and
// transparency-log blocks of proofs, audit events (audit and portal) and streams (streams and portal).
import { Type as t, type TSchema } from '@sinclair/typebox';

export const Hex64 = t.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256, lowercase hex' });
export const Hex = t.String({ pattern: '^[0-9a-f]*$', description: 'lowercase hex' });
export const Ts = t.String({ format: 'date-time', description: 'RFC 3339, UTC' });
export const Uuid = t.String({ format: 'uuid' });
export const Obj = t.Record(t.String(), t.Unknown());
export const Nullable = <S extends TSchema>(s: S) => t.Union([s, t.Null()]);
/** A reply object: the fields listed are documented, later versions may add more. */
export const open = <P extends Record<string, TSchema>>(props: P, description?: string) =>
  t.Object(props, { additionalProperties: true, description });

/** The answer to a request whose Idempotency-Key's first request is still being written (docs/api.md#idempotency). */
export const Processing = t.Object({ status: t.Literal('processing') });

export const Issuer = open(
  {
    name: t.String(),
    issuer_name: t.String(),
    primary_domain: t.String(),
    domain_verified: t.Boolean(),
    domain_verified_at: t.Optional(Ts),
    logo_url: t.Optional(t.String()),
  },
  'Issuer (organization) block',
);

/** The signed record of an AI attestation as its proof and a trace bundle show it (docs/verification.md#4-the-signed-payload-of-each-record-kind). */
export const AiRecordFields = {
  attestation_type: t.String(),
  input_hash: Hex64,
  output_hash: Hex64,
  payload_hash: Hex64,
  model_provider: t.Optional(Nullable(t.String())),
  model_name: t.Optional(Nullable(t.String())),
  model_version: t.Optional(Nullable(t.String())),
  subject: t.Optional(Nullable(Obj)),
  created_at: Ts,
};

/** Transparency-log block of a record proof (present once the logs exist). */
export const LogBlock = t.Union([
  open({
    leaf_index: t.Integer(),
    tree_size: t.Integer(),
    leaf_hash: Hex64,
    audit_path: t.Array(Hex64),
    root_hash: Hex64,
    checkpoint: t.String(),
    // docs/verification.md#sandbox-records: absent for a sandbox tenant's record, whose checkpoints never enter the head.
    head: t.Optional(
      t.Union([
        open(
          {
            leaf_index: t.Integer(),
            tree_size: t.Integer(),
            leaf_hash: Hex64,
            audit_path: t.Array(Hex64),
            root_hash: Hex64,
            checkpoint: t.String({
              description: 'the published head note: platform signature line, then one cosignature line per witness',
            }),
            note_verifier_key: t.String({
              description: "the head note's key as a signed-note vkey (as /.well-known/svc-platform-key gives it)",
            }),
            timestamps: t.Array(
              t.Object({
                token: t.String({ contentEncoding: 'base64', description: 'DER TimeStampToken' }),
                gen_time: Ts,
                tsa: t.String(),
              }),
            ),
          },
          'The log checkpoint as a leaf of the earliest published head that covers it',
        ),
        t.Object({ status: t.Literal('pending') }),
      ]),
    ),
  }),
  t.Object({ status: t.Literal('pending') }),
]);

/** The signature fields of a record proof (docs/verification.md#1-encodings: hex everywhere in proofs). */
export const SignatureFields = {
  algorithm: t.Literal('ed25519'),
  key_id: t.String(),
  public_key: Hex,
  signature: Hex,
  signed_payload: Hex,
};

/** The answer of a hash comparison with a ledger event or a document anchor. */
export const HashVerify = open({
  event_id: t.String(),
  match_result: t.Boolean(),
  anchored_hash: Hex64,
  submitted_hash: t.String(),
  anchored_at: Ts,
  organization: Issuer,
  matched_field: t.Optional(Nullable(t.String())),
  method: t.Optional(t.String()),
  document_ref: t.Optional(Nullable(t.String())),
});

export const Actor = open({
  type: t.String(),
  id: t.String(),
  name: t.Optional(t.String()),
  metadata: t.Optional(Obj),
});
export const AuditEvent = open({
  id: t.String(),
  org_id: t.String(),
  seq: t.Integer(),
  schema_id: t.String(),
  occurred_at: Ts,
  ingested_at: Ts,
  action: t.String(),
  actor: Actor,
  targets: t.Array(Obj),
  context: Obj,
  metadata: Obj,
  payload_hash: Hex64,
  signature: Hex,
  signing_public_key: Hex,
  key_id: t.String(),
  sandbox: t.Optional(
    t.Literal(true, {
      description: "Only on a sandbox tenant's event, and covered by the signature (docs/api.md#sandbox-tenants)",
    }),
  ),
  log: t.Optional(LogBlock),
});
export const AuditEventsPage = open({ events: t.Array(AuditEvent), next_cursor: Nullable(t.String()) });
export const AuditVerify = open({
  event_id: t.String(),
  valid: t.Boolean(),
  reason: Nullable(t.String()),
  schema: t.String(),
  payload_hash: Hex64,
  signed_data: open(
    {
      action: t.String(),
      actor: Actor,
      context: Obj,
      event_id: t.String(),
      ingested_at: Ts,
      metadata: Obj,
      occurred_at: Ts,
      org_id: t.String(),
      schema_id: t.String(),
      seq: t.Integer(),
      targets: t.Array(Obj),
    },
    'The signed data of the event, whose canonical bytes the signature covers',
  ),
  key_source: t.String(),
});
/** Query of an audit event list (GET /v1/audit/events; the portal pins organization_id to its session). */
export const AuditQuery = {
  range_start: t.Optional(Ts),
  range_end: t.Optional(Ts),
  actions: t.Optional(t.String({ description: 'comma-separated' })),
  actor_id: t.Optional(t.String()),
  target_id: t.Optional(t.String()),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })),
  cursor: t.Optional(t.String({ description: 'next_cursor of the previous page' })),
};

export const Stream = open({
  id: t.String(),
  type: t.Literal('webhook'),
  endpoint: t.String(),
  state: t.String(),
  cursor_seq: t.Integer(),
  created_at: Ts,
  signing_secret: t.Optional(t.String()),
});
export const StreamList = open({ streams: t.Array(Stream) });
/** The answer of a delete: the removed resource's id field beside `deleted`. */
export const Deleted = open({ deleted: t.Literal(true) });
