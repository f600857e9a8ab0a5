// The error table of src/errors.ts against the repository's own error documentation (docs/api.md).
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { ApiError, ERRORS, isErrorCode } from '../../src/errors';
import { API_MD, parseApiTable } from '../../scripts/gen-error-codes';

// The general error table, written out by hand from docs/api.md#errors.
const GENERAL_CODES: Record<string, number | [number, number]> = {
  missing_api_key: 401,
  invalid_api_key: 401,
  invalid_api_key_format: 401,
  invalid_authorization_scheme: 401,
  api_key_revoked: 401,
  invalid_or_used_link: 401,
  invalid_api_context: 401,
  insufficient_scope: 403,
  ip_not_allowed: 403,
  feature_not_available: 403,
  wrong_intent: 403,
  too_many_orgs: 403,
  payment_required: 402,
  invalid_payload: 400,
  bad_request: 400,
  invalid_path_parameter: 400,
  payload_too_large: [413, 400],
  invalid_event_type: 400,
  invalid_idempotency_key: 400,
  invalid_document_hash: 400,
  invalid_metadata: 400,
  metadata_too_large: 400,
  invalid_original_bytes_base64: 400,
  original_bytes_empty: 400,
  original_bytes_too_large: 400,
  original_bytes_hash_mismatch: 400,
  invalid_attestation_type: 400,
  empty_payload: 400,
  invalid_context: 400,
  subject_too_large: 400,
  subject_too_many_keys: 400,
  invalid_label: 400,
  trace_empty: 400,
  invalid_action: 400,
  invalid_actor: 400,
  invalid_target: 400,
  too_many_targets: 400,
  invalid_occurred_at: 400,
  occurred_at_out_of_window: 400,
  missing_idempotency_key: 400,
  invalid_organization_id: 400,
  invalid_name: 400,
  unsupported_stream_type: 400,
  too_many_streams: 400,
  invalid_url: 400,
  not_https: 400,
  forbidden_destination: 400,
  invalid_format: 400,
  invalid_intent: 400,
  invalid_duration: 400,
  invalid_link_duration: 400,
  event_not_found: 404,
  document_not_found: 404,
  attestation_not_found: 404,
  trace_not_found: 404,
  proof_not_found: 404,
  org_not_found: 404,
  not_found: 404,
  duplicate_event: 409,
  idempotency_key_reuse_mismatch: 409,
  document_already_anchored: 409,
  trace_sealed: 409,
  trace_sealing: 409,
  trace_not_open: 409,
  trace_invalid_status: 409,
  trace_not_sealed: 409,
  org_exists: 409,
  org_archived: 409,
  org_not_deletable: 409,
  retention_expired: 410,
  rate_limited: 429,
  quota_exceeded: 429,
  db_error: 500,
  ingest_failed: 500,
  encode_failed: 500,
  serialization_failed: 500,
  quota_check_failed: 500,
  api_key_lookup_failed: 500,
};
// Codes of traces, transport and the transparency logs (docs/traces.md, docs/operations.md#behind-a-proxy,
// docs/transparency-logs.md#proofs).
const AREA_CODES: Record<string, number> = {
  trace_label_in_use: 409,
  https_required: 403,
  checkpoint_not_found: 404,
  invalid_leaf_index: 400,
  invalid_tree_size: 400,
  leaf_pending: 409,
  leaf_not_found: 404,
};
// The export download URL's 403s (docs/portal-and-exports.md#exports), the witness's 404, 403 and 422
// (docs/operations.md#the-appliance-as-a-witness), the generic 500 of unexpected exceptions, and the write path's
// back-pressure answer (docs/operations.md), the operator API's token errors (docs/api.md), and the SCITT
// Transparency Service's refusals and issuer registry (docs/scitt.md), and a busy retention lock (docs/api.md#errors).
const EXTRA_CODES: Record<string, number> = {
  invalid_download_signature: 403,
  download_expired: 403,
  internal_error: 500,
  overloaded: 503,
  unknown_log: 404,
  invalid_checkpoint_signature: 403,
  invalid_consistency_proof: 422,
  not_primary: 503,
  replication_unavailable: 503,
  missing_operator_token: 401,
  invalid_operator_token: 401,
  operator_token_revoked: 401,
  invalid_statement: 400,
  unsupported_algorithm: 400,
  missing_claims: 400,
  statement_rejected: 400,
  unsupported_media_type: 415,
  entry_not_found: 404,
  issuer_exists: 409,
  retention_busy: 409,
};

describe('errors table', () => {
  it('has every general code with its status, and the event-ingest status of payload_too_large', () => {
    for (const [code, want] of Object.entries(GENERAL_CODES)) {
      expect(isErrorCode(code)).toBe(true);
      const row = ERRORS[code as keyof typeof ERRORS] as { status: number; at?: Record<string, number> };
      if (Array.isArray(want)) {
        expect([code, row.status]).toEqual([code, want[0]]);
        expect(row.at?.ledger_ingest).toBe(want[1]);
      } else expect([code, row.status]).toEqual([code, want]);
    }
  });
  it('adds the area codes, and nothing else except the documented extras', () => {
    for (const [code, status] of Object.entries(AREA_CODES))
      expect([code, (ERRORS[code as keyof typeof ERRORS] as { status: number } | undefined)?.status]).toEqual([
        code,
        status,
      ]);
    const known = new Set([...Object.keys(GENERAL_CODES), ...Object.keys(AREA_CODES), ...Object.keys(EXTRA_CODES)]);
    expect(Object.keys(ERRORS).filter((c) => !known.has(c))).toEqual([]);
    for (const [code, status] of Object.entries(EXTRA_CODES))
      expect(ERRORS[code as keyof typeof ERRORS].status as number).toBe(status);
  });
  it("answers every code of docs/api.md's error table with the status the table gives it", () => {
    const rows = parseApiTable(readFileSync(API_MD, 'utf8'));
    // The table is read, not empty: every status row of it has codes.
    expect(new Set(rows.map(([, status]) => status))).toEqual(
      new Set([400, 401, 402, 403, 404, 409, 410, 413, 415, 422, 429, 500, 503]),
    );
    for (const [code, status] of rows) {
      expect([code, isErrorCode(code)]).toEqual([code, true]);
      expect([code, ERRORS[code as keyof typeof ERRORS].status as number]).toEqual([code, status]);
    }
    // And it is the whole list: every code a client can see is documented there (the client's code type comes from it).
    const documented = new Set(rows.map(([code]) => code));
    expect(Object.keys(ERRORS).filter((c) => !documented.has(c))).toEqual([]);
  });
  it('takes the status from the table only; ApiError.at gives the documented other status', () => {
    expect(new ApiError('payload_too_large').status).toBe(413);
    expect(ApiError.at('payload_too_large', 'ledger_ingest').status).toBe(400);
    expect(new ApiError('rate_limited', undefined, { retry_after: 1 }).body()).toEqual({
      error: 'rate_limited',
      message: 'Rate limit exceeded',
      retry_after: 1,
    });
    // @ts-expect-error a code outside the table does not typecheck
    expect(() => new ApiError('no_such_code')).toThrow();
  });
});
