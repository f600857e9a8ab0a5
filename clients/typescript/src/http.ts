// Owns how one logical call reaches the API: the key, JSON in and out, retries (Retry-After capped at 60 s, else
// exponential backoff with jitter), the Idempotency-Key reused on every retry, and the 202 of a key in flight. The
// rules are the Python client's too; clients/retry-scenarios.json holds both to them.
import { errorOfAnswer, ProofLedgerError } from './errors';
import { exchange, NoAnswer, type Answer, type HeaderReader } from './transport';

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
  /**
   * Whether a retry after a lost answer or a 5xx may repeat the effect. True by default; false for a DELETE (a second
   * one answers 404). 429 and 503, answered before anything is done, are retried either way.
   */
  repeatable?: boolean;
  /**
   * An error that answers a retry of this call after an attempt that may have taken effect (a lost answer, a 5xx)
   * can mean that the attempt did: this gives the answer that attempt got, or null to keep the error.
   */
  afterLoss?: (e: ProofLedgerError) => unknown;
  /** Answer the body bytes instead of parsing JSON. */
  bytes?: boolean;
};
export type Reply<T> = { status: number; headers: HeaderReader; body: T; replayed: boolean };

/** Retry-After is obeyed up to this many seconds. */
export const MAX_RETRY_AFTER_S = 60;
/** How many 202 processing answers one call waits through (one per Retry-After, 1 s by default). */
export const MAX_PROCESSING_POLLS = 60;
const utf8 = new TextDecoder();

/** Seconds of a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(v: string | null, now: number = Date.now()): number | null {
  if (v === null || v.trim() === '') return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Exponential backoff with jitter: a step of 0.5 s * 2^attempt (at most 8 s), each wait drawn in [step/2, step]. */
export const backoffMs = (attempt: number): number => {
  const step = Math.min(8000, 500 * 2 ** attempt);
  return step / 2 + Math.random() * (step / 2);
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function parseBody(a: Answer): unknown {
  if (a.bytes.length === 0) return null;
  const text = utf8.decode(a.bytes);
  if ((a.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const isProcessing = (status: number, body: unknown) =>
  status === 202 && (body as { status?: unknown } | null)?.status === 'processing';

export class Http {
  readonly baseUrl: string;
  private readonly apiKey?: string;
  private readonly ca?: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;

  constructor(o: ClientOptions) {
    if (!o || typeof o.baseUrl !== 'string' || !/^https?:\/\//.test(o.baseUrl))
      throw new TypeError('baseUrl must be an absolute http(s) URL');
    this.baseUrl = o.baseUrl.replace(/\/+$/, '');
    this.apiKey = o.apiKey;
    this.ca = o.ca;
    this.maxRetries = Math.max(0, o.maxRetries ?? 3);
    this.timeoutMs = o.timeoutMs ?? 30_000;
  }

  url(path: string, query?: Query): string {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      q.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    const s = q.toString();
    return this.baseUrl + path + (s ? `?${s}` : '');
  }

  /** One logical call: retried as the contract says, then the parsed 2xx answer or a ProofLedgerError. */
  async call<T>(method: string, path: string, o: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: o.bytes ? '*/*' : 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.idempotencyKey !== undefined) headers['idempotency-key'] = o.idempotencyKey;
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const repeatable = o.repeatable ?? method !== 'DELETE';
    const url = this.url(path, o.query);
    let retries = 0;
    let polls = 0;
    // An earlier attempt of this call may have taken effect (its answer was lost, or a 5xx came after the work).
    let mayHaveActed = false;
    for (;;) {
      let a: Answer;
      try {
        a = await exchange({ method, url, headers, body, timeoutMs: this.timeoutMs, ca: this.ca, fresh: !repeatable });
      } catch (e) {
        if (!(e instanceof NoAnswer)) throw e;
        mayHaveActed = true;
        if (repeatable && retries < this.maxRetries) {
          await sleep(backoffMs(retries++));
          continue;
        }
        throw new ProofLedgerError({
          code: e.timedOut ? 'timeout' : 'connection_error',
          status: 0,
          message: `${method} ${path}: ${e.message}`,
          cause: e.cause,
        });
      }
      const retryAfter = retryAfterSeconds(a.headers.get('retry-after'));
      const replayed = a.headers.get('idempotent-replayed') === 'true';
      if (a.status >= 200 && a.status < 300) {
        if (o.bytes) return { status: a.status, headers: a.headers, body: a.bytes as T, replayed };
        const parsed = parseBody(a);
        // docs/api.md#idempotency: the key's first request is still being written; ask again with the same key.
        if (o.idempotencyKey !== undefined && isProcessing(a.status, parsed)) {
          if (polls++ >= MAX_PROCESSING_POLLS)
            throw new ProofLedgerError({
              code: 'processing',
              status: 202,
              message: `${method} ${path}: still processing after ${polls - 1} polls`,
              retryAfter,
              body: parsed,
            });
          await sleep(Math.min(retryAfter ?? 1, MAX_RETRY_AFTER_S) * 1000);
          continue;
        }
        return { status: a.status, headers: a.headers, body: parsed as T, replayed };
      }
      const parsed = parseBody(a);
      const err = errorOfAnswer(a.status, parsed, retryAfter);
      const stored = mayHaveActed && o.afterLoss ? o.afterLoss(err) : null;
      if (stored !== null && stored !== undefined)
        return { status: a.status, headers: a.headers, body: stored as T, replayed: true };
      // 429 and 503 are refusals before any effect; another 5xx may follow an effect, so only a repeatable call retries.
      // A spent monthly quota does not come back within a retry.
      const retryable =
        (a.status === 429 && err.code !== 'quota_exceeded') || a.status === 503 || (a.status >= 500 && repeatable);
      if (!retryable || retries >= this.maxRetries) throw err;
      if (a.status !== 429 && a.status !== 503) mayHaveActed = true;
      await sleep(retryAfter !== null ? Math.min(retryAfter, MAX_RETRY_AFTER_S) * 1000 : backoffMs(retries));
      retries++;
    }
  }
}
