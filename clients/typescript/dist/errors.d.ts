/** Codes the client adds to the API's: no answer after every retry, an answer too late, a key still processing. */
export type ClientErrorCode = 'connection_error' | 'timeout' | 'processing';
export declare class ProofLedgerError extends Error {
    /** The API's machine-readable `error` (e.g. `idempotency_key_reuse_mismatch`), or a ClientErrorCode. */
    readonly code: string;
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number;
    /** Seconds the answer asked to wait (Retry-After), or null. */
    readonly retryAfter: number | null;
    /** The parsed JSON body, the text of a plain-text answer, or null. */
    readonly body: unknown;
    constructor(init: {
        code: string;
        status: number;
        message: string;
        retryAfter?: number | null;
        body?: unknown;
        cause?: unknown;
    });
}
/** The error of a non-2xx answer: SPEC's JSON shape when the body has one, else a framework rejection. */
export declare function errorOfAnswer(status: number, body: unknown, retryAfter: number | null): ProofLedgerError;
