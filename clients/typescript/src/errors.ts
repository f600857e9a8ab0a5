// Owns the client's one error type: the API's JSON error (code = its `error`), a framework plain-text rejection
// (code bad_request), a failure to get an answer at all (connection_error, timeout), or a webhook that does not verify.
import type { ApiErrorCode } from './error-codes';

/**
 * Codes the client adds to the API's: no answer after every retry, an answer too late, a key still processing, a
 * webhook delivery whose signature does not verify (constructEvent), evidence waited for that did not come in time
 * (a `wait` option or waitSealed; the body is the last proof seen).
 */
export type ClientErrorCode = 'connection_error' | 'timeout' | 'processing' | 'invalid_signature' | 'wait_timeout';
/**
 * What `ProofLedgerError.code` can be: every code of the API's error table (docs/api.md), the client's own, and any
 * other string (a newer appliance may answer a code this version does not list).
 */
export type ErrorCode = ApiErrorCode | ClientErrorCode | (string & {});

export class ProofLedgerError extends Error {
  /** The API's machine-readable `error` (e.g. `idempotency_key_reuse_mismatch`), or a ClientErrorCode. */
  readonly code: ErrorCode;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** Seconds the answer asked to wait (Retry-After), or null. */
  readonly retryAfter: number | null;
  /** The parsed JSON body, the text of a plain-text answer, or null. */
  readonly body: unknown;

  constructor(init: {
    code: ErrorCode;
    status: number;
    message: string;
    retryAfter?: number | null;
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ProofLedgerError';
    this.code = init.code;
    this.status = init.status;
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body ?? null;
  }
}

/** The error of a non-2xx answer: the JSON shape of docs/api.md#errors when the body has one, else a framework rejection. */
export function errorOfAnswer(status: number, body: unknown, retryAfter: number | null): ProofLedgerError {
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    const b = body as { error: string; message?: unknown };
    return new ProofLedgerError({
      code: b.error,
      status,
      message: typeof b.message === 'string' ? b.message : b.error,
      retryAfter,
      body,
    });
  }
  // docs/api.md#errors: malformed bodies, a missing JSON content type and non-integer paging are plain-text 400/415/422.
  const text = typeof body === 'string' ? body.slice(0, 200) : '';
  // A proxy's own non-JSON answers keep the meaning of their status.
  const code =
    status === 429 ? 'rate_limited' : status === 503 ? 'overloaded' : status >= 500 ? 'internal_error' : 'bad_request';
  return new ProofLedgerError({ code, status, message: text || `HTTP ${status}`, retryAfter, body });
}
