// Owns GET /openapi.json: an OpenAPI 3.1 document generated from the app's routes (paths, path parameters and
// the routes' t schemas, by @elysiajs/openapi) completed with the contract of src/http/api-contract.ts.
import { Elysia, type AnyElysia } from 'elysia';
import { toOpenAPISchema } from '@elysiajs/openapi';
import { ERRORS, isErrorCode } from '../errors';
import { limitPublic } from './limits';
import { OPERATIONS, type Access, type Body, type Operation } from './api-contract';
import pkg from '../../package.json' with { type: 'json' };

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

const AUTH_ERRORS: Record<Access['kind'], string[]> = {
  key: ['missing_api_key', 'invalid_authorization_scheme', 'invalid_api_key_format', 'invalid_api_key', 'api_key_revoked', 'ip_not_allowed', 'insufficient_scope', 'rate_limited'],
  session: ['invalid_or_used_link', 'wrong_intent', 'rate_limited'],
  signed_url: ['invalid_or_used_link'],
  public: ['rate_limited'],
};
const SECURITY: Record<Access['kind'], Json[]> = {
  key: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
  session: [{ portalSession: [] }],
  signed_url: [],
  public: [],
};
const MEDIA: Record<Body, Json> = {
  html: { 'text/html': { schema: { type: 'string' } } },
  javascript: { 'text/javascript': { schema: { type: 'string' } } },
  css: { 'text/css': { schema: { type: 'string' } } },
  pdf: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
  bytes: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  download: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } },
  text: { 'text/plain': { schema: { type: 'string' } } },
};

/** TypeBox schemas are JSON Schema plus symbol-keyed metadata, which a JSON round trip drops. */
const plain = (s: unknown): Json => JSON.parse(JSON.stringify(s));

function errorResponses(op: Operation, hasBody: boolean): Json {
  const codes = new Set([...AUTH_ERRORS[op.access.kind], ...(op.errors ?? []), 'internal_error']);
  const byStatus = new Map<number, string[]>();
  for (const c of codes) {
    const s = isErrorCode(c) ? ERRORS[c].status : 400;
    byStatus.set(s, [...(byStatus.get(s) ?? []), c]);
  }
  const out: Json = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[status] = {
      description: list.join(', '),
      content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { error: { enum: list } } }] } } },
    };
  }
  // Framework rejections (malformed JSON, wrong content type, failed schema, non-integer paging): plain text.
  const text = { 'text/plain': { schema: { type: 'string' } } };
  for (const [status, what] of [[400, 'malformed JSON or non-integer paging'], [415, 'body without Content-Type: application/json'], [422, 'body failing the route schema']] as const) {
    if (status !== 400 && !hasBody) continue;
    out[status] = out[status] ? { ...out[status], content: { ...out[status].content, ...text } } : { description: `Plain-text framework rejection: ${what}`, content: text };
  }
  return out;
}

function complete(path: string, method: string, generated: Json): Json {
  const op = OPERATIONS[`${method.toUpperCase()} ${path}`];
  if (!op) return { ...generated, summary: generated.summary ?? `${method.toUpperCase()} ${path}`, responses: generated.responses ?? { default: { description: 'Not documented yet' } } };
  const params: Json[] = [...(generated.parameters ?? [])];
  const has = (name: string, where: string) => params.some((p) => p.name === name && p.in === where);
  for (const [name, schema] of Object.entries(op.query ?? {})) {
    const s = plain(schema);
    const required = !(schema as unknown as Record<symbol, unknown>)[Symbol.for('TypeBox.Optional')];
    const i = params.findIndex((p) => p.name === name && p.in === 'query');
    if (i >= 0) params[i] = { ...params[i], schema: s, required };
    else params.push({ name, in: 'query', required, schema: s });
  }
  for (const [name, h] of Object.entries(op.headers ?? {})) if (!has(name, 'header')) params.push({ name, in: 'header', required: !!h.required, description: h.description, schema: plain(h.schema) });
  const ok: Json = {};
  for (const [status, b] of Object.entries(op.ok)) {
    ok[status] = typeof b === 'string' ? { description: op.summary, content: MEDIA[b] } : { description: op.summary, content: { 'application/json': { schema: plain(b) } } };
  }
  const body = op.body ? { required: true, content: { 'application/json': { schema: plain(op.body) } } } : generated.requestBody && Object.keys(generated.requestBody.content ?? {}).length ? generated.requestBody : undefined;
  const scopes = op.access.kind === 'key' ? ` Scope: ${op.access.scopes.join(' or ')}.` : '';
  return {
    operationId: generated.operationId,
    summary: op.summary,
    description: `${op.summary}.${scopes}`,
    tags: [op.tag],
    security: SECURITY[op.access.kind],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...ok, ...errorResponses(op, !!op.body) },
  };
}

/** The document for `app`: every route it answers, completed with the contract. */
export function openApiDocument(app: AnyElysia): Json {
  const generated = toOpenAPISchema(app, { staticFile: false }, undefined, undefined, '3.1.2');
  const paths: Json = {};
  for (const [path, item] of Object.entries(generated.paths as Json)) {
    const out: Json = {};
    for (const m of METHODS) if (item[m]) out[m] = complete(path, m, item[m]);
    if (item.parameters) out.parameters = item.parameters;
    paths[path] = out;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Proof ledger appliance API',
      version: pkg.version,
      description: 'Hashes, signs (Ed25519) and stores business events, audit events, AI attestations and document hashes; every record can be proven later, offline, with the tenant public key. Errors are JSON {error, message, ...} with the codes listed per response, except the framework rejections, which are plain text.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: [...new Set(Object.values(OPERATIONS).map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...(generated.components?.schemas ?? {}),
        Error: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } }, additionalProperties: true },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: Authorization: Bearer svc_live_…' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key in the X-API-Key header (alternative to the bearer form)' },
        portalSession: { type: 'http', scheme: 'bearer', description: 'Viewer session token from POST /v1/audit/portal/exchange' },
      },
    },
  };
}

/** GET /openapi.json (no key, rate-limited like the other public routes); built once per process. */
export function openApiRoutes(app: () => AnyElysia) {
  let doc: string | null = null;
  return new Elysia().get('/openapi.json', ({ request }) => {
    limitPublic(request);
    doc ??= JSON.stringify(openApiDocument(app()));
    return new Response(doc, { headers: { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-cache' } });
  });
}
