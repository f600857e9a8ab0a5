// Owns the Elysia application: request ids, body parsing and limits, error rendering, request logs, routes.
import { Elysia, type AnyElysia } from 'elysia';
import { ApiError, PlainError } from '../errors';
import { config } from '../config';
import { log, logs } from '../log';
import { decodeUtf8 } from '../crypto/utf8';
import { inexactJson } from '../crypto/exact-json';
import { beginRequest, requestState } from './context';
import { trustedProxies } from './client-address';
import { checkTarget, targetPath } from './edge';
import { recordRequest } from './metrics';
import { overloaded, writerSaturated } from '../store/writer';
import { openApiRoutes } from './openapi';
import { guards } from './guards';
import { healthRoutes } from './health';
import type { ReplicationNode } from '../replication/node';
import { problemReply } from '../route-kit/evidence';
import { STATEMENT_MAX_BYTES } from '../scitt/service';

const MB = 1024 * 1024;
/** docs/api.md#conventions: 2 MB bodies everywhere, 8 MB on the document anchor route. */
export const BODY_LIMIT = 2 * MB;
export const ANCHOR_BODY_LIMIT = 8 * MB;
/** Bun's own body limit (memory guard) for every listener of the app. */
export const SERVE_MAX_BODY = 64 * MB;
/** High-volume ingest routes, refused early under back-pressure (other writes are refused when handed to the writer). */
const INGEST_PATHS = new Set([
  '/v1/events',
  '/v1/audit/events',
  '/v1/ai/attestations',
  '/v1/document/anchor',
  '/entries',
]);
/** Routes that take their body as text whatever its Content-Type: C2SP tlog-witness add-checkpoint names none. */
const TEXT_BODY_PATHS = new Set(['/witness/add-checkpoint']);
/** The SCITT registration route takes its body as bytes; its Content-Type is checked after authentication. */
const STATEMENT_PATH = '/entries';
/** The body limit of a request to `url`, whose path (targetPath) is `path`. */
const limitFor = (url: string, path: string) =>
  url.includes('/v1/document/anchor') ? ANCHOR_BODY_LIMIT : path === STATEMENT_PATH ? STATEMENT_MAX_BYTES : BODY_LIMIT;
/** docs/scitt.md#errors: the SCITT routes answer every error as RFC 9290 concise problem details, whatever raised it. */
const answersProblems = (url: string) => /^\/entries(\/|$)/.test(targetPath(url));

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json;charset=utf-8', ...headers },
  });
}
const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain;charset=utf-8', ...headers } });

/** Parses a JSON body once, keeping the raw text for hashes that follow the request text (event_hash). */
async function parseBody(request: Request, contentType: string): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  // Every body (each ingest) comes this way: the path is the one the edge check split out of the URL.
  const state = requestState(request);
  const path = state.path;
  const limit = limitFor(request.url, path);
  if (declared > limit) throw new ApiError('payload_too_large', `Request body over ${limit} bytes`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  // Chunked bodies carry no Content-Length: the received size is checked too.
  if (bytes.length > limit) throw new ApiError('payload_too_large', `Request body over ${limit} bytes`);
  if (path === STATEMENT_PATH) return bytes;
  if (bytes.length === 0) return undefined;
  if (TEXT_BODY_PATHS.has(path)) {
    const text = decodeUtf8(bytes);
    if (text === null) throw new ApiError('bad_request', 'The request body is not valid UTF-8');
    return text;
  }
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType))
    throw new PlainError(415, 'Unsupported Media Type: send Content-Type: application/json');
  // Bytes are taken as sent or refused: a lenient decoder would sign U+FFFD where the client sent something else.
  const text = decodeUtf8(bytes);
  if (text === null) throw new ApiError('invalid_payload', 'The request body is not valid UTF-8');
  state.rawBody = text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PlainError(400, 'Bad Request: malformed JSON body');
  }
  const inexact = inexactJson(text, parsed);
  if (inexact) throw new ApiError('invalid_payload', inexact);
  return parsed;
}

/**
 * The concise problem details of an error on the SCITT routes (docs/scitt.md#errors): the code as title, the message as
 * detail, the status and headers every other route gives it; unexpected errors are logged as everywhere.
 */
function problemOf(code: unknown, error: unknown, requestId: string, rate: Record<string, string>): Response {
  if (error instanceof ApiError)
    return problemReply(error.status, error.code, error.message, { ...rate, ...error.headers });
  if (error instanceof PlainError)
    return error.status === 415
      ? problemReply(415, 'unsupported_media_type', error.message, rate)
      : problemReply(400, 'bad_request', error.message, rate);
  if (code === 'NOT_FOUND') return problemReply(404, 'not_found', 'No such route', rate);
  if (code === 'PARSE' || code === 'VALIDATION') return problemReply(400, 'bad_request', 'Malformed request', rate);
  log('error', 'unhandled', { req_id: requestId, error: String((error as Error)?.stack ?? error).slice(0, 2000) });
  return problemReply(500, 'internal_error', `Internal error (request ${requestId})`);
}

/**
 * The app: the edge hooks below, the guard plugin, then `routes` (each built on the same guards); `node`: this
 * node of a cluster for the health routes (the server's boot), none in single-node mode.
 */
export function buildApp(routes: AnyElysia[], node: ReplicationNode | null = null) {
  const tlsOff = !config().tls;
  const trusted = config().trustedProxies;
  const proxies = trusted.length ? trustedProxies(trusted) : null;
  // Bun's own limit only guards memory; the route limits above answer 413 in the JSON error shape.
  let app = new Elysia({ serve: { maxRequestBodySize: SERVE_MAX_BODY } })
    .onRequest(({ request, server }) => {
      const state = beginRequest(request, server, proxies);
      // Behind a TLS-terminating proxy, anything that did not arrive over HTTPS is refused; only a
      // trusted proxy can say so (docs/operations.md#behind-a-proxy).
      if (tlsOff && proxies?.scheme(state.peer, request.headers.get('x-forwarded-proto')) !== 'https') {
        throw new ApiError('https_required', 'HTTPS is required');
      }
      state.path = checkTarget(request.url);
      // Under back-pressure the ingest routes are refused before authentication and body parsing: a refusal
      // that costs a full ingest's work takes the CPU the accepted writes need (measured with wrk, limit 256,
      // 1,024 connections: 2,000 events/s acknowledged that way against 13,900 at 256 connections; 4,300 so).
      if (writerSaturated() && request.method === 'POST' && INGEST_PATHS.has(state.path)) throw overloaded();
    })
    .onParse(async ({ request, contentType }) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const body = await parseBody(request, contentType ?? request.headers.get('content-type') ?? '');
      return body === undefined ? null : body;
    })
    .onError(({ code, error: raw, request, set }) => {
      const state = requestState(request);
      // Elysia wraps what a parser throws in its ParseError; our own rejections keep their shape.
      const cause = (raw as Error)?.cause;
      const error = code === 'PARSE' && (cause instanceof ApiError || cause instanceof PlainError) ? cause : raw;
      set.status =
        error instanceof ApiError || error instanceof PlainError
          ? error.status
          : code === 'VALIDATION'
            ? 422
            : code === 'PARSE'
              ? 400
              : code === 'NOT_FOUND'
                ? 404
                : 500;
      const rate = state.rateHeaders ?? {};
      if (answersProblems(request.url)) return problemOf(code, error, state.id, rate);
      if (error instanceof ApiError) return json(error.status, error.body(), { ...rate, ...error.headers });
      if (error instanceof PlainError) return plain(error.status, error.message, rate);
      if (code === 'VALIDATION') {
        const v = error as { type?: string; valueError?: { path?: string; message?: string } };
        return plain(
          422,
          `Unprocessable Entity: ${v.type ?? 'request'} ${v.valueError?.path ?? ''} ${v.valueError?.message ?? 'is invalid'}`.replace(
            /\s+/g,
            ' ',
          ),
          rate,
        );
      }
      if (code === 'PARSE') return plain(400, 'Bad Request: malformed body', rate);
      if (code === 'NOT_FOUND') return json(404, { error: 'not_found', message: 'No such route' });
      log('error', 'unhandled', { req_id: state.id, error: String((error as Error)?.stack ?? error).slice(0, 2000) });
      return json(500, { error: 'internal_error', message: 'Internal error', request_id: state.id });
    })
    .onAfterHandle(({ request, set }) => {
      const rate = requestState(request).rateHeaders;
      if (rate) Object.assign(set.headers, rate);
    })
    .onAfterResponse(({ request, set, route }) => {
      const s = requestState(request);
      const ms = performance.now() - s.start;
      recordRequest(request.method, route, typeof set.status === 'number' ? set.status : 200, ms / 1000);
      // Load balancers poll the health routes every second or so: at info they would drown the log.
      const level = route?.startsWith('/healthz') ? 'debug' : 'info';
      if (!logs(level)) return;
      log(level, 'request', {
        req_id: s.id,
        client_ip: s.ip,
        tenant_id: s.tenantId,
        method: request.method,
        route,
        status: set.status,
        ms: Math.round(ms * 100) / 100,
      });
    })
    .use(guards)
    .use(healthRoutes(node));
  for (const r of routes) app = app.use(r);
  // The document is generated from the finished app, so every mounted route is in it.
  const finished = app;
  return app.use(openApiRoutes(() => finished));
}
