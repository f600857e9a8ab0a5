// Owns the Elysia application: request ids, body parsing and limits, error rendering, request logs, routes.
import { Elysia } from 'elysia';
import { ApiError, PlainError } from '../errors';
import { config } from '../config';
import { log } from '../log';
import { beginRequest, requestState } from './context';

const MB = 1024 * 1024;
/** DECISIONS 0: 2 MB bodies everywhere, 8 MB on the document anchor route. */
export const BODY_LIMIT = 2 * MB;
export const ANCHOR_BODY_LIMIT = 8 * MB;
const limitFor = (url: string) => (url.includes('/v1/document/anchor') ? ANCHOR_BODY_LIMIT : BODY_LIMIT);

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Parses a JSON body once, keeping the raw text for hashes that follow the request text (event_hash). */
async function parseBody(request: Request, contentType: string): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const limit = limitFor(request.url);
  if (declared > limit) throw new ApiError('payload_too_large', `Request body over ${limit} bytes`, {}, 413);
  const text = await request.text();
  // UTF-16 length <= UTF-8 length <= 3 x UTF-16 length: count bytes only when it could matter (chunked bodies).
  if (text.length * 3 > limit && Buffer.byteLength(text) > limit) throw new ApiError('payload_too_large', `Request body over ${limit} bytes`, {}, 413);
  if (text.length === 0) return undefined;
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(contentType)) throw new PlainError(415, 'Unsupported Media Type: send Content-Type: application/json');
  requestState(request).rawBody = text;
  try {
    return JSON.parse(text);
  } catch {
    throw new PlainError(400, 'Bad Request: malformed JSON body');
  }
}

export function buildApp(routes: Elysia<any, any, any, any, any, any, any>[]) {
  const tlsOff = !config().tls;
  let app = new Elysia({ serve: { maxRequestBodySize: ANCHOR_BODY_LIMIT + MB } })
    .onRequest(({ request, server }) => {
      const fwd = tlsOff ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
      beginRequest(request, fwd || server?.requestIP(request)?.address || '');
      // DECISIONS 8: behind a TLS-terminating proxy, anything that did not arrive over HTTPS is refused.
      if (tlsOff && request.headers.get('x-forwarded-proto') !== 'https') {
        return json(403, { error: 'https_required', message: 'HTTPS is required' });
      }
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
      set.status = error instanceof ApiError || error instanceof PlainError ? error.status : code === 'VALIDATION' ? 422 : code === 'PARSE' ? 400 : code === 'NOT_FOUND' ? 404 : 500;
      const rate = state.rateHeaders ?? {};
      if (error instanceof ApiError) return json(error.status, error.body(), { ...rate, ...error.headers });
      if (error instanceof PlainError) return new Response(error.message, { status: error.status, headers: rate });
      if (code === 'VALIDATION') {
        const v = error as { type?: string; valueError?: { path?: string; message?: string } };
        return new Response(`Unprocessable Entity: ${v.type ?? 'request'} ${v.valueError?.path ?? ''} ${v.valueError?.message ?? 'is invalid'}`.replace(/\s+/g, ' '), { status: 422, headers: rate });
      }
      if (code === 'PARSE') return new Response('Bad Request: malformed body', { status: 400, headers: rate });
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
      log('info', 'request', {
        req_id: s.id, tenant_id: s.tenantId, method: request.method, route, status: set.status,
        ms: Math.round((performance.now() - s.start) * 100) / 100,
      });
    })
    .get('/healthz', () => ({ status: 'ok' }));
  for (const r of routes) app = app.use(r);
  return app;
}
