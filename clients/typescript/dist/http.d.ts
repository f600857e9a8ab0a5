export type ClientOptions = {
    /** The appliance's origin, e.g. `https://ledger.example.com`. */
    baseUrl: string;
    /** An API key (`svc_live_…`); the public proof and key routes need none. */
    apiKey?: string;
    /** PEM text of a certificate (or CA) to trust, for an appliance with a self-signed certificate (Node.js, Bun). */
    ca?: string;
    /** Retries of one call after a connection error, 429, 503 or 5xx; default 3. */
    maxRetries?: number;
    /** Deadline of each attempt, in milliseconds; default 30,000. */
    timeoutMs?: number;
};
export type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;
export type CallOptions = {
    query?: Query;
    body?: unknown;
    /** Sent as Idempotency-Key on every attempt of this call: a retry is then safe whatever happened to the first. */
    idempotencyKey?: string;
    /** Whether a retry after a lost answer or a 500 may repeat the effect; true for reads and keyed writes. */
    repeatable?: boolean;
    /** Audit ingest: a 409 duplicate_event answering a retry of this call means the first attempt was stored. */
    duplicateMeansStored?: boolean;
    /** Answer the body bytes instead of parsing JSON. */
    bytes?: boolean;
};
export type Reply<T> = {
    status: number;
    headers: Headers;
    body: T;
};
/** Seconds of a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
export declare function retryAfterSeconds(v: string | null, now?: number): number | null;
/** Exponential backoff with jitter: half of 0.5 s * 2^attempt (at most 8 s) plus a random part up to that half. */
export declare const backoffMs: (attempt: number) => number;
export declare class Http {
    readonly baseUrl: string;
    private readonly apiKey?;
    private readonly ca?;
    private readonly maxRetries;
    private readonly timeoutMs;
    constructor(o: ClientOptions);
    url(path: string, query?: Query): string;
    /** One logical call: retried as the contract says, then the parsed 2xx answer or a ProofLedgerError. */
    call<T>(method: string, path: string, o?: CallOptions): Promise<Reply<T>>;
}
