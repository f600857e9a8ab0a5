// Owns the parts of the API contract that the routes' schemas cannot express (responses, error codes, scopes,
// bodies validated by the services rather than by Elysia), as plain TypeBox (JSON Schema) per "METHOD /openapi/path".
import { Type as t, type TSchema } from '@sinclair/typebox';

const Hex64 = t.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256, lowercase hex' });
const Hex = t.String({ pattern: '^[0-9a-f]*$', description: 'lowercase hex' });
const Ts = t.String({ format: 'date-time', description: 'RFC 3339, UTC' });
const Uuid = t.String({ format: 'uuid' });
const Obj = t.Record(t.String(), t.Unknown());
const Nullable = (s: TSchema) => t.Union([s, t.Null()]);
const open = <P extends Record<string, TSchema>>(props: P, description?: string) => t.Object(props, { additionalProperties: true, description });

const Issuer = open({
  name: t.String(), issuer_name: t.String(), primary_domain: t.String(), domain_verified: t.Boolean(),
  domain_verified_at: t.Optional(Ts), logo_url: t.Optional(t.String()),
}, 'Issuer (organization) block');

/** Transparency-log block of a record proof (present once the logs exist). */
const LogBlock = t.Union([
  open({ leaf_index: t.Integer(), tree_size: t.Integer(), leaf_hash: Hex64, audit_path: t.Array(Hex64), root_hash: Hex64, checkpoint: t.String() }),
  t.Object({ status: t.Literal('pending') }),
]);

const EventOut = open({
  event_id: Uuid, tenant_id: Uuid, event_type: t.String(), payload: t.Unknown(), event_time: Nullable(Ts),
  retention_policy: t.Union(['short', 'standard', 'extended', 'regulatory', 'indefinite'].map((v) => t.Literal(v))),
  expires_at: Nullable(Ts), api_key_id: Nullable(Uuid), ingested_at: Ts, payload_hash: Hex64, request_hash: Hex64,
  event_hash: Hex64, idempotency_key: Nullable(t.String()), organization: Issuer,
}, 'Ledger event');
const EventListItem = open({
  event_id: Uuid, event_type: t.String(), payload_hash: Hex64, event_hash: Hex64, retention_policy: t.String(), ingested_at: Ts,
  event_time: t.Optional(Ts), idempotency_key: t.Optional(t.String()),
});
const HashVerify = open({
  event_id: t.String(), match_result: t.Boolean(), anchored_hash: Hex64, submitted_hash: t.String(), anchored_at: Ts, organization: Issuer,
  matched_field: t.Optional(Nullable(t.String())), method: t.Optional(t.String()), document_ref: t.Optional(Nullable(t.String())),
});
const Signature = { algorithm: t.Literal('ed25519'), key_id: t.String(), public_key: Hex, signature: Hex, signed_payload: Hex };
const EventProof = open({ event_id: Uuid, ...Signature, payload_hash: Hex64, ingested_at: Ts, signature_valid: t.Boolean(), organization: Issuer, log: t.Optional(LogBlock) });
const AttestationIn = open({
  attestation_type: t.Union([t.Literal('output'), t.Literal('decision'), t.Literal('approval')]),
  input: t.Unknown(), output: t.Unknown(), model_provider: t.Optional(t.String()), model_name: t.Optional(t.String()),
  model_version: t.Optional(t.String()), subject: t.Optional(Obj), trace_id: t.Optional(Uuid), store_plaintext: t.Optional(t.Boolean()),
});
const AttestationCreated = open({ attestation_id: Uuid, created_at: Ts, input_hash: Hex64, output_hash: Hex64, payload_hash: Hex64, status: t.Union([t.Literal('accepted'), t.Literal('duplicate')]) });
const Attestation = open({
  attestation_id: Uuid, attestation_type: t.String(), created_at: Ts, input_hash: Hex64, output_hash: Hex64, payload_hash: Hex64,
  model_provider: Nullable(t.String()), model_name: Nullable(t.String()), model_version: Nullable(t.String()), subject: Nullable(Obj),
  trace_id: Nullable(Uuid), key_id: t.String(), public_key: Hex, signature: Hex, input: t.Optional(t.Unknown()), output: t.Optional(t.Unknown()),
});
const AiProof = open({
  attestation_id: Uuid, record: Obj, ...Signature,
  verification: t.Object({ signature_valid: t.Boolean(), payload_hash_valid: t.Boolean() }), organization: Issuer, log: t.Optional(LogBlock),
});
const AiVerify = open({ match: t.Boolean(), matched_field: Nullable(t.String()), signature_valid: t.Boolean(), signed_by: t.String(), signed_at: Ts });
const AnchorIn = open({ document_hash: Hex64, document_ref: t.Optional(t.String()), metadata: t.Optional(Obj), original_bytes: t.Optional(t.String({ contentEncoding: 'base64' })), trace_id: t.Optional(Uuid) });
const Anchored = open({ event_id: Uuid, created_at: Ts, document_hash: Hex64, status: t.Literal('accepted') });
const Document = open({
  event_id: Uuid, document_hash: Hex64, document_ref: Nullable(t.String()), metadata: Nullable(Obj), created_at: Ts,
  has_original_bytes: t.Boolean(), trace_id: Nullable(Uuid), key_id: t.String(), public_key: Hex, signature: Hex,
});
const DocumentProof = open({ event_id: Uuid, document_hash: Hex64, ...Signature, signature_valid: t.Boolean(), organization: Issuer, log: t.Optional(LogBlock) });
const DocHashIn = t.Object({ document_hash: Hex64 });
const TraceIn = open({ label: t.String({ maxLength: 255 }), metadata: t.Optional(Obj), public: t.Optional(t.Boolean()) });
const Trace = open({
  trace_id: Uuid, label: t.String(), status: t.Union([t.Literal('open'), t.Literal('sealing'), t.Literal('sealed')]), metadata: Nullable(Obj),
  public: t.Boolean(), created_at: Ts, item_count: t.Optional(t.Integer()), sealed_at: t.Optional(Ts), composite_hash: t.Optional(Hex64), seal_event_id: t.Optional(Uuid),
});
const Bundle = open({ bundle_version: t.Literal(1), header: Obj, items: t.Array(Obj), seal: Obj, footer: Obj }, 'Trace proof bundle (DECISIONS 3)');
const Org = open({ organization_id: t.String(), name: t.String(), created_at: Ts, archived: t.Boolean(), retention_days: t.Integer(), last_seq: t.Integer() });
const Actor = open({ type: t.String(), id: t.String(), name: t.Optional(t.String()), metadata: t.Optional(Obj) });
const AuditIn = open({
  organization_id: t.String(), action: t.String(), actor: Actor, targets: t.Optional(t.Array(open({ type: t.String(), id: t.String() }), { maxItems: 20 })),
  metadata: t.Optional(Obj), context: t.Optional(Obj), occurred_at: t.Optional(Ts),
});
const AuditEvent = open({
  id: t.String(), org_id: t.String(), seq: t.Integer(), schema_id: t.String(), occurred_at: Ts, ingested_at: Ts, action: t.String(),
  actor: Actor, targets: t.Array(Obj), context: Obj, metadata: Obj, payload_hash: Hex64, signature: Hex, signing_public_key: Hex, log: t.Optional(LogBlock),
});
const AuditVerify = open({ event_id: t.String(), valid: t.Boolean(), reason: Nullable(t.String()), schema: t.String(), payload_hash: Hex64, signed_data: Obj, key_source: t.String() });
const Integrity = open({
  org_id: t.String(), from: t.Integer(), to: t.Integer(), last_seq: t.Integer(), evacuated_through_seq: t.Integer(), count: t.Integer(),
  expected: t.Integer(), contiguous: t.Boolean(), gaps: t.Array(t.Object({ from: t.Integer(), to: t.Integer() })), gaps_truncated: t.Boolean(), note: t.String(),
});
const Retention = open({ org_id: t.String(), retention_days: t.Integer(), requested_days: t.Integer(), clamped: t.Boolean(), plan_cap_days: t.Integer() });
const StreamIn = t.Object({ type: t.Literal('webhook'), url: t.String({ format: 'uri' }) });
const Stream = open({ id: t.String(), type: t.Literal('webhook'), endpoint: t.String(), state: t.String(), cursor_seq: t.Integer(), created_at: Ts, signing_secret: t.Optional(t.String()) });
const ExportIn = open({ organization_id: t.String(), format: t.Union([t.Literal('csv'), t.Literal('ndjson')]), filters: t.Optional(Obj) });
const ExportJob = open({
  id: t.String(), status: t.Union(['pending', 'running', 'ready', 'failed'].map((v) => t.Literal(v))), format: t.String(), created_at: Ts,
  row_count: t.Optional(Nullable(t.Integer())), error: t.Optional(Nullable(t.String())), completed_at: t.Optional(Nullable(Ts)), download_url: t.Optional(t.String()),
});
const PortalIn = open({ organization_id: t.String(), intent: t.Union([t.Literal('audit_logs'), t.Literal('log_streams')]), session_duration_seconds: t.Optional(t.Integer({ minimum: 60, maximum: 86400 })), link_duration_seconds: t.Optional(t.Integer({ minimum: 60, maximum: 3600 })) });
const PortalSession = open({ id: t.String(), intent: t.String(), url: t.String(), token: t.String(), link_expires_in: t.Integer(), session_expires_in: t.Integer() });
const Exchange = open({ session_token: t.String(), expires_at: Ts, organization_id: t.String(), intent: t.String() });
const EventsPage = open({ events: t.Array(AuditEvent), next_cursor: Nullable(t.String()) });
const KeyRecord = open({ domain: t.String(), public_key: t.String({ description: 'base64url' }), algorithm: t.Literal('ed25519'), key_id: t.String(), keys: t.Array(Obj) });
const Checkpoint = open({ origin: t.String(), tree_size: t.Integer(), root_hash: Hex64, checkpoint: t.String(), key_id: t.String(), issued_at: Ts });
const Inclusion = open({ leaf_index: t.Integer(), tree_size: t.Integer(), leaf_hash: Hex64, audit_path: t.Array(Hex64), root_hash: Hex64 });
const Consistency = open({ first: t.Integer(), second: t.Integer(), consistency_path: t.Array(Hex64), first_root: Hex64, second_root: Hex64 });
const HeadCheckpoint = open({
  origin: t.String(), tree_size: t.Integer(), root_hash: Hex64, checkpoint: t.String({ description: 'C2SP signed note: platform signature line, then one cosignature line per witness' }),
  cosignatures: t.Array(t.Object({ witness: t.String(), key_id: t.String({ pattern: '^[0-9a-f]{8}$' }), time: t.Integer({ description: 'Unix seconds' }) })),
  timestamps: t.Array(t.Object({ token: t.String({ contentEncoding: 'base64', description: 'DER TimeStampToken (CMS ContentInfo)' }), gen_time: Ts, tsa: t.String() })),
  issued_at: Ts,
});
const LogIntegrity = open({ log_verified: t.Boolean(), first_bad_leaf: Nullable(t.Integer()), tail_verified: t.Boolean(), checkpoint: Obj });

/** How a route is reached: an API key with one of `scopes`, a portal session token, a signed URL, or nothing. */
export type Access = { kind: 'key'; scopes: string[] } | { kind: 'session' } | { kind: 'signed_url' } | { kind: 'public' };
export type Body = 'html' | 'javascript' | 'css' | 'pdf' | 'bytes' | 'download' | 'text';
export type Operation = {
  summary: string;
  tag: string;
  access: Access;
  body?: TSchema;
  /** Success status -> JSON schema, or a non-JSON media kind. */
  ok: Record<number, TSchema | Body>;
  /** SPEC error codes this route answers besides the authentication, scope and rate-limit errors. */
  errors?: string[];
  query?: Record<string, TSchema>;
  headers?: Record<string, { required?: boolean; schema: TSchema; description: string }>;
};

const key = (...scopes: string[]): Access => ({ kind: 'key', scopes });
const PUBLIC: Access = { kind: 'public' };
const SESSION: Access = { kind: 'session' };
const IDEM = { 'Idempotency-Key': { schema: t.String({ minLength: 1, maxLength: 255 }), description: 'Client idempotency key (ledger: 1-128 bytes; audit: required, at most 255)' } };
const LOG_ERRORS = ['invalid_leaf_index', 'invalid_tree_size', 'leaf_pending', 'leaf_not_found', 'checkpoint_not_found'];
const logRoutes = (base: string, tag: string, access: Access): Record<string, Operation> => ({
  [`GET ${base}/checkpoint`]: { summary: 'Latest signed checkpoint of the log', tag, access, ok: { 200: Checkpoint }, errors: ['checkpoint_not_found'] },
  [`GET ${base}/inclusion`]: {
    summary: 'Inclusion proof of a leaf (by leaf_index or record_id)', tag, access, ok: { 200: Inclusion }, errors: LOG_ERRORS,
    query: { leaf_index: t.Optional(t.Integer()), record_id: t.Optional(t.String()), tree_size: t.Optional(t.Integer()) },
  },
  [`GET ${base}/consistency`]: { summary: 'Consistency proof between two tree sizes', tag, access, ok: { 200: Consistency }, errors: ['invalid_tree_size'], query: { first: t.Integer(), second: t.Integer() } },
});

/** The contract per route, keyed by `METHOD /path/{param}`. Entries for routes the server does not have are ignored. */
const OPS: Record<string, Operation> = {
  'GET /healthz': { summary: 'Liveness: the store is open and the workers run', tag: 'service', access: PUBLIC, ok: { 200: t.Object({ status: t.Literal('ok') }) } },
  'GET /openapi.json': { summary: 'This OpenAPI document', tag: 'service', access: PUBLIC, ok: { 200: Obj } },
  'GET /docs': { summary: 'Browsable API reference (renders /openapi.json)', tag: 'service', access: PUBLIC, ok: { 200: 'html' } },
  'GET /assets/docs.js': { summary: 'Script of the API reference page', tag: 'pages', access: PUBLIC, ok: { 200: 'javascript' } },
  'GET /assets/docs.css': { summary: 'Stylesheet of the API reference page', tag: 'pages', access: PUBLIC, ok: { 200: 'css' } },
  'GET /keys/{domain}': { summary: "A tenant's public signing keys, signed by the platform key", tag: 'keys', access: PUBLIC, ok: { 200: KeyRecord }, errors: ['not_found'] },
  'GET /.well-known/svc-platform-key': {
    summary: "The appliance's platform key, with its signed-note vkey under the head log's origin", tag: 'keys', access: PUBLIC,
    ok: { 200: open({ algorithm: t.Literal('ed25519'), public_key: t.String(), key_id: t.String(), created_at: Ts, note_verifier_key: t.String() }) },
  },
  'GET /.well-known/svc-witness-key': {
    summary: "The appliance's witness key: name and C2SP vkey (Ed25519 cosigner, type 0x04)", tag: 'witness', access: PUBLIC,
    ok: { 200: open({ name: t.String(), vkey: t.String(), key_id: t.String({ pattern: '^[0-9a-f]{8}$' }) }) },
  },
  'POST /witness/add-checkpoint': {
    summary: 'C2SP tlog-witness v1.0.0: cosign a checkpoint of a witnessed log (text body: old size, consistency proof, empty line, note); 200 cosignature lines, 409 the last cosigned size (text/x.tlog.size)',
    tag: 'witness', access: PUBLIC, ok: { 200: 'text', 409: 'text' }, errors: ['bad_request', 'unknown_log', 'invalid_checkpoint_signature', 'invalid_consistency_proof'],
  },
  'POST /v1/events': {
    summary: 'Ingest a ledger event (201 once durable)', tag: 'ledger', access: key('write'), headers: IDEM,
    body: open({ event_type: t.String({ minLength: 1 }), payload: t.Unknown(), event_time: t.Optional(Ts), trace_id: t.Optional(Uuid) }),
    ok: { 201: open({ event_id: Uuid, ingested_at: Ts }), 202: t.Object({ status: t.Literal('processing') }) },
    errors: ['invalid_event_type', 'invalid_payload', 'invalid_idempotency_key', 'payment_required', 'feature_not_available', 'trace_not_found', 'idempotency_key_reuse_mismatch', 'trace_sealed', 'trace_sealing', 'trace_not_open', 'quota_exceeded', 'payload_too_large', 'ingest_failed'],
  },
  'GET /v1/events': {
    summary: 'List ledger events, newest first', tag: 'ledger', access: key('read', 'write'),
    ok: { 200: open({ events: t.Array(EventListItem), page: t.Integer(), limit: t.Integer(), total: t.Integer(), has_more: t.Boolean() }) }, errors: ['db_error'],
  },
  'GET /v1/events/{event_id}': { summary: 'Get a ledger event', tag: 'ledger', access: key('read', 'write'), ok: { 200: EventOut }, errors: ['invalid_path_parameter', 'event_not_found', 'retention_expired'] },
  'POST /v1/events/{event_id}/verify': {
    summary: 'Compare a payload or hash with a ledger event', tag: 'ledger', access: key('read', 'write'),
    body: t.Union([t.Object({ payload_hash: Hex64 }), t.Object({ payload: t.Unknown() })]), ok: { 200: HashVerify },
    errors: ['bad_request', 'invalid_path_parameter', 'payment_required', 'feature_not_available', 'event_not_found', 'quota_exceeded'],
  },
  'GET /v1/proof/event/{event_id}': { summary: 'Public proof of a ledger event', tag: 'proofs', access: PUBLIC, ok: { 200: EventProof }, errors: ['invalid_path_parameter', 'proof_not_found'] },
  'GET /proof/event/{id}': { summary: 'Proof page of a ledger event (checks in the browser)', tag: 'pages', access: PUBLIC, ok: { 200: 'html' } },
  'GET /proof/ai/{id}': { summary: 'Proof page of an AI attestation', tag: 'pages', access: PUBLIC, ok: { 200: 'html' } },
  'GET /proof/document/{id}': { summary: 'Proof page of a document anchor (hashes a dropped file locally)', tag: 'pages', access: PUBLIC, ok: { 200: 'html' } },
  'GET /proof/trace/{id}': { summary: 'Proof page of a public sealed trace', tag: 'pages', access: PUBLIC, ok: { 200: 'html' } },
  'GET /assets/proof.js': { summary: 'Script of the proof pages', tag: 'pages', access: PUBLIC, ok: { 200: 'javascript' } },
  'GET /assets/proof.css': { summary: 'Stylesheet of the proof pages', tag: 'pages', access: PUBLIC, ok: { 200: 'css' } },
  'POST /v1/ai/attestations': {
    summary: 'Create an AI attestation', tag: 'ai', access: key('write'), headers: IDEM, body: AttestationIn, ok: { 201: AttestationCreated },
    errors: ['invalid_attestation_type', 'empty_payload', 'invalid_context', 'subject_too_large', 'subject_too_many_keys', 'payment_required', 'trace_not_found', 'trace_sealed', 'trace_sealing', 'trace_not_open', 'quota_exceeded'],
  },
  'GET /v1/ai/attestations/{attestation_id}': { summary: 'Get an AI attestation', tag: 'ai', access: key('read'), ok: { 200: Attestation }, errors: ['invalid_path_parameter', 'attestation_not_found'] },
  'GET /v1/proof/ai/{attestation_id}': { summary: 'Public proof of an AI attestation', tag: 'proofs', access: PUBLIC, ok: { 200: AiProof }, errors: ['invalid_path_parameter', 'proof_not_found'] },
  'POST /v1/proof/ai/{attestation_id}/verify': { summary: 'Compare a content hash with an AI attestation', tag: 'proofs', access: PUBLIC, body: t.Object({ content_hash: Hex64 }), ok: { 200: AiVerify }, errors: ['bad_request', 'proof_not_found'] },
  'POST /v1/document/anchor': {
    summary: 'Anchor a document hash (body up to 8 MB)', tag: 'documents', access: key('write'), body: AnchorIn, ok: { 201: Anchored },
    errors: ['invalid_document_hash', 'invalid_metadata', 'metadata_too_large', 'invalid_original_bytes_base64', 'original_bytes_empty', 'original_bytes_too_large', 'original_bytes_hash_mismatch', 'document_already_anchored', 'payment_required', 'trace_not_found', 'trace_sealed', 'trace_sealing', 'trace_not_open', 'quota_exceeded'],
  },
  'GET /v1/document/{event_id}': { summary: 'Get an anchored document record', tag: 'documents', access: key('read'), ok: { 200: Document }, errors: ['invalid_path_parameter', 'document_not_found'] },
  'GET /v1/document/{event_id}/original': { summary: 'The stored original bytes of a document', tag: 'documents', access: key('read'), ok: { 200: 'bytes' }, errors: ['invalid_path_parameter', 'document_not_found'] },
  'POST /v1/document/{event_id}/verify': { summary: 'Compare a document hash with an anchor', tag: 'documents', access: key('read', 'write'), body: DocHashIn, ok: { 200: HashVerify }, errors: ['invalid_document_hash', 'payment_required', 'document_not_found', 'quota_exceeded'] },
  'GET /v1/proof/document/{event_id}': { summary: 'Public proof of a document anchor', tag: 'proofs', access: PUBLIC, ok: { 200: DocumentProof }, errors: ['invalid_path_parameter', 'proof_not_found'] },
  'POST /v1/proof/document/{event_id}/verify': { summary: 'Public comparison of a document hash', tag: 'proofs', access: PUBLIC, body: DocHashIn, ok: { 200: HashVerify }, errors: ['invalid_document_hash', 'proof_not_found'] },
  'POST /v1/traces': { summary: 'Create a trace', tag: 'traces', access: key('write'), body: TraceIn, ok: { 201: Trace }, errors: ['invalid_label', 'invalid_metadata', 'metadata_too_large', 'trace_label_in_use', 'payment_required', 'quota_exceeded'] },
  'GET /v1/traces/{trace_id}': { summary: 'Trace status', tag: 'traces', access: key('read'), ok: { 200: Trace }, errors: ['invalid_path_parameter', 'trace_not_found'] },
  'POST /v1/traces/{trace_id}/seal': { summary: 'Start sealing a trace', tag: 'traces', access: key('write'), ok: { 202: open({ trace_id: Uuid, status: t.Literal('sealing'), message: t.String() }) }, errors: ['trace_empty', 'trace_not_found', 'trace_sealing', 'trace_sealed'] },
  'POST /v1/traces/{trace_id}/public': { summary: 'Enable or disable public verification of a trace', tag: 'traces', access: key('write'), body: t.Object({ enabled: t.Boolean() }), ok: { 200: Trace }, errors: ['invalid_payload', 'trace_not_found'] },
  'GET /v1/traces/{trace_id}/proof': { summary: 'Proof bundle of a sealed trace (JSON)', tag: 'traces', access: key('read'), ok: { 200: Bundle }, errors: ['trace_not_found', 'trace_not_sealed'] },
  'GET /v1/traces/{trace_id}/proof.pdf': { summary: 'Proof bundle of a sealed trace (PDF with QR code)', tag: 'traces', access: key('read'), ok: { 200: 'pdf' }, errors: ['trace_not_found', 'trace_not_sealed'] },
  'GET /v1/proof/trace/{trace_id}': { summary: 'Public proof bundle of a trace with public verification on', tag: 'proofs', access: PUBLIC, ok: { 200: Bundle }, errors: ['proof_not_found'] },
  'POST /v1/audit/orgs': { summary: 'Create an audit organization', tag: 'audit', access: key('audit:write'), body: open({ organization_id: t.String({ maxLength: 255 }), name: t.String({ maxLength: 255 }), retention_days: t.Optional(t.Integer()) }), ok: { 201: Org }, errors: ['invalid_organization_id', 'invalid_name', 'org_exists', 'too_many_orgs'] },
  'GET /v1/audit/orgs': { summary: 'List audit organizations', tag: 'audit', access: key('audit:read'), ok: { 200: open({ orgs: t.Array(Org), next_cursor: Nullable(t.String()) }) } },
  'GET /v1/audit/orgs/{id}': { summary: 'Get an audit organization', tag: 'audit', access: key('audit:read'), ok: { 200: Org }, errors: ['org_not_found'] },
  'POST /v1/audit/orgs/{id}/archive': { summary: 'Archive an organization (refuses new events)', tag: 'audit', access: key('audit:write'), ok: { 200: Org }, errors: ['org_not_found'] },
  'POST /v1/audit/orgs/{id}/unarchive': { summary: 'Unarchive an organization', tag: 'audit', access: key('audit:write'), ok: { 200: Org }, errors: ['org_not_found'] },
  'DELETE /v1/audit/orgs/{id}': { summary: 'Delete an organization whose history aged out', tag: 'audit', access: key('audit:write'), ok: { 200: Obj }, errors: ['org_not_found', 'org_not_deletable'] },
  'PUT /v1/audit/orgs/{id}/retention': { summary: 'Set retention days (clamped to the plan cap)', tag: 'audit', access: key('audit:write'), body: t.Object({ days: t.Integer() }), ok: { 200: Retention }, errors: ['invalid_payload', 'org_not_found'] },
  'GET /v1/audit/orgs/{id}/integrity': { summary: 'Sequence and log integrity report', tag: 'audit', access: key('audit:read'), ok: { 200: Integrity }, errors: ['org_not_found'] },
  'POST /v1/audit/events': {
    summary: 'Ingest an audit event', tag: 'audit', access: key('audit:write'), headers: { 'Idempotency-Key': { ...IDEM['Idempotency-Key'], required: true } }, body: AuditIn,
    ok: { 201: t.Object({ event_id: t.String(), status: t.Literal('accepted') }) },
    errors: ['missing_idempotency_key', 'invalid_idempotency_key', 'invalid_organization_id', 'invalid_action', 'invalid_actor', 'invalid_target', 'too_many_targets', 'invalid_occurred_at', 'occurred_at_out_of_window', 'invalid_context', 'invalid_metadata', 'org_not_found', 'org_archived', 'duplicate_event', 'idempotency_key_reuse_mismatch', 'payment_required', 'ingest_failed'],
  },
  'GET /v1/audit/events': {
    summary: 'Query audit events, newest first (keyset pagination)', tag: 'audit', access: key('audit:read'), ok: { 200: EventsPage }, errors: ['invalid_organization_id', 'org_not_found', 'invalid_payload'],
    query: { organization_id: t.String(), range_start: t.Optional(Ts), range_end: t.Optional(Ts), actions: t.Optional(t.String()), actor_id: t.Optional(t.String()), target_id: t.Optional(t.String()), limit: t.Optional(t.Integer()), cursor: t.Optional(t.String()) },
  },
  'GET /v1/audit/events/{id}': { summary: 'Get one audit event', tag: 'audit', access: key('audit:read'), ok: { 200: AuditEvent }, errors: ['not_found'] },
  'GET /v1/audit/events/{id}/verify': { summary: 'Verify one audit event server-side', tag: 'audit', access: key('audit:read'), ok: { 200: AuditVerify }, errors: ['not_found', 'payment_required'] },
  'POST /v1/audit/orgs/{id}/streams': { summary: 'Create a webhook stream (signing secret shown once)', tag: 'streams', access: key('audit:write'), body: StreamIn, ok: { 201: Stream }, errors: ['unsupported_stream_type', 'too_many_streams', 'invalid_url', 'not_https', 'forbidden_destination', 'org_not_found', 'org_archived'] },
  'GET /v1/audit/orgs/{id}/streams': { summary: 'List the streams of an organization', tag: 'streams', access: key('audit:write'), ok: { 200: open({ streams: t.Array(Stream) }) }, errors: ['org_not_found'] },
  'DELETE /v1/audit/orgs/{id}/streams/{stream_id}': { summary: 'Delete a stream', tag: 'streams', access: key('audit:write'), ok: { 200: Obj }, errors: ['not_found'] },
  'POST /v1/audit/orgs/{id}/streams/{stream_id}/pause': { summary: 'Pause a stream', tag: 'streams', access: key('audit:write'), ok: { 200: Stream }, errors: ['not_found'] },
  'POST /v1/audit/orgs/{id}/streams/{stream_id}/resume': { summary: 'Resume a paused or failing stream', tag: 'streams', access: key('audit:write'), ok: { 200: Stream }, errors: ['not_found'] },
  'POST /v1/audit/exports': { summary: 'Queue an export (hot and cold storage, one file)', tag: 'exports', access: key('audit:read'), body: ExportIn, ok: { 202: ExportJob }, errors: ['invalid_organization_id', 'invalid_format', 'invalid_payload', 'org_not_found', 'org_archived'] },
  'GET /v1/audit/exports/{id}': { summary: 'Export job status', tag: 'exports', access: key('audit:read'), ok: { 200: ExportJob }, errors: ['not_found'] },
  'GET /v1/audit/exports/{id}/download': {
    summary: 'Download a ready export through its signed URL (no key)', tag: 'exports', access: { kind: 'signed_url' }, ok: { 200: 'download' }, errors: ['not_found'],
    query: { expires: t.Integer({ description: 'Unix seconds' }), sig: t.String({ description: 'hex HMAC' }) },
  },
  'POST /v1/audit/portal_sessions': { summary: 'Mint a one-time viewer link', tag: 'portal', access: key('audit:write'), body: PortalIn, ok: { 201: PortalSession }, errors: ['invalid_organization_id', 'invalid_intent', 'invalid_duration', 'invalid_link_duration', 'org_not_found', 'org_archived'] },
  'POST /v1/audit/portal/exchange': { summary: 'Exchange a viewer link token for a session', tag: 'portal', access: PUBLIC, body: t.Object({ token: t.String() }), ok: { 200: Exchange }, errors: ['invalid_or_used_link'] },
  'GET /v1/portal/audit/events': { summary: 'Viewer: query the session org audit events', tag: 'portal', access: SESSION, ok: { 200: EventsPage }, errors: ['invalid_or_used_link', 'wrong_intent'] },
  'GET /v1/portal/audit/events/{id}': { summary: 'Viewer: one audit event', tag: 'portal', access: SESSION, ok: { 200: AuditEvent }, errors: ['invalid_or_used_link', 'wrong_intent', 'not_found'] },
  'GET /v1/portal/audit/events/{id}/verify': { summary: 'Viewer: verify one audit event', tag: 'portal', access: SESSION, ok: { 200: AuditVerify }, errors: ['invalid_or_used_link', 'wrong_intent', 'not_found'] },
  'GET /v1/portal/audit/checkpoint': { summary: "Viewer: the latest checkpoint of the session org's log", tag: 'portal', access: SESSION, ok: { 200: Obj }, errors: ['invalid_or_used_link', 'wrong_intent', 'checkpoint_not_found'] },
  'GET /v1/portal/streams': { summary: 'Viewer: the streams of the session org', tag: 'portal', access: SESSION, ok: { 200: open({ streams: t.Array(Stream) }) }, errors: ['invalid_or_used_link', 'wrong_intent'] },
  'GET /portal': { summary: 'The hosted audit log viewer (link token in the fragment)', tag: 'pages', access: PUBLIC, ok: { 200: 'html' } },
  'GET /assets/portal.js': { summary: 'Script of the viewer', tag: 'pages', access: PUBLIC, ok: { 200: 'javascript' } },
  'GET /assets/portal.css': { summary: 'Stylesheet of the viewer', tag: 'pages', access: PUBLIC, ok: { 200: 'css' } },
  // Transparency logs (tamper evidence): documented here ahead of their routes.
  ...logRoutes('/v1/log', 'logs', key('read')),
  ...logRoutes('/v1/audit/orgs/{id}/log', 'logs', key('audit:read')),
  ...logRoutes('/v1/proof/log/{domain}', 'logs', PUBLIC),
  'GET /v1/proof/head/checkpoint': {
    summary: 'The latest published head (or the published head of tree_size leaves): the platform-signed note with one cosignature line per witness that cosigned, and RFC 3161 tokens over its body',
    tag: 'logs', access: PUBLIC, ok: { 200: HeadCheckpoint }, errors: ['invalid_tree_size', 'checkpoint_not_found'], query: { tree_size: t.Optional(t.Integer()) },
  },
  'GET /v1/proof/head/inclusion': {
    summary: 'Inclusion proof of a head leaf (by leaf_index, or by the origin and size of the log checkpoint it commits to) in a published head',
    tag: 'logs', access: PUBLIC, ok: { 200: Inclusion }, errors: LOG_ERRORS,
    query: { leaf_index: t.Optional(t.Integer()), origin: t.Optional(t.String()), size: t.Optional(t.Integer()), tree_size: t.Optional(t.Integer()) },
  },
  'GET /v1/proof/head/consistency': { summary: 'Consistency proof between two head sizes, up to the latest published head', tag: 'logs', access: PUBLIC, ok: { 200: Consistency }, errors: ['invalid_tree_size'], query: { first: t.Integer(), second: t.Integer() } },
  'GET /v1/log/integrity': { summary: "Integrity report of the tenant's log", tag: 'logs', access: key('read'), ok: { 200: LogIntegrity } },
};

/** Routes whose writes go through the writer: refused with 503 overloaded under back-pressure. */
const WRITES = ['POST /v1/events', 'POST /v1/ai/attestations', 'POST /v1/document/anchor', 'POST /v1/traces', 'POST /v1/traces/{trace_id}/seal', 'POST /v1/audit/events'];
export const OPERATIONS: Record<string, Operation> = Object.fromEntries(
  Object.entries(OPS).map(([k, op]) => [k, WRITES.includes(k) ? { ...op, errors: [...(op.errors ?? []), 'overloaded'] } : op]),
);
