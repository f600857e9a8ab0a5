// Owns the one client-visible error type and the code -> HTTP status table of SPEC.md "Errors".
export const STATUS: Record<string, number> = {
  missing_api_key: 401, invalid_api_key: 401, invalid_api_key_format: 401, invalid_authorization_scheme: 401,
  api_key_revoked: 401, invalid_or_used_link: 401, invalid_api_context: 401,
  insufficient_scope: 403, ip_not_allowed: 403, feature_not_available: 403, wrong_intent: 403, too_many_orgs: 403,
  https_required: 403,
  payment_required: 402,
  invalid_payload: 400, bad_request: 400, invalid_path_parameter: 400, payload_too_large: 413,
  invalid_event_type: 400, invalid_idempotency_key: 400, invalid_document_hash: 400, invalid_metadata: 400,
  metadata_too_large: 400, invalid_original_bytes_base64: 400, original_bytes_empty: 400,
  original_bytes_too_large: 400, original_bytes_hash_mismatch: 400, invalid_attestation_type: 400,
  empty_payload: 400, invalid_context: 400, subject_too_large: 400, subject_too_many_keys: 400,
  invalid_label: 400, trace_empty: 400, invalid_action: 400, invalid_actor: 400, invalid_target: 400,
  too_many_targets: 400, invalid_occurred_at: 400, occurred_at_out_of_window: 400, missing_idempotency_key: 400,
  invalid_organization_id: 400, invalid_name: 400, unsupported_stream_type: 400, too_many_streams: 400,
  invalid_url: 400, not_https: 400, forbidden_destination: 400, invalid_format: 400, invalid_intent: 400,
  invalid_duration: 400, invalid_link_duration: 400,
  event_not_found: 404, document_not_found: 404, attestation_not_found: 404, trace_not_found: 404,
  proof_not_found: 404, org_not_found: 404, not_found: 404,
  duplicate_event: 409, idempotency_key_reuse_mismatch: 409, document_already_anchored: 409, trace_sealed: 409,
  trace_sealing: 409, trace_not_open: 409, trace_invalid_status: 409, trace_not_sealed: 409, org_exists: 409,
  org_archived: 409, org_not_deletable: 409, trace_label_in_use: 409,
  retention_expired: 410,
  rate_limited: 429, quota_exceeded: 429,
  overloaded: 503,
  db_error: 500, ingest_failed: 500, encode_failed: 500, serialization_failed: 500, quota_check_failed: 500,
  api_key_lookup_failed: 500, internal_error: 500,
};

const MESSAGES: Record<string, string> = {
  missing_api_key: 'No API key: send Authorization: Bearer <key> or X-API-Key',
  invalid_api_key: 'API key not recognised',
  invalid_api_key_format: 'API key must start with svc_live_',
  invalid_authorization_scheme: 'Authorization header must use the Bearer scheme',
  api_key_revoked: 'API key has been revoked',
  insufficient_scope: 'API key lacks the scope this endpoint needs',
  ip_not_allowed: "Caller IP is not on the key's allowlist",
  payment_required: 'Subscription past due',
  rate_limited: 'Rate limit exceeded',
  quota_exceeded: 'Monthly quota reached',
  payload_too_large: 'Request body too large',
  not_found: 'Not found',
  internal_error: 'Internal error',
};

/** A client-visible error: `code` from SPEC.md, status from STATUS, `extra` merged into the body. */
export class ApiError extends Error {
  readonly status: number;
  constructor(readonly code: string, message?: string, readonly extra: Record<string, unknown> = {}, status?: number) {
    super(message ?? MESSAGES[code] ?? code.replace(/_/g, ' '));
    this.status = status ?? STATUS[code] ?? 400;
  }
  headers: Record<string, string> = {};
  /** Headers the error response must carry (Retry-After, X-RateLimit-*). */
  withHeaders(h: Record<string, string>): this {
    Object.assign(this.headers, h);
    return this;
  }
  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** A framework-level rejection answered as plain text (SPEC "Errors": malformed JSON, content type, paging). */
export class PlainError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}
