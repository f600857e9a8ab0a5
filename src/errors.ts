// Owns the one client-visible error type and the table code -> HTTP status -> default message (docs/api.md#errors).

type Row = { readonly status: number; readonly message: string; readonly at?: Readonly<Record<string, number>> };

/**
 * Every code a client can see (docs/api.md#errors), the general ones first. The status of a
 * code is fixed here and nowhere else; `at` names the one documented place where a code answers with a
 * different status (docs/api.md#errors: payload_too_large is 400 on event ingest, 413 in the general table).
 */
export const ERRORS = {
  missing_api_key: { status: 401, message: 'No API key: send Authorization: Bearer <key> or X-API-Key' },
  invalid_api_key: { status: 401, message: 'API key not recognised' },
  invalid_api_key_format: { status: 401, message: 'API key must be svc_live_ followed by 43 base64url characters' },
  invalid_authorization_scheme: { status: 401, message: 'Authorization header must use the Bearer scheme' },
  api_key_revoked: { status: 401, message: 'API key has been revoked' },
  invalid_or_used_link: { status: 401, message: 'Portal link invalid, expired or already exchanged' },
  invalid_api_context: { status: 401, message: 'Authenticated context has no key id' },
  insufficient_scope: { status: 403, message: 'API key lacks the scope this endpoint needs' },
  ip_not_allowed: { status: 403, message: "Caller IP is not on the key's allowlist" },
  feature_not_available: { status: 403, message: 'Feature not in plan' },
  wrong_intent: { status: 403, message: 'Portal link minted for a different intent' },
  too_many_orgs: { status: 403, message: "Plan's audit org limit reached" },
  payment_required: { status: 402, message: 'Subscription past due' },
  invalid_payload: { status: 400, message: 'Invalid request body' },
  bad_request: { status: 400, message: 'Bad request' },
  invalid_path_parameter: { status: 400, message: 'Invalid path parameter' },
  payload_too_large: { status: 413, message: 'Request body too large', at: { ledger_ingest: 400 } },
  invalid_event_type: { status: 400, message: 'event_type must be 1-128 bytes' },
  invalid_idempotency_key: { status: 400, message: 'Idempotency-Key is empty, too long or not UTF-8' },
  invalid_document_hash: { status: 400, message: 'document_hash must be 64 lowercase hex characters' },
  invalid_metadata: { status: 400, message: 'metadata must be a JSON object' },
  metadata_too_large: { status: 400, message: 'metadata too large' },
  invalid_original_bytes_base64: { status: 400, message: 'original_bytes is not base64' },
  original_bytes_empty: { status: 400, message: 'original_bytes is empty' },
  original_bytes_too_large: { status: 400, message: 'original_bytes is over 5 MB' },
  original_bytes_hash_mismatch: { status: 400, message: 'SHA-256 of original_bytes differs from document_hash' },
  invalid_attestation_type: { status: 400, message: 'attestation_type must be output, decision or approval' },
  empty_payload: { status: 400, message: 'input and output must not be empty' },
  invalid_context: { status: 400, message: 'Model fields must not be empty when provided' },
  subject_too_large: { status: 400, message: 'subject too large' },
  subject_too_many_keys: { status: 400, message: 'subject has too many keys' },
  invalid_label: { status: 400, message: 'label missing or over 255 characters' },
  trace_empty: { status: 400, message: 'The trace has no items' },
  invalid_action: {
    status: 400,
    message: 'action must be lowercase, dot-segmented, 2-3 segments, at most 128 characters',
  },
  invalid_actor: { status: 400, message: 'actor.type or actor.id missing' },
  invalid_target: { status: 400, message: 'A target lacks type or id' },
  too_many_targets: { status: 400, message: 'More than 20 targets' },
  invalid_occurred_at: { status: 400, message: 'occurred_at must be RFC 3339' },
  occurred_at_out_of_window: { status: 400, message: 'occurred_at outside now minus 5 years to now plus 24 hours' },
  missing_idempotency_key: { status: 400, message: 'Idempotency-Key header required' },
  invalid_organization_id: { status: 400, message: 'organization_id missing or over 255 characters' },
  invalid_name: { status: 400, message: 'name over 255 characters' },
  unsupported_stream_type: { status: 400, message: 'Stream type must be webhook' },
  too_many_streams: { status: 400, message: "Plan's stream limit reached for the org" },
  invalid_url: { status: 400, message: 'Not a valid absolute URL' },
  not_https: { status: 400, message: 'URL must be https' },
  forbidden_destination: { status: 400, message: 'Destination address not allowed' },
  invalid_format: { status: 400, message: 'format must be csv or ndjson' },
  invalid_intent: { status: 400, message: 'intent must be audit_logs or log_streams' },
  invalid_duration: { status: 400, message: 'session_duration_seconds outside 60-86400' },
  invalid_link_duration: { status: 400, message: 'link_duration_seconds outside 60-3600' },
  event_not_found: { status: 404, message: 'No such event' },
  document_not_found: { status: 404, message: 'No such document' },
  attestation_not_found: { status: 404, message: 'No such attestation' },
  trace_not_found: { status: 404, message: 'No such trace' },
  proof_not_found: { status: 404, message: 'No proof record' },
  org_not_found: { status: 404, message: 'Unknown audit org' },
  not_found: { status: 404, message: 'Not found' },
  duplicate_event: { status: 409, message: 'Idempotency key already used' },
  idempotency_key_reuse_mismatch: { status: 409, message: 'Idempotency key reused with a different body' },
  document_already_anchored: { status: 409, message: 'Document hash already anchored' },
  trace_sealed: { status: 409, message: 'Trace already sealed' },
  trace_sealing: { status: 409, message: 'Trace being sealed' },
  trace_not_open: { status: 409, message: 'Items only go to open traces' },
  trace_invalid_status: { status: 409, message: 'Trace status is not open, sealing or sealed' },
  trace_not_sealed: { status: 409, message: 'Proof requested before sealing finished' },
  org_exists: { status: 409, message: 'organization_id already exists' },
  org_archived: { status: 409, message: 'Org archived; no new activity' },
  org_not_deletable: { status: 409, message: 'Org cannot be deleted now' },
  retention_expired: { status: 410, message: 'Ledger row sealed by retention' },
  rate_limited: { status: 429, message: 'Rate limit exceeded' },
  quota_exceeded: { status: 429, message: 'Monthly quota reached' },
  db_error: { status: 500, message: 'Database operation failed; safe to retry with backoff' },
  ingest_failed: { status: 500, message: 'Record not persisted; safe to retry' },
  encode_failed: { status: 500, message: 'Serialization failed' },
  serialization_failed: { status: 500, message: 'Internal serialization error' },
  quota_check_failed: { status: 500, message: 'Limits or counter unreadable; request rejected' },
  api_key_lookup_failed: { status: 500, message: 'Key lookup failed' },
  // docs/traces.md#creating-a-trace-post-v1traces-scope-write: a second open trace with the same label.
  trace_label_in_use: { status: 409, message: 'An open trace of this tenant already has this label' },
  // docs/operations.md#behind-a-proxy: plain HTTP behind a TLS-terminating proxy.
  https_required: { status: 403, message: 'HTTPS is required' },
  // docs/portal-and-exports.md#exports: "403 once expired or tampered" for export download URLs.
  invalid_download_signature: { status: 403, message: 'The download URL is not valid' },
  download_expired: { status: 403, message: 'The download URL has expired' },
  // docs/transparency-logs.md#proofs: transparency log endpoints.
  checkpoint_not_found: { status: 404, message: 'The log has no checkpoint yet' },
  invalid_leaf_index: { status: 400, message: 'leaf_index must be an integer below tree_size' },
  invalid_tree_size: { status: 400, message: 'Invalid tree size' },
  leaf_pending: { status: 409, message: 'The record is not yet covered by a checkpoint' },
  leaf_not_found: { status: 404, message: 'No such record in the log' },
  // docs/operations.md#the-appliance-as-a-witness: the appliance as a witness (C2SP tlog-witness v1.0.0 gives the statuses; the codes are ours).
  unknown_log: { status: 404, message: 'This witness does not follow that log' },
  invalid_checkpoint_signature: { status: 403, message: "No valid signature by the log's key" },
  invalid_consistency_proof: { status: 422, message: 'The consistency proof does not verify' },
  // Back-pressure of the write path (docs/operations.md): answered at once with Retry-After.
  overloaded: { status: 503, message: 'Too many writes in flight; retry after Retry-After seconds' },
  // docs/operations.md#replication-and-failover: replication on PostgreSQL.
  not_primary: { status: 503, message: 'This node is a standby; send writes to the primary' },
  replication_unavailable: {
    status: 503,
    message: 'PostgreSQL cannot commit writes now; retry after Retry-After seconds',
  },
  // docs/api.md#the-operator-api: platform operator tokens on /v1/operator/ (API keys are refused there).
  missing_operator_token: { status: 401, message: 'No operator token: send Authorization: Bearer svc_op_…' },
  invalid_operator_token: { status: 401, message: 'Operator token not recognised' },
  operator_token_revoked: { status: 401, message: 'Operator token has been revoked' },
  // docs/scitt.md: the SCITT Transparency Service (POST /entries, its registration policy and its issuers).
  invalid_statement: { status: 400, message: 'Not a Signed Statement this service registers' },
  unsupported_algorithm: {
    status: 400,
    message: 'The statement is signed with an algorithm other than EdDSA or ES256',
  },
  missing_claims: { status: 400, message: 'The statement lacks CWT claims iss and sub in its protected header' },
  statement_rejected: { status: 400, message: 'The registration policy refused the statement' },
  unsupported_media_type: { status: 415, message: 'Send the statement as Content-Type: application/cose' },
  entry_not_found: { status: 404, message: 'No such entry' },
  issuer_exists: { status: 409, message: 'The tenant already has this issuer' },
  // docs/api.md#errors: a retention pass or backup asked for while another retention pass holds the lock.
  retention_busy: { status: 409, message: 'A retention pass is running; retry shortly' },
  // The generic 500 for unexpected exceptions (never carries internals).
  internal_error: { status: 500, message: 'Internal error' },
} as const satisfies Record<string, Row>;

/** A code of the table above; ApiError accepts nothing else. */
export type ErrorCode = keyof typeof ERRORS;
/** The places where a code answers with another status than its general one. */
type Place<C extends ErrorCode> = (typeof ERRORS)[C] extends { at: infer A } ? keyof A & string : never;

export const isErrorCode = (s: string): s is ErrorCode => Object.hasOwn(ERRORS, s);

/** A client-visible error: `code` from the table, its status from the table, `extra` merged into the body. */
export class ApiError extends Error {
  readonly status: number;
  headers: Record<string, string> = {};
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
  /** The same error at a place where the table gives the code its own status (`ERRORS[code].at`). */
  static at<C extends ErrorCode>(
    code: C,
    place: Place<C>,
    message?: string,
    extra?: Record<string, unknown>,
  ): ApiError {
    const e = new ApiError(code, message, extra);
    const at: Readonly<Record<string, number>> | undefined = (ERRORS[code] as Row).at;
    (e as { status: number }).status = at?.[place] ?? e.status;
    return e;
  }
  /** Headers the error response must carry (Retry-After, X-RateLimit-*). */
  withHeaders(h: Record<string, string>): this {
    Object.assign(this.headers, h);
    return this;
  }
  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** A framework-level rejection answered as plain text (docs/api.md#errors: malformed JSON, content type, paging). */
export class PlainError extends Error {
  constructor(
    readonly status: 400 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}
