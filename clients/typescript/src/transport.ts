// Owns one HTTP exchange: fetch in browsers, Bun and Node.js, except where a private CA must be trusted, which
// fetch cannot do in Node.js: there node:https carries the request. Answers status, headers and the body bytes.

export type Exchange = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  ca?: string;
  /**
   * On a new connection: Bun's fetch sends a request again by itself when a reused connection closes before the
   * answer, which a call that must not be repeated (a DELETE) cannot allow.
   */
  fresh?: boolean;
};
/** What the client reads of an answer's headers (fetch's Headers has it; no DOM type reaches the declarations). */
export type HeaderReader = { get(name: string): string | null };
export type Answer = { status: number; headers: HeaderReader; bytes: Uint8Array };

/** Thrown when no answer arrived (refused, reset, TLS failure, dropped); `timedOut` when the deadline passed. */
export class NoAnswer extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

const isBun = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
const isNode =
  !isBun && typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

export function exchange(x: Exchange): Promise<Answer> {
  return x.ca && isNode ? nodeExchange(x) : fetchExchange(x);
}

async function fetchExchange(x: Exchange): Promise<Answer> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), x.timeoutMs);
  try {
    // Bun's fetch takes the CA in `tls`; browsers trust what the operating system trusts (no option exists).
    const init: RequestInit & { tls?: { ca: string } } = {
      method: x.method,
      headers: x.headers,
      body: x.body,
      signal: ctl.signal,
      ...(x.fresh ? { keepalive: false } : {}),
      ...(x.ca && isBun ? { tls: { ca: x.ca } } : {}),
    };
    const res = await fetch(x.url, init);
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  } catch (e) {
    throw new NoAnswer(
      ctl.signal.aborted ? `no answer within ${x.timeoutMs} ms` : `no answer: ${(e as Error).message}`,
      ctl.signal.aborted,
      e,
    );
  } finally {
    clearTimeout(timer);
  }
}

type NodeHttps = typeof import('node:https');
let https: Promise<NodeHttps> | null = null;
// A computed specifier keeps browser bundlers from resolving a module that only Node.js has.
const NODE_HTTPS = 'node:https';

async function nodeExchange(x: Exchange): Promise<Answer> {
  https ??= import(/* @vite-ignore */ NODE_HTTPS) as Promise<NodeHttps>;
  const { request } = await https;
  return new Promise<Answer>((resolve, reject) => {
    let timedOut = false;
    const req = request(x.url, { method: x.method, headers: x.headers, ca: x.ca }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Uint8Array) => chunks.push(c));
      res.on('error', (e) => reject(new NoAnswer(`no answer: ${e.message}`, timedOut, e)));
      res.on('end', () => {
        clearTimeout(timer);
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
        const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let o = 0;
        for (const c of chunks) {
          bytes.set(c, o);
          o += c.length;
        }
        resolve({ status: res.statusCode ?? 0, headers, bytes });
      });
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error(`no answer within ${x.timeoutMs} ms`));
    }, x.timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(new NoAnswer(timedOut ? `no answer within ${x.timeoutMs} ms` : `no answer: ${e.message}`, timedOut, e));
    });
    req.end(x.body);
  });
}
