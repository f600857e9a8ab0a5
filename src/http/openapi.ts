// Owns GET /openapi.json: an OpenAPI 3.1 document generated from the routes the app mounts: paths, path
// parameters and Elysia's schemas (@elysiajs/openapi), with what each route's `detail` says beside it
// (src/route-kit/doc.ts) and what its guards add (security and their errors, src/route-kit/guards.ts).
import { Elysia, type AnyElysia } from 'elysia';
import { toOpenAPISchema } from '@elysiajs/openapi';
import { ERRORS, isErrorCode } from '../errors';
import { doc } from '../route-kit/doc';
import * as shared from '../route-kit/schemas';
import * as admin from '../admin/model';
import * as ai from '../ai/model';
import * as audit from '../audit/model';
import * as documents from '../documents/model';
import * as exportsModel from '../exports/model';
import * as ledger from '../ledger/model';
import * as portal from '../portal/model';
import * as scitt from '../scitt/model';
import * as streams from '../streams/model';
import * as tenantKeys from '../tenants/model';
import * as tlog from '../tlog/model';
import * as traces from '../traces/model';
import { guards } from './guards';
import { addExamples, errorExamples, FRAMEWORK_EXAMPLES, problemExamples } from './openapi-examples';
import pkg from '../../package.json' with { type: 'json' };

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

const header = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
/**
 * On every answer of a rate-limited route once its budget is charged (docs/api.md, on /openapi.json): all but the
 * 401s, which come before the key or session is known.
 */
const RATE_HEADERS = {
  'X-RateLimit-Limit': header(
    "Requests per second of the budget charged (the key's plan, the client IP or the portal session)",
  ),
  'X-RateLimit-Remaining': header('Requests left in the current second'),
};
const RETRY_AFTER = { 'Retry-After': header('Seconds to wait before retrying') };

/** TypeBox schemas are JSON Schema plus symbol-keyed metadata, which a JSON round trip drops. */
const plain = (s: unknown): Json => JSON.parse(JSON.stringify(s));

/**
 * The resources a generated client names: every exported object (or union) schema of the area models, under its
 * export name. A schema the routes use inline is replaced by a $ref to components/schemas/<name> (first name wins).
 */
function resourceNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const mod of [
    shared,
    ledger,
    ai,
    documents,
    traces,
    audit,
    streams,
    portal,
    exportsModel,
    tlog,
    tenantKeys,
    admin,
    scitt,
  ]) {
    for (const [name, value] of Object.entries(mod)) {
      if (!/^[A-Z]/.test(name) || typeof value !== 'object' || value === null) continue;
      const schema = plain(value);
      if (schema.properties || (Array.isArray(schema.anyOf) && schema.anyOf.some((s: Json) => s.properties))) {
        const key = JSON.stringify(schema);
        if (!names.has(key)) names.set(key, name);
      }
    }
  }
  return names;
}

/** `node` with every named schema in it (at any depth, innermost first) moved to `components` and referenced. */
function hoist(node: unknown, names: Map<string, string>, components: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => hoist(n, names, components));
  if (typeof node !== 'object' || node === null) return node;
  const name = names.get(JSON.stringify(node));
  const copy = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, hoist(v, names, components)]));
  if (!name) return copy;
  components[name] ??= copy;
  return { $ref: `#/components/schemas/${name}` };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** The error bodies that carry fields beyond {error, message}: code -> schema name and its extra properties. */
const ERROR_BODIES: Record<string, { name: string; properties: Json; required?: string[] }> = {
  rate_limited: {
    name: 'RateLimitedError',
    required: ['retry_after'],
    properties: {
      retry_after: { type: 'integer', description: 'Seconds to wait (also in Retry-After)' },
      plan_tier: { type: 'string' },
      limit_per_sec: { type: 'number' },
      upgrade_url: { type: 'string' },
    },
  },
  quota_exceeded: {
    name: 'QuotaExceededError',
    properties: {
      resource: { type: 'string' },
      current_usage: { type: 'integer' },
      plan_limit: { type: 'integer' },
      plan_tier: { type: 'string' },
      upgrade_url: { type: 'string' },
    },
  },
  duplicate_event: {
    name: 'DuplicateEventError',
    required: ['event_id'],
    properties: { event_id: { type: 'string', description: 'The event the Idempotency-Key already created' } },
  },
  document_already_anchored: {
    name: 'DocumentAlreadyAnchoredError',
    required: ['event_id'],
    properties: {
      event_id: { type: 'string', description: 'The anchor that holds this document hash' },
      anchored_at: { type: 'string', format: 'date-time' },
    },
  },
  leaf_pending: {
    name: 'LeafPendingError',
    properties: { leaf_index: { type: 'integer' }, retry_after: { type: 'integer' } },
  },
  internal_error: {
    name: 'InternalError',
    required: ['request_id'],
    properties: { request_id: { type: 'string', description: 'Names the request in the appliance log' } },
  },
};
/** The named error schemas: the shape every error shares, the code list, and one per error with more fields. */
function errorSchemas(): Json {
  const out: Json = {
    ErrorCode: {
      type: 'string',
      enum: Object.keys(ERRORS),
      description: 'Every machine-readable code the API answers',
    },
    Error: {
      type: 'object',
      required: ['error', 'message'],
      properties: { error: ref('ErrorCode'), message: { type: 'string', description: 'Human-readable; never parse' } },
      additionalProperties: true,
    },
  };
  for (const [code, e] of Object.entries(ERROR_BODIES)) {
    out[e.name] = {
      allOf: [
        ref('Error'),
        {
          type: 'object',
          required: ['error', ...(e.required ?? [])],
          properties: { error: { type: 'string', const: code }, ...e.properties },
        },
      ],
    };
  }
  return out;
}

/** RFC 9290 concise problem details, as the routes that declare `problems` answer every error (docs/scitt.md). */
const PROBLEM_DETAILS = 'application/concise-problem-details+cbor';

/**
 * The error responses of `codes`, grouped by status, each with an example per code (`keyed`: behind an API key, whose
 * rate_limited names the plan): JSON, or with `problems` concise problem details; and the framework's plain-text
 * rejections of JSON bodies.
 */
function errorResponses(
  codes: Set<string>,
  hasBody: boolean,
  rateLimited: boolean,
  keyed: boolean,
  problems = false,
): Json {
  const byStatus = new Map<number, string[]>();
  for (const c of codes) {
    const s = isErrorCode(c) ? ERRORS[c].status : 400;
    byStatus.set(s, [...(byStatus.get(s) ?? []), c]);
  }
  const out: Json = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    // Retry-After: on 429 and 503, and on the 409 of a record its checkpoint does not cover yet.
    const retry = status === 429 || status === 503 || (status === 409 && list.includes('leaf_pending'));
    const headers = {
      ...(retry ? RETRY_AFTER : {}),
      ...(rateLimited && status !== 401 ? RATE_HEADERS : {}),
    };
    // Codes with a body of their own are referenced by name; the rest share Error, narrowed to their codes.
    const own = list.filter((c) => ERROR_BODIES[c]).map((c) => ref(ERROR_BODIES[c]!.name));
    const rest = list.filter((c) => !ERROR_BODIES[c]);
    const generic = {
      allOf: [
        ref('Error'),
        { type: 'object', required: ['error'], properties: { error: { type: 'string', enum: rest } } },
      ],
    };
    const variants = [...own, ...(rest.length ? [generic] : [])];
    out[status] = {
      description: list.join(', '),
      ...(Object.keys(headers).length ? { headers } : {}),
      content: problems
        ? {
            [PROBLEM_DETAILS]: {
              schema: {
                type: 'string',
                contentMediaType: PROBLEM_DETAILS,
                description: 'CBOR map {-1 (title): the error code, -2 (detail): human-readable}',
              },
              examples: problemExamples(list),
            },
          }
        : {
            'application/json': {
              schema: variants.length === 1 ? variants[0] : { oneOf: variants },
              examples: errorExamples(list, keyed),
            },
          },
    };
  }
  if (problems) return out;
  // Framework rejections (malformed JSON, wrong content type, failed schema, non-integer paging): plain text.
  const text = { 'text/plain': { schema: { type: 'string' } } };
  for (const [status, what] of [
    [400, 'malformed JSON or non-integer paging'],
    [415, 'body without Content-Type: application/json'],
    [422, 'body failing the route schema'],
  ] as const) {
    if (status !== 400 && !hasBody) continue;
    const examples = Object.fromEntries(
      Object.entries(FRAMEWORK_EXAMPLES[status]!).filter(([name]) => hasBody || name !== 'malformed_json'),
    );
    const media = { 'text/plain': { ...text['text/plain'], examples } };
    out[status] = out[status]
      ? { ...out[status], content: { ...out[status].content, ...media } }
      : {
          description: `Plain-text framework rejection: ${what}`,
          ...(rateLimited ? { headers: RATE_HEADERS } : {}),
          content: media,
        };
  }
  return out;
}

/** One operation: Elysia's (`generated`) completed with the route's merged `detail`. */
function complete(generated: Json, detail: Json): Json {
  const {
    'x-errors': errors = [],
    'x-problems': problems = false,
    'x-scopes': scopes,
    security = [],
    parameters: documented = [],
    requestBody,
    responses = {},
    ...rest
  } = detail;
  const params: Json[] = [...(generated.parameters ?? [])];
  for (const p of documented) {
    const i = params.findIndex((q) => q.name === p.name && q.in === p.in);
    if (i >= 0) params[i] = { ...params[i], ...p };
    else params.push(p);
  }
  // Bodies are JSON (or the text or COSE a route's detail names), whatever content types Elysia lists for a body schema.
  const json = generated.requestBody?.content?.['application/json'];
  const body = requestBody ?? (json ? { required: true, content: { 'application/json': json } } : undefined);
  const codes = new Set<string>([...errors, 'internal_error']);
  const rateLimited = codes.has('rate_limited');
  const ok: Json = {};
  for (const [status, r] of Object.entries(responses as Json))
    ok[status] = rateLimited ? { ...r, headers: { ...r.headers, ...RATE_HEADERS } } : r;
  const scopeNote = scopes ? ` Scope: ${scopes.join(' or ')}.` : '';
  return {
    operationId: generated.operationId,
    ...rest,
    description: `${rest.summary}.${rest.description ? ` ${rest.description}` : ''}${scopeNote}`,
    security,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...ok,
      ...errorResponses(
        codes,
        !!body,
        rateLimited,
        security.some((r: Json) => 'bearerAuth' in r),
        problems,
      ),
    },
  };
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The document for `app`: every route it answers, as its routes, schemas and guards describe it. */
export function openApiDocument(app: AnyElysia): Json {
  const generated = plain(toOpenAPISchema(app, { staticFile: false }, undefined, undefined, '3.1.2'));
  const details = new Map<string, Json>(
    app.routes.map((r) => [`${r.method.toLowerCase()} ${openApiPath(r.path)}`, plain(r.hooks?.detail ?? {})]),
  );
  const names = resourceNames();
  const schemas: Json = {};
  const paths: Json = {};
  for (const [path, item] of Object.entries(generated.paths as Json)) {
    const out: Json = {};
    for (const m of METHODS)
      if (item[m]) out[m] = hoist(complete(item[m], details.get(`${m} ${path}`) ?? {}), names, schemas);
    paths[path] = out;
  }
  const tags = new Set<string>();
  for (const item of Object.values(paths))
    for (const op of Object.values(item as Json)) for (const tag of op.tags ?? []) tags.add(tag);
  return addExamples({
    openapi: '3.1.0',
    info: {
      title: 'Proof ledger appliance API',
      version: pkg.version,
      description:
        'Hashes, signs (Ed25519) and stores business events, audit events, AI attestations and document hashes; every record can be proven later, offline, with the tenant public key. Errors are JSON {error, message, ...} with the codes listed per response, except the framework rejections, which are plain text.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    // Relative: the API is served from the origin that served this document (whatever name or proxy reached it).
    servers: [{ url: '/', description: 'This appliance' }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...(generated.components?.schemas ?? {}),
        ...Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
        ...errorSchemas(),
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: Authorization: Bearer svc_live_…' },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'API key in the X-API-Key header (alternative to the bearer form)',
        },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Platform operator token (svc admin-token create): Authorization: Bearer svc_op_…, /v1/operator/ only',
        },
        portalSession: {
          type: 'http',
          scheme: 'bearer',
          description: 'Viewer session token from POST /v1/audit/portal/exchange',
        },
      },
    },
  });
}

/** GET /openapi.json (no key, rate-limited like the other public routes); built once per process. */
export function openApiRoutes(app: () => AnyElysia) {
  let body: string | null = null;
  return new Elysia().use(guards).get(
    '/openapi.json',
    () => {
      body ??= JSON.stringify(openApiDocument(app()));
      return new Response(body, {
        headers: { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-cache' },
      });
    },
    {
      publicRate: true,
      detail: doc({ summary: 'This OpenAPI document', tag: 'service', ok: { 200: shared.Obj } }),
    },
  );
}
